import type { Db } from "../kernel/db.server.ts";

/** How many events a feed holds at most: what a calendar app shows, without growing for ever. */
export const FEED_MAX_EVENTS = 500;

export interface FeedRow {
  token: string;
  created_at: string;
}

export interface FeedItemRow {
  id: number;
  title: string;
  title_en: string;
  starts_at: string;
  ends_at: string | null;
  link: string;
}

export type SignedUpRow = FeedItemRow & { extra: string; row_label: string | null; number: number | null };

export const feedOf = (db: Db, userId: number) =>
  db.prepare("SELECT token, created_at FROM calendar_feeds WHERE user_id = ?").get(userId) as FeedRow | undefined;

export const feedOwner = (db: Db, token: string) => db.prepare("SELECT user_id FROM calendar_feeds WHERE token = ?").pluck().get(token) as number | undefined;

/** Gives a person a feed token, replacing the one they had. */
export const saveFeed = (db: Db, userId: number, feed: FeedRow) =>
  db
    .prepare(
      `INSERT INTO calendar_feeds (user_id, token, created_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
    )
    .run(userId, feed.token, feed.created_at);

export const livePlan = (db: Db, id: number) =>
  db.prepare("SELECT id, ends_at FROM items WHERE id = ? AND kind = 'live'").get(id) as { id: number; ends_at: string | null } | undefined;

export const hasReminder = (db: Db, userId: number, planId: number) =>
  db.prepare("SELECT 1 FROM live_reminders WHERE user_id = ? AND plan_id = ?").pluck().get(userId, planId) === 1;

export const addReminder = (db: Db, userId: number, planId: number, at: string) =>
  db.prepare("INSERT OR IGNORE INTO live_reminders (user_id, plan_id, created_at) VALUES (?, ?, ?)").run(userId, planId, at);

export const removeReminder = (db: Db, userId: number, planId: number) =>
  db.prepare("DELETE FROM live_reminders WHERE user_id = ? AND plan_id = ?").run(userId, planId);

/** The lives a person asked to be reminded of that had not ended by `since`, soonest first. */
export const remindedLives = (db: Db, userId: number, since: string) =>
  db
    .prepare(
      `SELECT i.id, i.title, i.title_en, i.starts_at, i.ends_at, i.link FROM live_reminders r JOIN items i ON i.id = r.plan_id
       WHERE r.user_id = ? AND i.kind = 'live' AND i.starts_at IS NOT NULL AND COALESCE(i.ends_at, i.starts_at) >= ?
       ORDER BY i.starts_at LIMIT ${FEED_MAX_EVENTS}`,
    )
    .all(userId, since) as FeedItemRow[];

/** The events a person signed up for that had not ended by `since`, with their seat when one was assigned. */
export const signedUpEvents = (db: Db, userId: number, since: string) =>
  db
    .prepare(
      `SELECT i.id, i.title, i.title_en, i.starts_at, i.ends_at, i.link, i.extra, s.row_label, s.number
       FROM special_enrollments e JOIN items i ON i.id = e.special_id
       LEFT JOIN seat_assignments a ON a.special_id = e.special_id AND a.user_id = e.user_id
       LEFT JOIN special_seats s ON s.id = a.seat_id
       WHERE e.user_id = ? AND i.starts_at IS NOT NULL AND COALESCE(i.ends_at, i.starts_at) >= ?
       ORDER BY i.starts_at LIMIT ${FEED_MAX_EVENTS}`,
    )
    .all(userId, since) as SignedUpRow[];
