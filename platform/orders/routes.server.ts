import {
  orderConfirmSchema,
  orderConfirmValidators,
  orderQuoteSchema,
  orderQuoteValidators,
  orderRefundSchema,
  orderRefundValidators,
} from "@schemas/generated/form-kits.ts";
import type { OrderConfirmForm, OrderQuoteForm, OrderRefundForm } from "@schemas/generated/forms.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { OrderStatus, ProductRow } from "./queries.server.ts";
import { buyersOrder, cancel, claimCoupon, confirmPay, couponsFor, ORDER_STATUSES, price } from "./rules.server.ts";
import { applyNotice, signatureMatches, type PaymentNotice } from "./payment-rules.server.ts";
import { requestRefund } from "./refund-rules.server.ts";
import { expireOverdue, type OrderEngineContext } from "./states.server.ts";
import { couponView, orderView } from "./views.server.ts";

type UserHandler = (engine: OrderEngineContext, context: ApiContext, user: UserRow) => Envelope;

const quoteForm = (context: ApiContext) => validateBody<OrderQuoteForm>(context, formKit(orderQuoteSchema, orderQuoteValidators));

function centreCoupons({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  const rows = queries.centreCouponsWithClaims(db, user.id, context.now().toISOString());
  return ok({
    list: rows.map((row) => ({
      couponId: row.id,
      title: say(context, row.title, row.title_en),
      kind: row.kind,
      amountFen: row.amount_fen,
      percent: row.percent,
      thresholdFen: row.threshold_fen,
      scope: row.scope,
      validFrom: row.valid_from,
      validUntil: row.valid_until,
      remaining: row.remaining,
      claimed: row.claimed === 1,
    })),
  });
}

function myCoupons({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  const now = context.now();
  expireOverdue(db, now);
  const mine = queries.userCoupons(db, user.id).map((coupon) => couponView(context, coupon, null));
  const ended = (coupon: { validUntil: string }) => new Date(coupon.validUntil) < now;
  return ok({
    usable: mine.filter((coupon) => coupon.status !== "used" && !ended(coupon)),
    used: mine.filter((coupon) => coupon.status === "used"),
    expired: mine.filter((coupon) => coupon.status !== "used" && ended(coupon)),
  });
}

function addCoupon({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  const couponId = Number(context.params.couponId);
  if (!Number.isInteger(couponId) || couponId < 1) return fail(400, say(context, "请选择优惠券", "Please choose a coupon"));
  return claimCoupon(context, db, user.id, couponId);
}

function calculatePrice({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  const body = quoteForm(context);
  if (!body.ok) return body.envelope;
  const priced = price(context, db, user.id, body.value);
  if ("envelope" in priced) return priced.envelope;
  return ok({ ...priced.quote, coupon: priced.coupon ? couponView(context, priced.coupon, null) : null });
}

function couponList({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  const body = quoteForm(context);
  if (!body.ok) return body.envelope;
  const product = queries.productById(db, body.value.productId);
  if (!product) return fail(404, say(context, "商品不存在或已下架", "This item is not on sale"));
  return ok(couponsFor(context, db, user.id, product, body.value.quantity ?? 1));
}

/** What an order confirmation shows, in one answer: the item, the price for the quantity, the coupons that apply. */
function placeOrderInfo({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  const body = quoteForm(context);
  if (!body.ok) return body.envelope;
  const priced = price(context, db, user.id, { productId: body.value.productId, quantity: body.value.quantity });
  if ("envelope" in priced) return priced.envelope;
  const { product, quote: amounts } = priced;
  return ok({
    productId: product.id,
    itemId: product.item_id,
    kind: product.kind,
    title: say(context, product.title, product.title_en),
    cover: product.cover,
    stock: product.stock,
    ...amounts,
    coupons: couponsFor(context, db, user.id, product, amounts.quantity),
  });
}

function submitOrder(engine: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  const body = validateBody<OrderConfirmForm>(context, formKit(orderConfirmSchema, orderConfirmValidators));
  if (!body.ok) return body.envelope;
  return confirmPay(engine, context, user.id, body.value);
}

function payStatus({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  expireOverdue(db, context.now());
  const order = buyersOrder(context, db, user.id, context.params.orderNo);
  if ("code" in order) return order;
  const product = queries.productById(db, order.product_id) as ProductRow;
  return ok({
    orderNo: order.order_no,
    status: order.status,
    paymentStatus: queries.latestPaymentStatus(db, order.id),
    paidAt: order.paid_at,
    expiresAt: order.expires_at,
    kind: product.kind,
    itemId: product.item_id,
    refundedFen: queries.refundedFen(db, order.id),
  });
}

function orderList({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  expireOverdue(db, context.now());
  const pageNum = Math.max(1, Number(context.params.pageNum) || 1);
  const pageSize = Math.min(50, Math.max(1, Number(context.params.pageSize) || 10));
  const offset = (pageNum - 1) * pageSize;
  // One state or several ("cancelled,expired": the orders that ended unpaid), or "afterSales": refunds asked for or made.
  const asked = String(context.params.status ?? "");
  const statuses = asked.split(",").filter((status): status is OrderStatus => ORDER_STATUSES.includes(status as OrderStatus));
  const { rows, total } =
    asked === "afterSales" ? queries.afterSalesPage(db, user.id, pageSize, offset) : queries.ordersPage(db, user.id, statuses, pageSize, offset);
  return ok({ list: rows.map((row) => orderView(context, db, row)), total, pageNum, pageSize });
}

function orderDetails({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  expireOverdue(db, context.now());
  const order = buyersOrder(context, db, user.id, context.params.orderNo);
  if ("code" in order) return order;
  return ok({ ...orderView(context, db, order), events: queries.orderEvents(db, order.id), refunds: queries.orderRefunds(db, order.id) });
}

function cancelOrder({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  expireOverdue(db, context.now());
  return cancel(context, db, user.id, context.params.orderNo);
}

/** How many of the buyer's orders are in each state the personal centre shows (ADR 080). */
function statusCounts({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  expireOverdue(db, context.now());
  return ok(queries.orderCounts(db, user.id));
}

function refundRequest({ db }: OrderEngineContext, context: ApiContext, user: UserRow): Envelope {
  const body = validateBody<OrderRefundForm>(context, formKit(orderRefundSchema, orderRefundValidators));
  if (!body.ok) return body.envelope;
  expireOverdue(db, context.now());
  return requestRefund(context, db, user.id, body.value);
}

function readNotice(context: ApiContext): PaymentNotice | null {
  const { paymentNo, outcome, amountFen } = context.params;
  if (typeof paymentNo !== "string" || (outcome !== "succeeded" && outcome !== "declined") || !Number.isInteger(amountFen)) return null;
  return { paymentNo, outcome, amountFen: amountFen as number };
}

/** The payment provider's signed notice of an outcome (the simulator's locally). */
function paymentNotice(engine: OrderEngineContext, context: ApiContext): Envelope {
  const body = context.rawBody ?? "";
  if (!signatureMatches(engine.options.paymentSecret, body, context.headers.get("x-pay-signature") ?? "")) return fail(401, "signature does not match");
  const notice = readNotice(context);
  if (!notice) return fail(400, "malformed notification");
  const result = applyNotice(engine, notice, context.now());
  if (result === "unknown") return fail(404, "no such payment");
  if (result === "amount") return fail(400, "amount does not match the payment");
  return ok({ result });
}

/** The order engine's paths: coupons, quotes, submissions, the buyer's orders, and the provider's notices. */
export function orderRoutes(engine: OrderEngineContext, accounts: Accounts): RouteDefinition[] {
  const forUser = (handler: UserHandler) => accounts.withUser((context, user) => handler(engine, context, user));
  return [
    { method: "ANY", path: "/coupon/centerCouponList", handler: forUser(centreCoupons) },
    { method: "ANY", path: "/coupon/myCouponList", handler: forUser(myCoupons) },
    { method: "POST", path: "/coupon/addActivityCoupon", handler: forUser(addCoupon) },
    { method: "POST", path: "/order/caculatePrice", handler: forUser(calculatePrice) },
    { method: "POST", path: "/order/couponList", handler: forUser(couponList) },
    { method: "POST", path: "/assembly-goods/getPlaceOrderInfo", handler: forUser(placeOrderInfo) },
    { method: "POST", path: "/order/confirmPay", handler: forUser(submitOrder) },
    { method: "ANY", path: "/order/getPaystatus", handler: forUser(payStatus) },
    { method: "ANY", path: "/order/list", handler: forUser(orderList) },
    { method: "ANY", path: "/order/details", handler: forUser(orderDetails) },
    { method: "POST", path: "/order/cancel", handler: forUser(cancelOrder) },
    { method: "POST", path: "/order/refund", handler: forUser(refundRequest) },
    { method: "GET", path: "/order/statusCounts", handler: forUser(statusCounts) },
    { method: "POST", path: "/pay/notify", handler: (context) => paymentNotice(engine, context) },
  ];
}
