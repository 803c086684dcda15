/** Counts (spec §9) and countdowns. Dates and times: ./dates.ts. */
import type { Lang } from "@contracts/language";

/**
 * English compact units, largest first. Worked out rather than asked of `Intl.NumberFormat`'s compact notation, whose
 * formatter takes ICU 15 ms of a phone's main thread to build (60 ms at Lighthouse's 4× slowdown) for the same text.
 */
const ENGLISH_UNITS = [
  { size: 1e12, suffix: "T" },
  { size: 1e9, suffix: "B" },
  { size: 1e6, suffix: "M" },
  { size: 1e3, suffix: "K" },
] as const;

/** English counts of 10,000 or more: "11.4K", "1.2M", truncated like the Chinese ones, never rounded up. */
function compactEnglish(number: number): string {
  const unit = ENGLISH_UNITS.find(({ size }) => Math.abs(number) >= size) ?? ENGLISH_UNITS[3];
  const tenths = Math.trunc(number / (unit.size / 10));
  return `${tenths / 10}${unit.suffix}`;
}

/**
 * Numbers of 10,000 or more: in Chinese with the 万 suffix and two decimals (spec §9), in English in compact notation
 * ("w" is no English unit). Below 10,000 the number as it is.
 */
export function formatCount(value: number | string | null | undefined, lang: Lang): string {
  const number = typeof value === "string" ? Number(value) : (value ?? 0);
  if (!Number.isFinite(number)) return "0";
  if (Math.abs(number) < 10_000) return String(number);
  if (lang === "en") return compactEnglish(number);
  // Whole hundredths of 10,000 (i.e. hundreds), truncated: (n / 10_000) * 100 drifts in floating point (11500 → 114.999…).
  const tenThousands = Math.floor(number / 100) / 100;
  return `${tenThousands.toFixed(2)}万`;
}

/** An amount of money in integer fen, as every price and total of the platform, shown in yuan: 19900 → "¥199.00". */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? "-" : "";
  const whole = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  ended: boolean;
}

/** Days, hours and minutes left until a deadline; minutes round down, never negative. */
export function countdownParts(deadline: Date | number | string, now: Date | number): CountdownParts {
  const end = new Date(deadline).getTime();
  const remaining = end - new Date(now).getTime();
  if (!Number.isFinite(remaining) || remaining <= 0) return { days: 0, hours: 0, minutes: 0, ended: true };
  const totalMinutes = Math.floor(remaining / 60_000);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
    ended: false,
  };
}
