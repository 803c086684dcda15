import { randomInt } from "node:crypto";
import type { OrderConfirmForm, OrderQuoteForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say, translate } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { CouponRow, OrderRow, OrderStatus, ProductRow } from "./queries.server.ts";
import { confirmationView, couponProblemText, couponView, orderView } from "./views.server.ts";
import { settle } from "./payment-rules.server.ts";
import { expireOverdue, release, transition, type CouponProblem, type OrderEngineContext } from "./states.server.ts";

/** An unpaid order holds its stock and coupon this long, then expires and gives them back (ADR 018). */
export const ORDER_TTL_MS = 15 * 60_000;

export const ORDER_STATUSES: readonly OrderStatus[] = ["created", "paid", "fulfilled", "cancelled", "expired", "refunded"];

/** The price of an order as the server computes it: never a figure from the browser. */
export interface Quote {
  unitPriceFen: number;
  quantity: number;
  subtotalFen: number;
  discountFen: number;
  totalFen: number;
}

/** What a coupon takes off a subtotal: an amount (never below zero), or a percentage with the buyer getting the odd fen. */
export function couponDiscount(coupon: Pick<CouponRow, "kind" | "amount_fen" | "percent">, subtotalFen: number): number {
  if (coupon.kind === "amount") return Math.min(coupon.amount_fen, subtotalFen);
  return subtotalFen - Math.floor((subtotalFen * coupon.percent) / 100);
}

export function couponProblem(coupon: CouponRow, product: ProductRow, subtotalFen: number, now: Date): CouponProblem | null {
  if (coupon.status !== "usable") return "used";
  if (now < new Date(coupon.valid_from)) return "notYet";
  if (now > new Date(coupon.valid_until)) return "expired";
  if (coupon.scope !== "all" && coupon.scope !== product.kind) return "scope";
  if (subtotalFen < coupon.threshold_fen) return "threshold";
  return null;
}

/** Order and payment numbers: the date, then random digits (unguessable enough not to enumerate someone's orders). */
export function serialNumber(now: Date): string {
  return `${now.toISOString().slice(0, 10).replaceAll("-", "")}${randomInt(10 ** 9, 10 ** 10 - 1)}${randomInt(10 ** 5, 10 ** 6 - 1)}`;
}

/** The buyer's own order by its number; anyone else's is "no such order", as one that does not exist. */
export function buyersOrder(context: ApiContext, db: Db, userId: number, orderNo: unknown): OrderRow | Envelope {
  const order = queries.orderByNo(db, String(orderNo ?? ""));
  return order && order.user_id === userId ? order : fail(404, say(context, "订单不存在", "No such order"));
}

function quote(product: ProductRow, quantity: number, coupon: CouponRow | null): Quote {
  const subtotalFen = product.price_fen * quantity;
  const discountFen = coupon ? couponDiscount(coupon, subtotalFen) : 0;
  return { unitPriceFen: product.price_fen, quantity, subtotalFen, discountFen, totalFen: subtotalFen - discountFen };
}

/**
 * The buyer's usable coupons for an item and quantity, split into those that apply (with what they take off) and the
 * rest, with the one that saves most.
 */
export function couponsFor(context: ApiContext, db: Db, userId: number, product: ProductRow, quantity: number) {
  const subtotal = product.price_fen * quantity;
  const list = queries
    .userCoupons(db, userId)
    .filter((coupon) => coupon.status === "usable")
    .map((coupon) => {
      const problem = couponProblem(coupon, product, subtotal, context.now());
      return { ...couponView(context, coupon, problem), discountFen: problem ? 0 : couponDiscount(coupon, subtotal) };
    });
  const usable = list.filter((coupon) => !coupon.problem);
  return { usable, unusable: list.filter((coupon) => coupon.problem), bestUserCouponId: bestCoupon(usable)?.userCouponId ?? null };
}

/** The coupon checkout preselects: the largest saving, and of equal savings the one that expires first (ADR 080). */
export function bestCoupon<C extends { discountFen: number; validUntil: string }>(usable: C[]): C | null {
  const saving = usable.filter((coupon) => coupon.discountFen > 0);
  const better = (a: C, b: C) => b.discountFen - a.discountFen || Date.parse(a.validUntil) - Date.parse(b.validUntil);
  return saving.toSorted(better)[0] ?? null;
}

export type Priced = { product: ProductRow; coupon: CouponRow | null; quote: Quote } | { envelope: Envelope };

