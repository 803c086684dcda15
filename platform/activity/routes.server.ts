import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "../kernel/router.server.ts";
import { listItems } from "../content/index.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import { firstVisitAdvert, INTEREST_ADDRESS, isDeviceId, type Promotions, TRACKING_PER_MINUTE } from "./rules.server.ts";

const deviceId = (context: ApiContext) => String(context.params.deviceId ?? "").slice(0, 64);

/** The first visit of a device gets the activity payload once; later visits get nothing. */
const firstVisit = (db: Db, promotions: Promotions, kind: string) => (context: ApiContext) => {
  const device = deviceId(context);
  if (!isDeviceId(device)) return fail(400, say(context, "缺少设备标识", "deviceId is required"));
  // While no promotion runs, the device keeps its first visit for the next one.
  if (!promotions.firstVisit) return ok(null);
  if (!queries.recordFirstVisit(db, device, kind, context.now().toISOString())) return ok(null);
  return ok(firstVisitAdvert(db, kind));
};

/** One tracking event of a device, at most TRACKING_PER_MINUTE a minute. */
const track = (db: Db) => (context: ApiContext) => {
  const eventType = String(context.params.eventType ?? "").slice(0, 40);
  if (!isDeviceId(deviceId(context)) || !eventType) return fail(400, say(context, "缺少参数", "deviceId and eventType are required"));
  if (!allow(db, `tracking:${deviceId(context)}`, TRACKING_PER_MINUTE, 60_000, context.now().getTime()))
    return fail(429, say(context, "操作过于频繁", "Too many requests"));
  queries.recordTrackingEvent(db, {
    deviceId: deviceId(context),
    channelId: Number(context.params.channelId ?? 4) || 4,
    eventType,
    dataCode: String(context.params.dataCode ?? "").slice(0, 64),
    at: context.now().toISOString(),
  });
  return ok();
};

/** First-visit adverts, tracking events, the adverts' list and whether a member has a delivery address. */
export function activityRoutes(db: Db, accounts: Accounts, promotions: Promotions = { firstVisit: true }): RouteDefinition[] {
  const addressBound = accounts.withUser((context, user) => {
    const interestId = Number(context.params.interestId ?? INTEREST_ADDRESS);
    const member = user.is_vip === 1 && interestId === INTEREST_ADDRESS;
    const failureTime = member ? new Date(context.now().getTime() + 365 * 86_400_000).toISOString() : null;
    return ok({ members: member, bindAddress: queries.hasAddress(db, user.id), failureTime });
  });
  return [
    { method: "POST", path: "/firstEven/checkFirstEvenAd", handler: firstVisit(db, promotions, "ad") },
    { method: "POST", path: "/firstEven/firstEvenCommon", handler: firstVisit(db, promotions, "common") },
    { method: "POST", path: "/buryingPoint/buryingPoint", handler: track(db) },
    { method: "GET", path: "/members/whetherBindAddress", handler: addressBound },
    { method: "ANY", path: "/advertising/list", handler: (context) => ok(listItems(db, { kinds: ["banner"], order: "sort", ...paging(context.params, 5) })) },
  ];
}
