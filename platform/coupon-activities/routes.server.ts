import type { UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { allowAll } from "../kernel/rate-limits.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import { type CouponActivitiesContext, couponView, help, linkView, newcomerGift, ownLink } from "./rules.server.ts";

const HELPS_PER_HOUR_PER_ADDRESS = 30;

type Handler = (activities: CouponActivitiesContext, context: ApiContext) => Envelope;
type UserHandler = (activities: CouponActivitiesContext, context: ApiContext, user: UserRow) => Envelope;

const viewerId = ({ accounts }: CouponActivitiesContext, context: ApiContext): number | null => {
  if (!context.token) return null;
  const who = accounts.current(context);
  return "user" in who ? who.user.id : null;
};

const wantsToReceive = (context: ApiContext) => context.params.receive === true || context.params.receive === "true";

/** An activity's coupon and whether the activity runs, for anyone (type: help or newcomer). */
const singleCouponData: Handler = ({ db }, context) => {
  const coupon = queries.activityCoupon(db, context.params.type === "newcomer" ? "newcomer" : "help");
  if (!coupon) return ok({ active: false, coupon: null });
  return ok({ active: context.now() < new Date(coupon.valid_until), coupon: couponView(context, coupon) });
};

/**
 * The welcome coupon: GET checks whether the user may have it; POST checks too, and with receive=true gives it, once,
 * to a user who has never ordered. Only a POST gives: a GET passes no Origin check, so a page on another site could
 * make a signed-in browser send one (ADR 042), and a GET naming receive is refused, not answered as a check.
 */
const checkNewcomerGift: UserHandler = ({ db }, context, user) => {
  if (wantsToReceive(context)) return fail(405, say(context, "请使用 POST 领取", "Receiving takes a POST"));
  return newcomerGift(db, context, user.id, false);
};

const receiveNewcomerGift: UserHandler = ({ db }, context, user) => newcomerGift(db, context, user.id, wantsToReceive(context));

/** The viewer's help link for the activity's coupon, made on first ask. */
const addGiveLink: UserHandler = ({ db }, context, user) => {
  const coupon = queries.activityCoupon(db, "help");
  if (!coupon) return fail(404, say(context, "活动已结束", "This activity has ended"));
  return ok(linkView(db, context, ownLink(db, context, user.id, coupon), user.id));
};

const getGiveLink: Handler = (activities, context) => {
  const link = queries.linkByCode(activities.db, String(context.params.code ?? ""));
  return link ? ok(linkView(activities.db, context, link, viewerId(activities, context))) : fail(404, say(context, "助力链接不存在", "No such help link"));
};

const myGiveLinks: UserHandler = ({ db }, context, user) => ok({ list: queries.linksOf(db, user.id).map((link) => linkView(db, context, link, user.id)) });

/** A friend's help, limited per network address so one person cannot unlock coupons with throwaway accounts at speed. */
const helpGiveLink: UserHandler = ({ db }, context, user) => {
  const limits = [{ bucket: `help-ip:${context.ip}`, max: HELPS_PER_HOUR_PER_ADDRESS }];
  if (!allowAll(db, limits, 3_600_000, context.now().getTime()))
    return fail(429, say(context, "操作过于频繁，请稍后再试", "Too many requests. Please try again later"));
  return help(db, context, user.id, String(context.params.code ?? ""));
};

/**
 * Coupons given by activities rather than the coupon centre: the newcomer's welcome coupon (/firstEven/firstEvenCoupon)
 * and help-to-unlock links (/activityGiveCoupon/*, /coupon/addActivityCouponFromGiveLink).
 */
export function couponActivityRoutes(activities: CouponActivitiesContext): RouteDefinition[] {
  const signedIn = (handler: UserHandler) => activities.accounts.withUser((context, user) => handler(activities, context, user));
  const open = (handler: Handler) => (context: ApiContext) => handler(activities, context);
  return [
    { method: "ANY", path: "/activity/singleCouponData", handler: open(singleCouponData) },
    { method: "GET", path: "/firstEven/firstEvenCoupon", handler: signedIn(checkNewcomerGift) },
    { method: "POST", path: "/firstEven/firstEvenCoupon", handler: signedIn(receiveNewcomerGift) },
    { method: "POST", path: "/activityGiveCoupon/addGiveLink", handler: signedIn(addGiveLink) },
    { method: "ANY", path: "/activityGiveCoupon/getGiveLink", handler: open(getGiveLink) },
    { method: "ANY", path: "/activityGiveCoupon/list", handler: signedIn(myGiveLinks) },
    { method: "POST", path: "/coupon/addActivityCouponFromGiveLink", handler: signedIn(helpGiveLink) },
  ];
}
