import type { FeedEvent } from "@contracts/calendar-feed.ts";
import type { Db } from "../kernel/db.server.ts";
import { newToken } from "../kernel/secrets.server.ts";
import * as queries from "./queries.server.ts";
import type { FeedItemRow, FeedRow, SignedUpRow } from "./queries.server.ts";

/** How far back a feed reaches: what a calendar app shows as history. */
const FEED_HISTORY_DAYS = 400;

/** A feed token is exactly what newToken makes: anything else is refused before the database is asked. */
export const TOKEN_SHAPE = /^[A-Za-z0-9]{32}$/;

/** A new feed token for a person; the old one answers 404 from now on. */
export function issueFeed(db: Db, userId: number, at: string): FeedRow {
  const row = { token: newToken(), created_at: at };
  queries.saveFeed(db, userId, row);
  return row;
}

/** The person's feed token, made on the first call (one immediate transaction, so two first calls make one). */
export const feedFor = (db: Db, userId: number, at: string): FeedRow =>
  db.transaction(() => queries.feedOf(db, userId) ?? issueFeed(db, userId, at)).immediate();

const liveEvent = (row: FeedItemRow): FeedEvent => ({
  uid: `live-${row.id}`,
  kind: "live",
  id: row.id,
  title: row.title,
  titleEn: row.title_en,
  startTime: row.starts_at,
  endTime: row.ends_at,
  place: "",
  placeEn: "",
  link: row.link.replaceAll("{id}", String(row.id)),
  reason: "reminder",
  seat: null,
});

const signedUpEvent = (row: SignedUpRow): FeedEvent => {
  const extra = JSON.parse(row.extra) as { city?: string; cityEn?: string; venue?: string; venueEn?: string };
  return {
    uid: `event-${row.id}`,
    kind: "event",
    id: row.id,
    title: row.title,
    titleEn: row.title_en,
    startTime: row.starts_at,
    endTime: row.ends_at,
    place: [extra.venue, extra.city].filter(Boolean).join("，"),
    placeEn: [extra.venueEn, extra.cityEn].filter(Boolean).join(", "),
    link: row.link.replaceAll("{id}", String(row.id)),
    reason: "signedUp",
    seat: row.row_label === null ? null : `${row.row_label}-${row.number}`,
  };
};

/** The lives a person asked to be reminded of and the events they signed up for, and nobody else's, by start. */
export function eventsOf(db: Db, userId: number, now: Date): FeedEvent[] {
  const since = new Date(now.getTime() - FEED_HISTORY_DAYS * 86_400_000).toISOString();
  const lives = queries.remindedLives(db, userId, since).map(liveEvent);
  const events = queries.signedUpEvents(db, userId, since).map(signedUpEvent);
  return [...lives, ...events].sort((a, b) => a.startTime.localeCompare(b.startTime));
}
