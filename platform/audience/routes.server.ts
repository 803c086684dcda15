import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { AUDIENCE_API, INVITE_CODE } from "@contracts/audience.ts";
import { livePlanExists } from "../live/rules.server.ts";
import * as queries from "./queries.server.ts";
import { inviteCode, joinAudience, PEOPLE_SHOWN, personOf } from "./rules.server.ts";

function planOf(db: Db, context: ApiContext): number | Envelope {
  const planId = Number(context.params.planId);
  if (!Number.isSafeInteger(planId) || planId <= 0) return fail(400, say(context, "planId 必须是正整数", "planId must be a positive integer"));
  if (!livePlanExists(db, planId)) return fail(404, say(context, "直播不存在", "No such live"));
  return planId;
}

function myInvite(db: Db, context: ApiContext, user: UserRow): Envelope {
  const planId = planOf(db, context);
  if (typeof planId !== "number") return planId;
  return ok({ planId, code: inviteCode(db, planId, user.id, context.now()), invitedCount: queries.invitedCount(db, planId, user.id) });
}

function join(db: Db, context: ApiContext, user: UserRow): Envelope {
  const planId = planOf(db, context);
  if (typeof planId !== "number") return planId;
  const invite = typeof context.params.invite === "string" && INVITE_CODE.test(context.params.invite) ? context.params.invite : null;
  return ok({ planId, ...joinAudience(db, planId, user.id, invite, context.now()), total: queries.audienceCount(db, planId) });
}

function audience(db: Db, context: ApiContext): Envelope {
  const planId = planOf(db, context);
  if (typeof planId !== "number") return planId;
  return ok({ planId, total: queries.audienceCount(db, planId), list: queries.latestAudience(db, planId, PEOPLE_SHOWN).map(personOf) });
}

function invited(db: Db, context: ApiContext, user: UserRow): Envelope {
  const planId = planOf(db, context);
  if (typeof planId !== "number") return planId;
  return ok({
    planId,
    total: queries.invitedCount(db, planId, user.id),
    list: queries.invitedPeople(db, planId, user.id, PEOPLE_SHOWN).map(personOf),
  });
}

/** A live room's audience and invitations (ADR 081). */
export function audienceRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const signedIn = (handle: (db: Db, context: ApiContext, user: UserRow) => Envelope) => accounts.withUser((context, user) => handle(db, context, user));
  return [
    // POST only: the first call makes the person's code for the room, and no GET may write (get-writes-nothing test).
    { method: "POST", path: AUDIENCE_API.myInvite, handler: signedIn(myInvite) },
    { method: "POST", path: AUDIENCE_API.join, handler: signedIn(join) },
    { method: "ANY", path: AUDIENCE_API.list, handler: (context) => audience(db, context) },
    { method: "ANY", path: AUDIENCE_API.invited, handler: signedIn(invited) },
  ];
}
