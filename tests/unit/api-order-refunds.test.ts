/**
 * Refund requests and after-sales (ADR 080) through the embedded platform's own calls: a buyer asks once per waiting
 * request, for what was paid; an operator decides once, late or repeated decisions change nothing; the order list's
 * after-sales tab and the personal centre's counts follow. Also the coupon checkout preselects.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { bestCoupon } from "@platform/orders/index.server";

const api = useEmbeddedPlatform("2027-06-01T04:00:00.000Z", { captchaTestMode: true });
const { call } = api;

let phoneCounter = 0;

async function newBuyer(): Promise<string> {
  const phone = `136${String(++phoneCounter).padStart(8, "0")}`;
  expect((await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "r", ticket: "t" }, ip: api.freshIp() })).body.code).toBe(200);
  const code = api.outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
  const login = await call("/web/loginMessage", { body: { userName: phone, mobilePrefix: "86", smsVerifyCode: code }, ip: api.freshIp() });
  expect(login.body.code).toBe(1);
  return login.body.data.token as string;
}

const key = () => randomBytes(12).toString("hex");
const db = () => api.platform.db;
/** The buyer's nth paid course on sale (a course is bought once per buyer, and each test has its own buyers). */
const courseId = (index: number) =>
  db().prepare("SELECT id FROM products WHERE kind = 'course' AND on_sale = 1 AND price_fen > 0 ORDER BY id LIMIT 1 OFFSET ?").pluck().get(index) as number;

/** A course order the buyer has paid (a course is fulfilled as soon as it is paid). */
async function paidCourseOrder(token: string, index = 0): Promise<{ orderNo: string; totalFen: number }> {
  const order = (await call("/order/confirmPay", { body: { productId: courseId(index), agree: true, idempotencyKey: key() }, token })).body.data;
  expect((await api.notifyPayment({ paymentNo: order.paymentNo, outcome: "succeeded", amountFen: order.totalFen })).data).toEqual({ result: "applied" });
  return order;
}

const askRefund = (token: string, orderNo: string, reason = "notWanted", note = "买错了课程") =>
  call("/order/refund", { body: { orderNo, reason, note }, token });
const details = async (token: string, orderNo: string) => (await call("/order/details", { body: { orderNo }, token })).body.data;
const waitingId = (orderNo: string) => api.platform.orders.waitingRefunds().find((row) => row.order_no === orderNo)!.id;

