import { randomBytes } from "node:crypto";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { allowAll } from "./kernel/rate-limits.server.ts";
import { say } from "./kernel/language.server.ts";

/** Friends a help link needs before its coupon is unlocked. */
export const HELPERS_NEEDED = 3;
const HELPS_PER_HOUR_PER_ADDRESS = 30;

interface LinkRow {
  id: number;
  code: string;
  owner_id: number;
  coupon_id: number;
  needed: number;
  unlocked_at: string | null;
}

/**
 * Coupons given by activities rather than the coupon centre: the newcomer's welcome coupon (/firstEven/firstEvenCoupon,
 * which checks, and gives on a POST with receive), and help-to-unlock links (/activityGiveCoupon/*): a user shares a link, and when
 * enough different friends help, the coupon is theirs — decided in one transaction, so the last helps racing each
 * other unlock it exactly once.
 */
export function couponActivityRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const couponOf = (channel: "help" | "newcomer") =>
    db.prepare("SELECT * FROM coupons WHERE channel = ? ORDER BY id LIMIT 1").get(channel) as
      | { id: number; title: string; title_en: string; amount_fen: number; threshold_fen: number; scope: string; valid_until: string }
      | undefined;
  const give = (couponId: number, userId: number, at: string) =>
    db.prepare("INSERT OR IGNORE INTO user_coupons (coupon_id, user_id, obtained_at) VALUES (?, ?, ?)").run(couponId, userId, at).changes === 1;
  const couponView = (context: ApiContext, coupon: NonNullable<ReturnType<typeof couponOf>>) => ({
    couponId: coupon.id,
    title: say(context, coupon.title, coupon.title_en),
    amountFen: coupon.amount_fen,
    thresholdFen: coupon.threshold_fen,
    scope: coupon.scope,
    validUntil: coupon.valid_until,
  });

  const linkView = (context: ApiContext, link: LinkRow, viewerId: number | null) => {
    const coupon = db.prepare("SELECT * FROM coupons WHERE id = ?").get(link.coupon_id) as NonNullable<ReturnType<typeof couponOf>>;
    const owner = db.prepare("SELECT nickname FROM users WHERE id = ?").pluck().get(link.owner_id) as string | null;
    return {
      code: link.code,
      ownerName: owner ?? "",
      isOwner: viewerId === link.owner_id,
      helped: viewerId !== null && Boolean(db.prepare("SELECT 1 FROM give_helps WHERE link_id = ? AND helper_id = ?").get(link.id, viewerId)),
      helpers: db.prepare("SELECT COUNT(*) FROM give_helps WHERE link_id = ?").pluck().get(link.id) as number,
      needed: link.needed,
      unlocked: link.unlocked_at !== null,
      coupon: couponView(context, coupon),
    };
  };

  const help = db.transaction((context: ApiContext, userId: number, code: string): Envelope => {
    const link = db.prepare("SELECT * FROM give_links WHERE code = ?").get(code) as LinkRow | undefined;
    if (!link) return fail(404, say(context, "助力链接不存在", "No such help link"));
    if (link.owner_id === userId) return fail(400, say(context, "不能为自己助力", "You cannot help your own link"));
    if (link.unlocked_at) return fail(409, say(context, "该优惠券已解锁，无需再助力", "This coupon is already unlocked"));
    const at = context.now().toISOString();
    if (db.prepare("INSERT OR IGNORE INTO give_helps (link_id, helper_id, created_at) VALUES (?, ?, ?)").run(link.id, userId, at).changes !== 1)
      return fail(409, say(context, "您已经助力过了", "You have helped this link already"));
    const helpers = db.prepare("SELECT COUNT(*) FROM give_helps WHERE link_id = ?").pluck().get(link.id) as number;
    if (helpers >= link.needed) {
      db.prepare("UPDATE give_links SET unlocked_at = ? WHERE id = ? AND unlocked_at IS NULL").run(at, link.id);
      give(link.coupon_id, link.owner_id, at);
    }
    return ok(
      linkView(context, db.prepare("SELECT * FROM give_links WHERE id = ?").get(link.id) as LinkRow, userId),
      say(context, "助力成功", "Thanks for helping"),
    );
  });

  const wantsToReceive = (context: ApiContext) => context.params.receive === true || context.params.receive === "true";

  /** Whether the user may have the welcome coupon; with `receive`, gives it. */
  const newcomerGift = (context: ApiContext, userId: number, receive: boolean): Envelope => {
    const coupon = couponOf("newcomer");
    if (!coupon) return ok({ available: false });
    const newcomer = !db.prepare("SELECT 1 FROM orders WHERE user_id = ?").get(userId);
    const received = Boolean(db.prepare("SELECT 1 FROM user_coupons WHERE coupon_id = ? AND user_id = ?").get(coupon.id, userId));
    const available = newcomer && !received && context.now() < new Date(coupon.valid_until);
    if (!receive) return ok({ available, received, coupon: couponView(context, coupon) });
    if (!available) return fail(409, say(context, "新人礼仅限未下单的新用户领取一次", "The welcome gift is for new members, once"));
    give(coupon.id, userId, context.now().toISOString());
    return ok({ available: false, received: true, coupon: couponView(context, coupon) }, say(context, "领取成功", "Coupon added"));
  };

  const viewerId = (context: ApiContext): number | null => {
    if (!context.token) return null;
    const who = accounts.current(context);
    return "user" in who ? who.user.id : null;
  };

  return [
    {
      method: "ANY",
      path: "/activity/singleCouponData",
      // An activity's coupon and whether the activity runs, for anyone (type: help or newcomer).
      handler: (context) => {
        const type = context.params.type === "newcomer" ? "newcomer" : "help";
        const coupon = couponOf(type);
        if (!coupon) return ok({ active: false, coupon: null });
        return ok({ active: context.now() < new Date(coupon.valid_until), coupon: couponView(context, coupon) });
      },
    },
    // The welcome coupon: GET checks whether the user may have it; POST checks too, and with receive=true gives it, once,
    // to a user who has never ordered. Only a POST gives: a GET passes no Origin check, so a page on another site could
    // make a signed-in browser send one (ADR 042), and a GET naming receive is refused, not answered as a check.
    {
      method: "GET",
      path: "/firstEven/firstEvenCoupon",
      handler: accounts.withUser((context, user) => {
        if (wantsToReceive(context)) return fail(405, say(context, "请使用 POST 领取", "Receiving takes a POST"));
        return newcomerGift(context, user.id, false);
      }),
    },
    {
      method: "POST",
      path: "/firstEven/firstEvenCoupon",
      handler: accounts.withUser((context, user) => newcomerGift(context, user.id, wantsToReceive(context))),
    },
    {
      method: "POST",
      path: "/activityGiveCoupon/addGiveLink",
      // The viewer's help link for the activity's coupon, made on first ask.
      handler: accounts.withUser((context, user) => {
        const coupon = couponOf("help");
        if (!coupon) return fail(404, say(context, "活动已结束", "This activity has ended"));
        db.prepare("INSERT OR IGNORE INTO give_links (code, owner_id, coupon_id, needed, created_at) VALUES (?, ?, ?, ?, ?)").run(
          randomBytes(9).toString("base64url"),
          user.id,
          coupon.id,
          HELPERS_NEEDED,
          context.now().toISOString(),
        );
        const link = db.prepare("SELECT * FROM give_links WHERE owner_id = ? AND coupon_id = ?").get(user.id, coupon.id) as LinkRow;
        return ok(linkView(context, link, user.id));
      }),
    },
    {
      method: "ANY",
      path: "/activityGiveCoupon/getGiveLink",
      handler: (context) => {
        const link = db.prepare("SELECT * FROM give_links WHERE code = ?").get(String(context.params.code ?? "")) as LinkRow | undefined;
        return link ? ok(linkView(context, link, viewerId(context))) : fail(404, say(context, "助力链接不存在", "No such help link"));
      },
    },
    {
      method: "ANY",
      path: "/activityGiveCoupon/list",
      handler: accounts.withUser((context, user) => {
        const links = db.prepare("SELECT * FROM give_links WHERE owner_id = ? ORDER BY id DESC").all(user.id) as LinkRow[];
        return ok({ list: links.map((link) => linkView(context, link, user.id)) });
      }),
    },
    {
      method: "POST",
      path: "/coupon/addActivityCouponFromGiveLink",
      handler: accounts.withUser((context, user) => {
        const limits = [{ bucket: `help-ip:${context.ip}`, max: HELPS_PER_HOUR_PER_ADDRESS }];
        if (!allowAll(db, limits, 3_600_000, context.now().getTime()))
          return fail(429, say(context, "操作过于频繁，请稍后再试", "Too many requests. Please try again later"));
        return help(context, user.id, String(context.params.code ?? ""));
      }),
    },
  ];
}
