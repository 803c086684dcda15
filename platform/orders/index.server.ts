import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import * as queries from "./queries.server.ts";
import { orderRoutes } from "./routes.server.ts";
import { expireNow } from "./rules.server.ts";
import { applyNotice, refund, type PaymentNotice, type RefundReason } from "./payment-rules.server.ts";
import { expireOverdue, type OrderEngineContext, type OrderEngineOptions } from "./states.server.ts";
import { decideRefund } from "./refund-rules.server.ts";

export { bestCoupon, couponDiscount, ORDER_STATUSES, ORDER_TTL_MS } from "./rules.server.ts";
export type { RefundDecision } from "./refund-rules.server.ts";
export { REFUND_REASON_TEXT, signNotice, type PaymentNotice, type RefundReason } from "./payment-rules.server.ts";
export type { DeliveryAddress, OrderEngineOptions } from "./states.server.ts";
export type { OrderRow, OrderStatus } from "./queries.server.ts";

/**
 * The order engine of ADR 018: prices, coupons, stock and state changes decided in single transactions, so
 * concurrent submissions can neither oversell, reuse a coupon, nor charge twice. What the rest of the platform and the
 * developer tools call; the paths are in routes.server.ts.
 */
export function createOrderEngine(db: Db, accounts: Accounts, options: OrderEngineOptions) {
  const engine: OrderEngineContext = { db, options };
  return {
    routes: orderRoutes(engine, accounts),
    expireOverdue: (now: Date) => expireOverdue(db, now),
    expireNow: (orderNo: string, now: Date) => expireNow(db, orderNo, now),
    refund: (orderNo: string, now: Date) => refund(engine, orderNo, now),
    /** Buyers' refund requests waiting for an operator (ADR 080), and the operator's decision on one. */
    waitingRefunds: () => queries.waitingRefundRequests(db),
    decideRefund: (requestId: number, decision: "approve" | "decline", reason: string, now: Date) => decideRefund(engine, requestId, decision, reason, now),
    notify: (notice: PaymentNotice, now: Date) => applyNotice(engine, notice, now),
    paymentByNo: (paymentNo: string) => queries.paymentByNo(db, paymentNo),
    /** Why a refunded payment's money went back, or null when it did not. */
    refundReasonOf: (paymentId: number) => (queries.refundReasonOfPayment(db, paymentId) as RefundReason | undefined) ?? null,
  };
}

export type OrderEngine = ReturnType<typeof createOrderEngine>;