describe("refund requests", () => {
  it("20 concurrent requests on one paid order: exactly one opens, for what was paid; the rest are told one waits", async () => {
    const token = await newBuyer();
    const order = await paidCourseOrder(token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => askRefund(token, order.orderNo)));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 409)).toHaveLength(19);
    expect(db().prepare("SELECT COUNT(*) FROM refund_requests WHERE order_id = (SELECT id FROM orders WHERE order_no = ?)").pluck().get(order.orderNo)).toBe(1);
    expect((await details(token, order.orderNo)).refundRequest).toMatchObject({
      status: "requested",
      reason: "notWanted",
      note: "买错了课程",
      amountFen: order.totalFen,
    });
    const counts = (await call("/order/statusCounts", { method: "GET", query: {}, token })).body.data;
    expect(counts).toMatchObject({ afterSales: 1, fulfilled: 1 });
  });

  it("an approval refunds once: a repeated or late approval, or a decline after it, changes nothing", async () => {
    const token = await newBuyer();
    const order = await paidCourseOrder(token, 1);
    expect((await askRefund(token, order.orderNo, "duplicate", "")).body.code).toBe(200);
    const requestId = waitingId(order.orderNo);
    const decisions = Array.from({ length: 10 }, () => api.platform.orders.decideRefund(requestId, "approve", "", api.now()));
    expect(decisions.filter((decision) => decision === "refunded")).toHaveLength(1);
    expect(decisions.filter((decision) => decision === "decided")).toHaveLength(9);
    expect(api.platform.orders.decideRefund(requestId, "decline", "late", api.now())).toBe("decided");
    const shown = await details(token, order.orderNo);
    expect(shown).toMatchObject({ status: "refunded", refundedFen: order.totalFen, refundRequest: { status: "refunded" } });
    expect(
      db()
        .prepare("SELECT COUNT(*) FROM payment_entries WHERE order_id = (SELECT id FROM orders WHERE order_no = ?) AND kind = 'refunded'")
        .pluck()
        .get(order.orderNo),
    ).toBe(1);
    // A refunded order is in after-sales, not among the paid ones, and cannot be asked about again.
    const afterSales = (await call("/order/list", { body: { status: "afterSales" }, token })).body.data;
    expect(afterSales.list.map((row: { orderNo: string }) => row.orderNo)).toContain(order.orderNo);
    expect((await call("/order/list", { body: { status: "paid" }, token })).body.data.total).toBe(0);
    expect((await askRefund(token, order.orderNo)).body.code).toBe(409);
  });

  it("a declined request leaves the order paid with the operator's reason, and the buyer may ask again", async () => {
    const token = await newBuyer();
    const order = await paidCourseOrder(token, 2);
    await askRefund(token, order.orderNo, "quality", "视频无法播放");
    expect(api.platform.orders.decideRefund(waitingId(order.orderNo), "decline", "课程已学习过半", api.now())).toBe("declined");
    expect(await details(token, order.orderNo)).toMatchObject({ status: "fulfilled", refundRequest: { status: "declined", declineReason: "课程已学习过半" } });
    expect((await askRefund(token, order.orderNo, "other", "")).body.code).toBe(200);
  });

  it("refuses an unpaid order, someone else's order, a reason not on the list and a note over 200 characters", async () => {
    const token = await newBuyer();
    const placed = await call("/order/confirmPay", { body: { productId: courseId(0), agree: true, idempotencyKey: key() }, token });
    expect(placed.body.code, placed.body.message).toBe(200);
    const unpaid = placed.body.data;
    const refused = await askRefund(token, unpaid.orderNo);
    expect(refused.body.code, JSON.stringify(refused.body)).toBe(409);
    const paid = await paidCourseOrder(token, 1);
    expect((await askRefund(await newBuyer(), paid.orderNo)).body.code).toBe(404);
    const wrongReason = await askRefund(token, paid.orderNo, "bored");
    expect(wrongReason.body.code).toBe(400);
    expect((await askRefund(token, paid.orderNo, "other", "长".repeat(201))).body.code).toBe(400);
  });
});

describe("the best coupon", () => {
  it("saves most, and of equal savings expires first; none when nothing saves", () => {
    const coupon = (id: number, discountFen: number, validUntil: string) => ({ userCouponId: id, discountFen, validUntil });
    const later = coupon(1, 2_000, "2027-12-31T00:00:00Z");
    const sooner = coupon(2, 2_000, "2027-07-01T00:00:00Z");
    expect(bestCoupon([coupon(3, 500, "2027-06-02T00:00:00Z"), later, sooner])).toBe(sooner);
    expect(bestCoupon([coupon(4, 0, "2027-06-02T00:00:00Z")])).toBeNull();
  });

  it("comes with the confirmation's coupons, computed on the server", async () => {
    const token = await newBuyer();
    const centre = db().prepare("SELECT id FROM coupons WHERE channel = 'centre' AND scope IN ('all', 'course') ORDER BY id").pluck().all() as number[];
    for (const couponId of centre) await call("/coupon/addActivityCoupon", { body: { couponId }, token });
    const info = (await call("/assembly-goods/getPlaceOrderInfo", { body: { productId: courseId(0) }, token })).body.data;
    expect(info.coupons.usable.length).toBeGreaterThan(0);
    const most = Math.max(...info.coupons.usable.map((entry: { discountFen: number }) => entry.discountFen));
    const best = info.coupons.usable.find((entry: { userCouponId: number }) => entry.userCouponId === info.coupons.bestUserCouponId);
    expect(best.discountFen).toBe(most);
  });
});
