/** A datetime-local value ("2027-04-10T09:30") read as Beijing time: the instant, or null when it is not one. */
export function instantOfBeijing(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(`${value}:00+08:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** An instant as a datetime-local value in Beijing time (China keeps UTC+8 all year). */
export function beijingInputValue(instant: Date): string {
  return new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 16);
}
