import { randomBytes } from "node:crypto";
import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { CouponRow, LinkRow } from "./queries.server.ts";

/** What the coupon activities work with: the database and the accounts. */
export interface CouponActivitiesContext {
  db: Db;
  accounts: Accounts;
}

/** Friends a help link needs before its coupon is unlocked. */
const HELPERS_NEEDED = 3;

export const couponView = (context: ApiContext, coupon: CouponRow) => ({
  couponId: coupon.id,
  title: say(context, coupon.title, coupon.title_en),
  amountFen: coupon.amount_fen,
  thresholdFen: coupon.threshold_fen,
  scope: coupon.scope,
  validUntil: coupon.valid_until,
});

/** A help link as its owner or a friend sees it: who shares it, how many helped, whether the viewer did, its coupon. */
export function linkView(db: Db, context: ApiContext, link: LinkRow, viewerId: number | null) {
  return {
    code: link.code,
    ownerName: queries.nicknameOf(db, link.owner_id) ?? "",
    isOwner: viewerId === link.owner_id,
    helped: viewerId !== null && queries.hasHelped(db, link.id, viewerId),
    helpers: queries.helperCount(db, link.id),
    needed: link.needed,
    unlocked: link.unlocked_at !== null,
    coupon: couponView(context, queries.couponById(db, link.coupon_id)),
  };
}

/** The user's help link for the activity's coupon, made on first ask. */
export function ownLink(db: Db, context: ApiContext, userId: number, coupon: CouponRow): LinkRow {
  const at = context.now().toISOString();
  queries.ensureLink(db, { code: randomBytes(9).toString("base64url"), ownerId: userId, couponId: coupon.id, needed: HELPERS_NEEDED, at });
  return queries.linkOf(db, userId, coupon.id);
}

/**
 * A friend helps a link, once; when enough different friends have helped, the coupon is the owner's. One transaction,
 * so the last helps racing each other unlock it exactly once.
 */
export function help(db: Db, context: ApiContext, userId: number, code: string): Envelope {
  return db.transaction((): Envelope => {
    const link = queries.linkByCode(db, code);
    if (!link) return fail(404, say(context, "助力链接不存在", "No such help link"));
    if (link.owner_id === userId) return fail(400, say(context, "不能为自己助力", "You cannot help your own link"));
    if (link.unlocked_at) return fail(409, say(context, "该优惠券已解锁，无需再助力", "This coupon is already unlocked"));
    const at = context.now().toISOString();
    if (!queries.addHelp(db, link.id, userId, at)) return fail(409, say(context, "您已经助力过了", "You have helped this link already"));
    if (queries.helperCount(db, link.id) >= link.needed) {
      queries.unlockLink(db, link.id, at);
      queries.giveCoupon(db, link.coupon_id, link.owner_id, at);
    }
    return ok(linkView(db, context, queries.linkById(db, link.id), userId), say(context, "助力成功", "Thanks for helping"));
  })();
}

/** Whether the user may have the welcome coupon (never ordered, not yet received, still valid); with `receive`, gives it. */
export function newcomerGift(db: Db, context: ApiContext, userId: number, receive: boolean): Envelope {
  const coupon = queries.activityCoupon(db, "newcomer");
  if (!coupon) return ok({ available: false });
  const received = queries.holdsCoupon(db, coupon.id, userId);
  const available = !queries.hasOrdered(db, userId) && !received && context.now() < new Date(coupon.valid_until);
  if (!receive) return ok({ available, received, coupon: couponView(context, coupon) });
  if (!available) return fail(409, say(context, "新人礼仅限未下单的新用户领取一次", "The welcome gift is for new members, once"));
  queries.giveCoupon(db, coupon.id, userId, context.now().toISOString());
  return ok({ available: false, received: true, coupon: couponView(context, coupon) }, say(context, "领取成功", "Coupon added"));
}
