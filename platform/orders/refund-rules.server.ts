import type { OrderRefundForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { notify as writeNotice } from "../notices/index.server.ts";
import * as queries from "./queries.server.ts";
import { refund } from "./payment-rules.server.ts";
import { buyersOrder } from "./rules.server.ts";
import type { OrderEngineContext } from "./states.server.ts";
import { orderView } from "./views.server.ts";

/** What an operator's decision on a refund request came to; a late or repeated decision changes nothing. */
export type RefundDecision = "refunded" | "declined" | "decided" | "unknown" | "notRefundable";

/**
 * A buyer asks for a paid order's money back (ADR 080). One transaction: the order must be paid (or fulfilled), no
 * other request of it may wait, and the amount is what the buyer paid, in fen, as the server recorded it.
 */
export function requestRefund(context: ApiContext, db: Db, userId: number, form: OrderRefundForm): Envelope {
  return db.transaction((): Envelope => {
    const order = buyersOrder(context, db, userId, form.orderNo);
    if ("code" in order) return order;
    if (order.status !== "paid" && order.status !== "fulfilled")
      return fail(409, say(context, "该订单不能申请退款", "This order cannot be refunded"), { status: order.status });
    const opened = queries.insertRefundRequest(db, {
      orderId: order.id,
      userId,
      reason: form.reason,
      note: (form.note ?? "").trim(),
      amountFen: queries.keptFen(db, order.id),
      at: context.now().toISOString(),
    });
    if (!opened) return fail(409, say(context, "退款申请已提交，请等待处理", "A refund request for this order is waiting for a decision"));
    return ok(orderView(context, db, order), say(context, "退款申请已提交", "Refund requested"));
  })();
}

/** The buyer hears of a declined request in the message centre, with the operator's reason. */
function tellDeclined(db: Db, request: queries.RefundRequestRow, reason: string, now: Date): void {
  const order = queries.orderById(db, request.order_id);
  writeNotice(
    db,
    request.user_id,
    {
      kind: "refund",
      title: "退款申请未通过",
      titleEn: "Refund request declined",
      body: reason ? `订单 ${order.order_no}：${reason}` : `订单 ${order.order_no}`,
      bodyEn: reason ? `Order ${order.order_no}: ${reason}` : `Order ${order.order_no}`,
      link: `/myOrderDetail?orderNo=${order.order_no}`,
    },
    now,
  );
}

/**
 * An operator approves or declines a waiting request, once: approving refunds the order as an operator's refund does
 * (the money back, a course locked again, a card taken back; the coupon stays spent), declining leaves it paid.
 */
export function decideRefund(engine: OrderEngineContext, requestId: number, decision: "approve" | "decline", reason: string, now: Date): RefundDecision {
  const { db } = engine;
  return db.transaction((): RefundDecision => {
    const request = queries.refundRequestById(db, requestId);
    if (!request) return "unknown";
    if (request.status !== "requested") return "decided";
    if (decision === "decline") {
      queries.decideRefundRequest(db, request.id, "declined", reason, now.toISOString());
      tellDeclined(db, request, reason, now);
      return "declined";
    }
    const order = queries.orderById(db, request.order_id);
    if (!refund(engine, order.order_no, now)) return "notRefundable";
    return "refunded";
  })();
}
