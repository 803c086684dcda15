import type { ApiContext } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { latestRefundRequest, orderById, paymentById, productById, refundedFen, type CouponRow, type OrderRow, type ProductRow } from "./queries.server.ts";
import type { CouponProblem, DeliveryAddress } from "./states.server.ts";

/** A coupon as pages show it, with why it does not apply (null when it does). */
export const couponView = (context: ApiContext, coupon: CouponRow, problem: CouponProblem | null) => ({
  userCouponId: coupon.user_coupon_id,
  title: say(context, coupon.title, coupon.title_en),
  kind: coupon.kind,
  amountFen: coupon.amount_fen,
  percent: coupon.percent,
  thresholdFen: coupon.threshold_fen,
  scope: coupon.scope,
  validFrom: coupon.valid_from,
  validUntil: coupon.valid_until,
  status: coupon.status,
  problem,
});

export const couponProblemText = (context: ApiContext, problem: CouponProblem) =>
  ({
    notYours: say(context, "优惠券不存在", "No such coupon"),
    used: say(context, "优惠券已使用", "This coupon has been used"),
    notYet: say(context, "优惠券尚未到使用时间", "This coupon cannot be used yet"),
    expired: say(context, "优惠券已过期", "This coupon has expired"),
    scope: say(context, "该优惠券不适用于此商品", "This coupon does not apply to this item"),
    threshold: say(context, "未达到优惠券使用门槛", "The order does not reach this coupon's minimum"),
  })[problem];

export const orderView = (context: ApiContext, db: Db, order: OrderRow) => {
  const product = productById(db, order.product_id) as ProductRow;
  return {
    orderNo: order.order_no,
    status: order.status,
    productId: product.id,
    itemId: product.item_id,
    kind: product.kind,
    cover: product.cover,
    title: say(context, product.title, product.title_en),
    quantity: order.quantity,
    unitPriceFen: order.unit_price_fen,
    discountFen: order.discount_fen,
    totalFen: order.total_fen,
    createTime: order.created_at,
    expiresAt: order.expires_at,
    paidAt: order.paid_at,
    address: order.address ? (JSON.parse(order.address) as DeliveryAddress) : null,
    refundedFen: refundedFen(db, order.id),
    refundRequest: refundRequestView(db, order.id),
  };
};

/** The order's latest refund request as the buyer sees it (ADR 080), or null when none was made. */
function refundRequestView(db: Db, orderId: number) {
  const request = latestRefundRequest(db, orderId);
  if (!request) return null;
  return {
    status: request.status,
    reason: request.reason,
    note: request.note,
    amountFen: request.amount_fen,
    declineReason: request.decline_reason,
    createdAt: request.created_at,
    decidedAt: request.decided_at,
  };
}

/** The answer to a submission: the order and the payment attempt to pay it with. */
export function confirmationView(context: ApiContext, db: Db, orderId: number, paymentId: number) {
  const payment = paymentById(db, paymentId);
  return {
    ...orderView(context, db, orderById(db, orderId)),
    paymentNo: payment.payment_no,
    paymentStatus: payment.status,
    payUrl: `/dev/pay?paymentNo=${payment.payment_no}`,
  };
}
