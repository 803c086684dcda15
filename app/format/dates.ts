/**
 * Dates and times, always in Beijing time (UTC+8) whatever the viewer's device says, formatted by hand rather than
 * with Intl so the server's and the browser's ICU data can never disagree (hydration). Counts: ./numbers.ts.
 */
import type { Lang } from "@contracts/language";

const OFFSET_MS = 8 * 3_600_000;
const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS_EN = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const WEEKDAYS_ZH = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"];

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

function parts(value: unknown): Parts | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const time = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(time)) return null;
  const local = new Date(time + OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

const two = (value: number) => String(value).padStart(2, "0");

/** "09:30"; empty for anything that is not a date. */
export function formatTime(value: unknown): string {
  const p = parts(value);
  return p ? `${two(p.hour)}:${two(p.minute)}` : "";
}

/** The calendar day, for grouping: "2027-05-21". */
export function dayKey(value: unknown): string {
  const p = parts(value);
  return p ? `${p.year}-${two(p.month)}-${two(p.day)}` : "";
}

/** A moment: "2027年1月13日 18:00" / "13 Jan 2027, 18:00". */
export function formatMoment(value: unknown, lang: Lang): string {
  const p = parts(value);
  if (!p) return "";
  return lang === "en"
    ? `${p.day} ${MONTHS_EN[p.month - 1]} ${p.year}, ${two(p.hour)}:${two(p.minute)}`
    : `${p.year}年${p.month}月${p.day}日 ${two(p.hour)}:${two(p.minute)}`;
}

/** A day heading: "5月21日 周五" / "Fri 21 May". */
export function formatDay(value: unknown, lang: Lang): string {
  const p = parts(value);
  if (!p) return "";
  return lang === "en" ? `${WEEKDAYS_EN[p.weekday]} ${p.day} ${MONTHS_EN[p.month - 1]}` : `${p.month}月${p.day}日 ${WEEKDAYS_ZH[p.weekday]}`;
}

/**
 * A span of days, said once: "2027年5月21日—23日", "2027年5月30日—6月1日" / "21–23 May 2027", "30 May – 1 Jun 2027".
 * A span within one day gives the day and its hours: "2027年5月21日 14:00—17:45".
 */
export function formatDateRange(from: unknown, to: unknown, lang: Lang): string {
  const a = parts(from);
  if (!a) return "";
  const b = parts(to);
  const en = lang === "en";
  const day = (p: Parts, withYear: boolean) =>
    en ? `${p.day} ${MONTHS_EN[p.month - 1]}${withYear ? ` ${p.year}` : ""}` : `${withYear ? `${p.year}年` : ""}${p.month}月${p.day}日`;
  if (!b || (a.year === b.year && a.month === b.month && a.day === b.day)) {
    const hours = b ? `${two(a.hour)}:${two(a.minute)}${en ? "–" : "—"}${two(b.hour)}:${two(b.minute)}` : "";
    return `${day(a, true)}${hours ? ` ${hours}` : ""}`;
  }
  if (a.year !== b.year) return `${day(a, true)}${en ? " – " : "—"}${day(b, true)}`;
  if (a.month !== b.month) return en ? `${day(a, false)} – ${day(b, true)}` : `${day(a, true)}—${b.month}月${b.day}日`;
  return en ? `${a.day}–${b.day} ${MONTHS_EN[a.month - 1]} ${a.year}` : `${a.year}年${a.month}月${a.day}日—${b.day}日`;
}
