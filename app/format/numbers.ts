/** Counts (spec §9) and countdowns. Dates and times: ./dates.ts. */
import type { Lang } from "@contracts/language";

/**
 * English counts of 10,000 or more: "11.4K", "1.2M", truncated like the Chinese ones, never rounded up. Worked out
 * rather than asked of `Intl.NumberFormat`'s compact notation, whose formatter takes ICU 15 ms of a phone's main thread
 * to build (60 ms at Lighthouse's 4× slowdown) for the same text.
 */
function compactEnglish(number: number): string {
  const thousands = Math.min(4, Math.floor(Math.log10(Math.abs(number)) / 3));
  const tenths = Math.trunc(number / (1000 ** thousands / 10));
  return `${tenths / 10}${" KMBT"[thousands]}`;
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
