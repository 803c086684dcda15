/**
 * The seed's times, written in the data files relative to the seeding time so a fresh database always has open,
 * living and finished events: `<anchor>[±N(d|h)…][ HH:MM]`. Anchors: `today` (midnight in China Standard Time, UTC+8,
 * where every seeded event takes place), `hour` (the top of the seeding hour, so an event starting then is living
 * whenever the seed runs), `deadline` (the next 13 January 18:00 at least three days away) or a date `YYYY-MM-DD`
 * (its midnight). The offsets are added; ` HH:MM` then places the time at that wall-clock time of the day it fell on.
 * Examples: `today+3d 19:00`, `hour+14d+2h`, `deadline+128d 08:30`, `2023-08-03 09:00`.
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const CST = 8 * HOUR;

/** A wall-clock time in China Standard Time (UTC+8). */
function cst(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - CST);
}

/** Midnight (UTC+8) of the day `date` falls on, plus `days`. */
export function cstDay(date: Date, days = 0): Date {
  const local = new Date(date.getTime() + CST);
  return cst(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate() + days);
}

/** `day` (midnight UTC+8) at "HH:MM". */
export function clock(day: Date, time: string): Date {
  const [hour, minute] = time.split(":").map(Number);
  return new Date(day.getTime() + hour * HOUR + minute * 60_000);
}

/** The year (UTC+8) a time falls in. */
export const cstYear = (date: Date) => new Date(date.getTime() + CST).getUTCFullYear();

/** The next 13 January 18:00 (UTC+8) at least three days away: the deadline of the spec's conference example. */
export function nextJanuaryDeadline(now: Date): Date {
  const candidate = cst(cstYear(now), 1, 13, 18);
  return candidate.getTime() - now.getTime() >= 3 * DAY ? candidate : cst(cstYear(now) + 1, 1, 13, 18);
}

const SPEC = /^(today|hour|deadline|\d{4}-\d{2}-\d{2})((?:[+-]\d+(?:\.\d+)?[dh])*)(?: (\d{2}:\d{2}))?$/;

function anchor(name: string, now: Date): Date {
  if (name === "today") return cstDay(now);
  if (name === "hour") return new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  if (name === "deadline") return nextJanuaryDeadline(now);
  const [year, month, day] = name.split("-").map(Number);
  return cst(year, month, day);
}

/** The instant a seed time names, seeded at `now`; a time the data file misspells stops the seed. */
export function seedTime(spec: string, now: Date): Date {
  const match = SPEC.exec(spec);
  if (!match) throw new Error(`Not a seed time: "${spec}"`);
  const [, from, offsets, at] = match;
  const shift = [...offsets.matchAll(/([+-]\d+(?:\.\d+)?)([dh])/g)].reduce((sum, [, amount, unit]) => sum + Number(amount) * (unit === "d" ? DAY : HOUR), 0);
  const time = new Date(anchor(from, now).getTime() + shift);
  return at ? clock(cstDay(time), at) : time;
}