/** The server's price of an item, quantity and coupon, or why it cannot be bought so. */
export function price(context: ApiContext, db: Db, userId: number, form: Pick<OrderQuoteForm, "productId" | "quantity" | "userCouponId">): Priced {
  const product = queries.productById(db, form.productId);
  if (!product?.on_sale) return { envelope: fail(404, say(context, "商品不存在或已下架", "This item is not on sale")) };
  const quantity = form.quantity ?? 1;
  if (product.kind !== "goods" && quantity !== 1) return { envelope: fail(400, say(context, "每次只能购买一份", "This is bought one at a time")) };
  let coupon: CouponRow | null = null;
  if (form.userCouponId) {
    coupon = queries.userCoupon(db, form.userCouponId, userId) ?? null;
    const problem = coupon ? couponProblem(coupon, product, product.price_fen * quantity, context.now()) : "notYours";
    if (problem) return { envelope: fail(400, couponProblemText(context, problem), { problem }) };
  }
  return { product, coupon, quote: quote(product, quantity, coupon) };
}

/** A submission: the same key again gets the same answer; a new order, or a new attempt to pay an unpaid one. */
export function confirmPay(engine: OrderEngineContext, context: ApiContext, userId: number, form: OrderConfirmForm): Envelope {
  const { db } = engine;
  expireOverdue(db, context.now());
  // What the submission asked for; a repeat of its key with other contents is a client error, not the same request.
  const fingerprint = JSON.stringify([form.orderNo ?? null, form.productId ?? null, form.quantity ?? 1, form.userCouponId ?? null]);
  const earlier = queries.orderRequest(db, userId, form.idempotencyKey);
  if (earlier) {
    if (earlier.fingerprint !== fingerprint) return fail(409, say(context, "该提交编号已用于其他订单", "This submission key was used for another order"));
    return ok(confirmationView(context, db, earlier.order_id, earlier.payment_id));
  }
  const submission = { userId, key: form.idempotencyKey, fingerprint };
  return form.orderNo ? payAgain(engine, context, submission, form.orderNo) : placeOrder(engine, context, submission, form);
}

/** Who submitted, under which key, and what the submission asked for. */
interface Submission {
  userId: number;
  key: string;
  fingerprint: string;
}

/**
 * A course is bought once (ADR 040): a submission for a course its buyer owns is refused with the order that owns
 * it, and one for a course with an open unpaid order gets that order (its pending attempt, or a new one after a
 * decline) under the new key. Null when the buyer has neither, and a new order may be placed.
 */
function existingCourseOrder(engine: OrderEngineContext, context: ApiContext, submission: Submission, product: ProductRow): Envelope | null {
  const { db } = engine;
  const owner = queries.courseOwnerOrder(db, submission.userId, product.id);
  if (owner) return fail(409, say(context, "您已购买该课程", "You have bought this course already"), { orderNo: owner.order_no, status: owner.status });
  const open = queries.openOrderFor(db, submission.userId, product.id);
  if (!open) return null;
  const pendingId = queries.pendingPaymentId(db, open.id);
  if (pendingId === undefined) return openPayment(engine, context, submission, open);
  queries.insertOrderRequest(db, submission.userId, submission.key, submission.fingerprint, open.id, pendingId);
  return ok(confirmationView(context, db, open.id, pendingId));
}

/** Spec §5: a course is bought only with the agreement accepted, as an event is signed up to. */
function agreementMissing(context: ApiContext): Envelope {
  return fail(400, translate(context, "spec:signUp.errors.agreeRequired"), { fields: { agree: "spec:signUp.errors.agreeRequired" } });
}

/** A new order in one transaction: stock taken, coupon locked, first payment attempt opened. */
function placeOrder(engine: OrderEngineContext, context: ApiContext, submission: Submission, form: OrderConfirmForm): Envelope {
  const { db, options } = engine;
  return db.transaction((): Envelope => {
    // Before the price: a coupon the open order holds would otherwise refuse the submission instead of answering it.
    const wanted = queries.productById(db, form.productId!);
    if (wanted?.kind === "course" && form.agree !== true) return agreementMissing(context);
    const existing = wanted?.kind === "course" ? existingCourseOrder(engine, context, submission, wanted) : null;
    if (existing) return existing;
    const priced = price(context, db, submission.userId, { productId: form.productId!, quantity: form.quantity, userCouponId: form.userCouponId });
    if ("envelope" in priced) return priced.envelope;
    const { product, coupon, quote: amounts } = priced;
    const address = form.addressId ? options.addressOf(submission.userId, form.addressId) : null;
    if (product.kind === "goods" && !address)
      return fail(400, say(context, "请先选择收货地址", "Please choose a delivery address first"), { fields: { addressId: "order:confirm.needAddress" } });
    if (product.stock !== null && !queries.takeStock(db, product.id, amounts.quantity)) return fail(409, say(context, "库存不足", "Sold out"));
    const now = context.now();
    const orderId = queries.insertOrder(db, {
      orderNo: serialNumber(now),
      userId: submission.userId,
      productId: product.id,
      quantity: amounts.quantity,
      unitPriceFen: amounts.unitPriceFen,
      discountFen: amounts.discountFen,
      totalFen: amounts.totalFen,
      userCouponId: coupon?.user_coupon_id ?? null,
      source: context.headers.get("source") ?? "4",
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ORDER_TTL_MS).toISOString(),
      address: address ? JSON.stringify(address) : null,
    });
    const order = queries.orderById(db, orderId);
    const placed = product.kind === "course" ? "placed by the buyer, who accepted the agreement" : "placed by the buyer";
    queries.recordOrderEvent(db, order.id, null, "created", placed, now.toISOString());
    if (coupon) queries.lockCoupon(db, coupon.user_coupon_id, order.id);
    return openPayment(engine, context, submission, order);
  })();
}

