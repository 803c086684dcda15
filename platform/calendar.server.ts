import type { FeedEvent } from "@contracts/calendar-feed.ts";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { newToken } from "./kernel/secrets.server.ts";
import { say } from "./kernel/language.server.ts";

/**
 * Private calendar feeds and live reminders (ADR 045, migration 025). The contract, all under the API's mount point:
 *
 * - `GET  /calendar/feedToken` (signed in): `{ feedToken: string | null, createdAt }`: the person's feed token, null
 *   before they asked for one. A GET never makes one (no GET writes). The field is not called "token": our server
 *   takes a `data.token` of any answer as a new session (server/session-cookie.server.ts).
 * - `POST /calendar/feedToken` (signed in): `{ feedToken, createdAt }`: the token, made on the first call.
 * - `POST /calendar/resetFeedToken` (signed in): `{ feedToken, createdAt }`: a new token; the old one answers 404 from
 *   now on.
 * - `GET  /calendar/feed?token=` (no session: the token is the credential): `{ events: FeedEvent[] }`: the lives the
 *   token's owner asked to be reminded of and the events (conferences, live specials) they signed up for, and nobody
 *   else's; 404 for a token that is not (or no longer) a feed's.
 * - `GET  /calendar/liveReminder?planId=` (signed in): `{ planId, remind }`.
 * - `POST /calendar/liveReminder {planId, remind}` (signed in): `{ planId, remind }`: asks (or stops asking) to be
 *   reminded of a live that has not ended.
 */

interface FeedRow {
  token: string;
  created_at: string;
}

