const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The calendar day in Asia/Shanghai (UTC+8 all year, no daylight saving): daily limits and sign-ins count by it. */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day before a Shanghai calendar day ("2026-03-01" → "2026-02-28"). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
