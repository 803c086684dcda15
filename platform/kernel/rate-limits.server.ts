import type { Db } from "./db.server.ts";

/** A sliding-window limit kept in the database, so it holds across restarts. */
export function allow(db: Db, bucket: string, max: number, windowMs: number, now: number): boolean {
  const since = now - windowMs;
  const used = db.prepare("SELECT COUNT(*) FROM rate_events WHERE bucket = ? AND at > ?").pluck().get(bucket, since) as number;
  if (used >= max) return false;
  db.prepare("INSERT INTO rate_events (bucket, at) VALUES (?, ?)").run(bucket, now);
  return true;
}

/**
 * Several limits on one costly action (per user and per address): it is allowed only when every bucket has room,
 * and then counted in all of them, so a refusal by one never uses up another.
 */
export function allowAll(db: Db, limits: { bucket: string; max: number }[], windowMs: number, now: number): boolean {
  const since = now - windowMs;
  const used = db.prepare("SELECT COUNT(*) FROM rate_events WHERE bucket = ? AND at > ?").pluck();
  if (limits.some(({ bucket, max }) => (used.get(bucket, since) as number) >= max)) return false;
  const record = db.prepare("INSERT INTO rate_events (bucket, at) VALUES (?, ?)");
  for (const { bucket } of limits) record.run(bucket, now);
  return true;
}

export function pruneRateEvents(db: Db, now: number): void {
  db.prepare("DELETE FROM rate_events WHERE at < ?").run(now - 86_400_000);
}