/** A payment attempt for an unpaid order, remembered under the submission's key; a free order is paid at once. */
function openPayment(engine: OrderEngineContext, context: ApiContext, submission: Submission, order: OrderRow): Envelope {
  const { db } = engine;
  const now = context.now();
  const paymentId = queries.insertPayment(db, serialNumber(now), order.id, order.total_fen, now.toISOString());
  queries.insertOrderRequest(db, submission.userId, submission.key, submission.fingerprint, order.id, paymentId);
  if (order.total_fen === 0) settle(engine, queries.paymentById(db, paymentId), "succeeded", now);
  return ok(confirmationView(context, db, order.id, paymentId));
}

/**
 * A new attempt for an unpaid order. Earlier attempts stay pending, since the buyer may have paid one of them after
 * all: the first success pays the order and any later one goes back (ADR 040).
 */
function payAgain(engine: OrderEngineContext, context: ApiContext, submission: Submission, orderNo: string): Envelope {
  const { db } = engine;
  return db.transaction((): Envelope => {
    const order = buyersOrder(context, db, submission.userId, orderNo);
    if ("code" in order) return order;
    if (order.status !== "created") return fail(409, say(context, "订单已不能支付", "This order can no longer be paid"), { status: order.status });
    const owner = queries.courseOwnerOrder(db, submission.userId, order.product_id);
    if (owner) return fail(409, say(context, "您已购买该课程", "You have bought this course already"), { orderNo: owner.order_no, status: owner.status });
    return openPayment(engine, context, submission, order);
  })();
}

/** The buyer cancels an unpaid order: its stock and coupon go back. */
export function cancel(context: ApiContext, db: Db, userId: number, orderNo: unknown): Envelope {
  return db.transaction((): Envelope => {
    const order = buyersOrder(context, db, userId, orderNo);
    if ("code" in order) return order;
    if (order.status !== "created" || !transition(db, order, "cancelled", "cancelled by the buyer", context.now()))
      return fail(409, say(context, "订单已不能取消", "This order can no longer be cancelled"), { status: order.status });
    // Its payment attempts stay pending: money the buyer sends anyway goes back when its notice comes (ADR 040).
    release(db, order);
    return ok(orderView(context, db, queries.orderById(db, order.id)), say(context, "订单已取消", "Order cancelled"));
  })();
}

/** The coupon centre: each coupon once per user, while any are left; the last one goes to exactly one claimant. */
export function claimCoupon(context: ApiContext, db: Db, userId: number, couponId: number): Envelope {
  return db.transaction((): Envelope => {
    const coupon = queries.centreCoupon(db, couponId);
    if (!coupon || context.now() > new Date(coupon.valid_until)) return fail(404, say(context, "优惠券不存在或已过期", "No such coupon, or it has expired"));
    if (queries.hasCoupon(db, couponId, userId)) return fail(409, say(context, "您已领取过该优惠券", "You have this coupon already"));
    if (!queries.takeCentreCoupon(db, couponId)) return fail(409, say(context, "优惠券已领完", "All of these coupons have been taken"));
    const userCouponId = queries.insertUserCoupon(db, couponId, userId, context.now().toISOString());
    return ok({ userCouponId }, say(context, "领取成功", "Coupon added"));
  })();
}

/** A developer's shortcut (the payment simulator's "let it expire"): the order's 15 minutes are up now. */
export function expireNow(db: Db, orderNo: string, now: Date): boolean {
  const moved = queries.shortenExpiry(db, orderNo, now.toISOString());
  if (moved) expireOverdue(db, now);
  return moved;
}
