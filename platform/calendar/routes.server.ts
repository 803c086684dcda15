import type { Accounts, UserRow } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { FeedRow } from "./queries.server.ts";
import { eventsOf, feedFor, issueFeed, TOKEN_SHAPE } from "./rules.server.ts";

/** What the calendar paths work with: the database and the accounts. */
export interface CalendarContext {
  db: Db;
  accounts: Accounts;
}

type UserHandler = (db: Db, context: ApiContext, user: UserRow) => Envelope;

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const feedAnswer = (row: FeedRow, message?: string): Envelope => ok({ feedToken: row.token, createdAt: row.created_at }, message);

const planOf = (db: Db, context: ApiContext): { id: number; endsAt: string | null } | { envelope: Envelope } => {
  const id = positiveId(context.params.planId);
  if (!id) return { envelope: fail(400, say(context, "planId 必须是正整数", "planId must be a positive integer")) };
  const row = queries.livePlan(db, id);
  return row ? { id: row.id, endsAt: row.ends_at } : { envelope: fail(404, say(context, "直播不存在", "No such live")) };
};

const feedToken: UserHandler = (db, _context, user) => {
  const row = queries.feedOf(db, user.id);
  return row ? feedAnswer(row) : ok({ feedToken: null, createdAt: null });
};

const resetFeedToken: UserHandler = (db, context, user) =>
  feedAnswer(
    issueFeed(db, user.id, context.now().toISOString()),
    say(context, "已生成新的订阅地址，旧地址已失效", "A new address is ready; the old one no longer works"),
  );

/** No session: the token is the credential. */
const feed = (db: Db, context: ApiContext): Envelope => {
  const token = typeof context.params.token === "string" ? context.params.token : "";
  const owner = TOKEN_SHAPE.test(token) ? queries.feedOwner(db, token) : undefined;
  if (owner === undefined) return fail(404, say(context, "订阅地址无效或已重置", "This calendar address is unknown or was reset"));
  return ok({ events: eventsOf(db, owner, context.now()) });
};

const reminder: UserHandler = (db, context, user) => {
  const plan = planOf(db, context);
  if ("envelope" in plan) return plan.envelope;
  return ok({ planId: plan.id, remind: queries.hasReminder(db, user.id, plan.id) });
};

/** Asks (or stops asking) to be reminded of a live that has not ended. */
const setReminder: UserHandler = (db, context, user) => {
  const plan = planOf(db, context);
  if ("envelope" in plan) return plan.envelope;
  const remind = context.params.remind === true || context.params.remind === "true";
  if (remind && plan.endsAt && Date.parse(plan.endsAt) <= context.now().getTime())
    return fail(403, say(context, "直播已结束，无需提醒", "This live has ended; there is nothing to remind you of"));
  if (remind) queries.addReminder(db, user.id, plan.id, context.now().toISOString());
  else queries.removeReminder(db, user.id, plan.id);
  const message = remind
    ? say(context, "已加入提醒，开播前会出现在你的日历订阅中", "Reminder on: it is in your calendar feed")
    : say(context, "已取消提醒", "Reminder off");
  return ok({ planId: plan.id, remind }, message);
};

/**
 * Private calendar feeds and live reminders (ADR 045, migration 025); the contract is in README.md. The feed token's
 * field is not called "token": our server takes a `data.token` of any answer as a new session.
 */
export function calendarRoutes({ db, accounts }: CalendarContext): RouteDefinition[] {
  const signedIn = (handler: UserHandler) => accounts.withUser((context, user) => handler(db, context, user));
  return [
    { method: "GET", path: "/calendar/feedToken", handler: signedIn(feedToken) },
    { method: "POST", path: "/calendar/feedToken", handler: signedIn((_db, context, user) => feedAnswer(feedFor(db, user.id, context.now().toISOString()))) },
    { method: "POST", path: "/calendar/resetFeedToken", handler: signedIn(resetFeedToken) },
    { method: "GET", path: "/calendar/feed", handler: (context) => feed(db, context) },
    { method: "GET", path: "/calendar/liveReminder", handler: signedIn(reminder) },
    { method: "POST", path: "/calendar/liveReminder", handler: signedIn(setReminder) },
  ];
}