/** A feed token is exactly what newToken makes: anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9]{32}$/;

/** How far back a feed reaches: what a calendar app shows as history, without growing for ever. */
const FEED_HISTORY_DAYS = 400;
const FEED_MAX_EVENTS = 500;

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function calendarRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const feedOf = db.prepare("SELECT token, created_at FROM calendar_feeds WHERE user_id = ?");
  const ownerOf = db.prepare("SELECT user_id FROM calendar_feeds WHERE token = ?").pluck();
  const planById = db.prepare("SELECT id, ends_at FROM items WHERE id = ? AND kind = 'live'");
  const reminderOf = db.prepare("SELECT 1 FROM live_reminders WHERE user_id = ? AND plan_id = ?").pluck();

  const remindedLives = db.prepare(
    `SELECT i.id, i.title, i.title_en, i.starts_at, i.ends_at, i.link FROM live_reminders r JOIN items i ON i.id = r.plan_id
     WHERE r.user_id = ? AND i.kind = 'live' AND i.starts_at IS NOT NULL AND COALESCE(i.ends_at, i.starts_at) >= ?
     ORDER BY i.starts_at LIMIT ${FEED_MAX_EVENTS}`,
  );
  const signedUpEvents = db.prepare(
    `SELECT i.id, i.title, i.title_en, i.starts_at, i.ends_at, i.link, i.extra, s.row_label, s.number
     FROM special_enrollments e JOIN items i ON i.id = e.special_id
     LEFT JOIN seat_assignments a ON a.special_id = e.special_id AND a.user_id = e.user_id
     LEFT JOIN special_seats s ON s.id = a.seat_id
     WHERE e.user_id = ? AND i.starts_at IS NOT NULL AND COALESCE(i.ends_at, i.starts_at) >= ?
     ORDER BY i.starts_at LIMIT ${FEED_MAX_EVENTS}`,
  );

  const feedAnswer = (row: FeedRow, message?: string): Envelope => ok({ feedToken: row.token, createdAt: row.created_at }, message);

  const issue = (userId: number, at: string): FeedRow => {
    const row = { token: newToken(), created_at: at };
    db.prepare(
      `INSERT INTO calendar_feeds (user_id, token, created_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
    ).run(userId, row.token, row.created_at);
    return row;
  };

  const eventsOf = (userId: number, now: Date): FeedEvent[] => {
    const since = new Date(now.getTime() - FEED_HISTORY_DAYS * 86_400_000).toISOString();
    type Row = { id: number; title: string; title_en: string; starts_at: string; ends_at: string | null; link: string };
    const lives = (remindedLives.all(userId, since) as Row[]).map(
      (row): FeedEvent => ({
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
      }),
    );
    const events = (signedUpEvents.all(userId, since) as (Row & { extra: string; row_label: string | null; number: number | null })[]).map((row): FeedEvent => {
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
    });
    return [...lives, ...events].sort((a, b) => a.startTime.localeCompare(b.startTime));
  };

  const planOf = (context: ApiContext): { id: number; endsAt: string | null } | { envelope: Envelope } => {
    const id = positiveId(context.params.planId);
    if (!id) return { envelope: fail(400, say(context, "planId 必须是正整数", "planId must be a positive integer")) };
    const row = planById.get(id) as { id: number; ends_at: string | null } | undefined;
    return row ? { id: row.id, endsAt: row.ends_at } : { envelope: fail(404, say(context, "直播不存在", "No such live")) };
  };

  return [
    {
      method: "GET",
      path: "/calendar/feedToken",
      handler: accounts.withUser((_context, user) => {
        const row = feedOf.get(user.id) as FeedRow | undefined;
        return row ? feedAnswer(row) : ok({ feedToken: null, createdAt: null });
      }),
    },
    {
      method: "POST",
      path: "/calendar/feedToken",
      handler: accounts.withUser((context, user) =>
        feedAnswer(db.transaction(() => (feedOf.get(user.id) as FeedRow | undefined) ?? issue(user.id, context.now().toISOString())).immediate()),
      ),
    },
    {
      method: "POST",
      path: "/calendar/resetFeedToken",
      handler: accounts.withUser((context, user) => {
        const row = issue(user.id, context.now().toISOString());
        return feedAnswer(row, say(context, "已生成新的订阅地址，旧地址已失效", "A new address is ready; the old one no longer works"));
      }),
    },
    {
      method: "GET",
      path: "/calendar/feed",
      handler: (context) => {
        const token = typeof context.params.token === "string" ? context.params.token : "";
        const owner = TOKEN_SHAPE.test(token) ? (ownerOf.get(token) as number | undefined) : undefined;
        if (owner === undefined) return fail(404, say(context, "订阅地址无效或已重置", "This calendar address is unknown or was reset"));
        return ok({ events: eventsOf(owner, context.now()) });
      },
    },
    {
      method: "GET",
      path: "/calendar/liveReminder",
      handler: accounts.withUser((context, user) => {
        const plan = planOf(context);
        if ("envelope" in plan) return plan.envelope;
        return ok({ planId: plan.id, remind: reminderOf.get(user.id, plan.id) === 1 });
      }),
    },
    {
      method: "POST",
      path: "/calendar/liveReminder",
      handler: accounts.withUser((context, user) => {
        const plan = planOf(context);
        if ("envelope" in plan) return plan.envelope;
        const remind = context.params.remind === true || context.params.remind === "true";
        if (remind) {
          if (plan.endsAt && Date.parse(plan.endsAt) <= context.now().getTime())
            return fail(403, say(context, "直播已结束，无需提醒", "This live has ended; there is nothing to remind you of"));
          db.prepare("INSERT OR IGNORE INTO live_reminders (user_id, plan_id, created_at) VALUES (?, ?, ?)").run(user.id, plan.id, context.now().toISOString());
        } else {
          db.prepare("DELETE FROM live_reminders WHERE user_id = ? AND plan_id = ?").run(user.id, plan.id);
        }
        return ok(
          { planId: plan.id, remind },
          remind
            ? say(context, "已加入提醒，开播前会出现在你的日历订阅中", "Reminder on: it is in your calendar feed")
            : say(context, "已取消提醒", "Reminder off"),
        );
      }),
    },
  ];
}
