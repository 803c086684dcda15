import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../kernel/db.server.ts";
import { notify as writeNotice } from "../notices/index.server.ts";
import * as queries from "./queries.server.ts";
import type { OrderRow, PaymentRow, ProductRow } from "./queries.server.ts";
import { expireOverdue, release, transition, type OrderEngineContext } from "./states.server.ts";

/** The notification the payment provider (the simulator locally) signs with the shared secret. */
export interface PaymentNotice {
  paymentNo: string;
  outcome: "succeeded" | "declined";
  amountFen: number;
}

export function signNotice(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export function signatureMatches(secret: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signNotice(secret, body), "hex");
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Why money that reached the platform went back (ADR 040): its order had ended (cancelled or expired), another attempt
 * had paid the order, its buyer owned the course through another order, or an operator refunded the order.
 */
export type RefundReason = "orderEnded" | "orderPaid" | "courseOwned" | "operator";

/** What the payment simulator tells a developer about a refund. */
export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  orderEnded: "the order had been cancelled or had expired when the money arrived",
  orderPaid: "another payment attempt had paid the order already",
  courseOwned: "the buyer owned this course through another order",
  operator: "an operator refunded the order",
};

/** What a payment's outcome came to: declined by the provider, or money that was kept for its order or given back (ADR 040). */
type Settlement = "declined" | "kept" | "refunded";

/** What the provider's notice came to. */
export type NoticeResult = "applied" | "refunded" | "repeated" | "unknown" | "amount";

/**
 * Money that arrived goes back to the buyer: the payment is marked refunded and the ledger gets its row out. (The
 * provider's refund call belongs here in a deployment with a real cashier; the simulator needs none.)
 */
function giveBack(db: Db, payment: PaymentRow, reason: RefundReason, now: Date): void {
  queries.setPaymentStatus(db, payment.id, "refunded", now.toISOString());
  queries.recordMoney(db, payment.id, payment.order_id, "refunded", payment.amount_fen, reason, now.toISOString());
  const order = queries.orderById(db, payment.order_id);
  const yuan = (payment.amount_fen / 100).toFixed(2);
  writeNotice(
    db,
    order.user_id,
    {
      kind: "refund",
      title: `退款 ¥${yuan}`,
      titleEn: `Refund of ¥${yuan}`,
      body: `订单 ${order.order_no}`,
      bodyEn: `Order ${order.order_no}`,
      link: `/myOrderDetail?orderNo=${order.order_no}`,
    },
    now,
  );
}

/** Why money arriving for an order cannot be kept, or null when it pays the order. */
function whyMoneyGoesBack(db: Db, order: OrderRow, product: ProductRow): RefundReason | null {
  if (order.status === "paid" || order.status === "fulfilled") return "orderPaid";
  if (order.status !== "created") return "orderEnded";
  if (product.kind === "course" && queries.courseOwnerOrder(db, order.user_id, product.id)) return "courseOwned";
  return null;
}

/** A paid order gets what it bought: a course opens, a card is granted; either moves the order to fulfilled. */
function fulfil(engine: OrderEngineContext, order: OrderRow, product: ProductRow, now: Date): void {
  const { db, options } = engine;
  if (product.kind === "course") {
    queries.grantEntitlement(db, order.user_id, product.id, order.id, now.toISOString());
    transition(db, queries.orderById(db, order.id), "fulfilled", "course unlocked", now);
  }
  if (product.kind === "membership" || product.kind === "gift") {
    const reason = options.fulfilCard(order, product.id, now);
    if (reason) transition(db, queries.orderById(db, order.id), "fulfilled", reason, now);
  }
}

/**
 * The outcome of a payment, applied once. Money that arrives pays its order and grants what it bought, unless the
 * order can no longer take it (ended, paid by another attempt, a course owned already): then it goes back.
 */
export function settle(engine: OrderEngineContext, payment: PaymentRow, outcome: PaymentNotice["outcome"], now: Date): Settlement {
  const { db } = engine;
  if (outcome === "declined") {
    queries.setPaymentStatus(db, payment.id, "declined", now.toISOString());
    return "declined";
  }
  // The money arrived: the ledger's row in, whatever is decided about it next.
  queries.recordMoney(db, payment.id, payment.order_id, "received", payment.amount_fen, null, now.toISOString());
  const order = queries.orderById(db, payment.order_id);
  const product = queries.productById(db, order.product_id) as ProductRow;
  const refusal = whyMoneyGoesBack(db, order, product);
  if (refusal) {
    giveBack(db, payment, refusal, now);
    // An order for a course owned through another order (two could be open before ADR 040) can never be fulfilled.
    if (refusal === "courseOwned" && transition(db, order, "cancelled", "the buyer owns this course through another order", now)) release(db, order);
    return "refunded";
  }
  queries.setPaymentStatus(db, payment.id, "succeeded", now.toISOString());
  transition(db, order, "paid", `payment ${payment.payment_no}`, now);
  writeNotice(
    db,
    order.user_id,
    {
      kind: "order",
      title: `支付成功：${product.title}`,
      titleEn: `Paid: ${product.title_en || product.title}`,
      body: `订单 ${order.order_no}`,
      bodyEn: `Order ${order.order_no}`,
      link: `/myOrderDetail?orderNo=${order.order_no}`,
    },
    now,
  );
  if (order.user_coupon_id) queries.markCouponUsed(db, order.user_coupon_id);
  fulfil(engine, order, product, now);
  return "kept";
}

/** The provider's notice of a payment's outcome, applied once: a repeat, an unknown payment or a wrong amount changes nothing. */
export function applyNotice(engine: OrderEngineContext, notice: PaymentNotice, now: Date): NoticeResult {
  const { db } = engine;
  return db.transaction((): NoticeResult => {
    const payment = queries.paymentByNo(db, notice.paymentNo);
    if (!payment) return "unknown";
    if (payment.amount_fen !== notice.amountFen) return "amount";
    if (payment.status !== "pending") return "repeated";
    expireOverdue(db, now);
    return settle(engine, payment, notice.outcome, now) === "refunded" ? "refunded" : "applied";
  })();
}

/**
 * An operator's refund of a paid order: the money goes back (the payment is marked refunded), a course locks again
 * unless another paid order holds it (ADR 040), and the coupon stays spent, as payment providers and shops usually
 * treat a refunded order's discount. A buyer's request that waited is settled with it (ADR 080).
 */
export function refund(engine: OrderEngineContext, orderNo: string, now: Date): boolean {
  const { db, options } = engine;
  return db.transaction((): boolean => {
    const order = queries.orderByNo(db, orderNo);
    if (!order || (order.status !== "paid" && order.status !== "fulfilled")) return false;
    const product = queries.productById(db, order.product_id) as ProductRow;
    if ((product.kind === "membership" || product.kind === "gift") && !options.revokeCard(order, now)) return false;
    if (!transition(db, order, "refunded", "refunded by an operator", now)) return false;
    for (const payment of queries.succeededPayments(db, order.id)) giveBack(db, payment, "operator", now);
    queries.settleWaitingRefundRequest(db, order.id, now.toISOString());
    if (product.kind === "course") queries.handEntitlementOn(db, order, now.toISOString());
    return true;
  })();
}
