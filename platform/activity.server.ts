import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { listItems, paging } from "./content.server.ts";
import { allow } from "./kernel/rate-limits.server.ts";
import { say } from "./kernel/language.server.ts";

const INTEREST_ADDRESS = 8;

/** Operations switch promotions on and off; the developer tools do it for a local platform. */
export interface Promotions {
  firstVisit: boolean;
}

export function activityRoutes(db: Db, accounts: Accounts, promotions: Promotions = { firstVisit: true }): RouteDefinition[] {
  const iso = (context: ApiContext) => context.now().toISOString();
  const deviceId = (context: ApiContext) => String(context.params.deviceId ?? "").slice(0, 64);

  /** The first visit of a device gets the activity payload once; later visits get nothing. */
  const firstVisit = (kind: string) => (context: ApiContext) => {
    const device = deviceId(context);
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(device)) return fail(400, say(context, "缺少设备标识", "deviceId is required"));
    // While no promotion runs, the device keeps its first visit for the next one.
    if (!promotions.firstVisit) return ok(null);
    const inserted =
      db.prepare("INSERT OR IGNORE INTO first_visits (device_id, kind, created_at) VALUES (?, ?, ?)").run(device, kind, iso(context)).changes > 0;
    if (!inserted) return ok(null);
    // Each promotion has its own picture: the first banner for the first-visit advert, the second for the next.
    const advert = listItems(db, { kinds: ["banner"], pageNum: kind === "ad" ? 1 : 2, pageSize: 1 }).list[0];
    return ok({
      id: advert?.id ?? 0,
      h5Image: advert?.cover ?? "",
      jumpType: 2,
      url: "",
      moduleId: 0,
      specialType: kind,
      modulePathWeb: advert?.link ?? "/home",
      moduleQueryWeb: "",
      dataId: advert?.id ?? 0,
    });
  };

  return [
    { method: "POST", path: "/firstEven/checkFirstEvenAd", handler: firstVisit("ad") },
    { method: "POST", path: "/firstEven/firstEvenCommon", handler: firstVisit("common") },
    {
      method: "POST",
      path: "/buryingPoint/buryingPoint",
      handler: (context) => {
        const eventType = String(context.params.eventType ?? "").slice(0, 40);
        if (!/^[A-Za-z0-9_-]{8,64}$/.test(deviceId(context)) || !eventType) return fail(400, say(context, "缺少参数", "deviceId and eventType are required"));
        if (!allow(db, `tracking:${deviceId(context)}`, 120, 60_000, context.now().getTime()))
          return fail(429, say(context, "操作过于频繁", "Too many requests"));
        db.prepare("INSERT INTO tracking_events (device_id, channel_id, event_type, data_code, created_at) VALUES (?, ?, ?, ?, ?)").run(
          deviceId(context),
          Number(context.params.channelId ?? 4) || 4,
          eventType,
          String(context.params.dataCode ?? "").slice(0, 64),
          iso(context),
        );
        return ok();
      },
    },
    {
      method: "GET",
      path: "/members/whetherBindAddress",
      handler: accounts.withUser((context, user) => {
        const interestId = Number(context.params.interestId ?? INTEREST_ADDRESS);
        const member = user.is_vip === 1 && interestId === INTEREST_ADDRESS;
        const failureTime = member ? new Date(context.now().getTime() + 365 * 86_400_000).toISOString() : null;
        const bindAddress = Boolean(db.prepare("SELECT 1 FROM addresses WHERE user_id = ?").get(user.id));
        return ok({ members: member, bindAddress, failureTime });
      }),
    },
    { method: "ANY", path: "/advertising/list", handler: (context) => ok(listItems(db, { kinds: ["banner"], order: "sort", ...paging(context.params, 5) })) },
  ];
}
