import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const order = {
  orderNo: "20270601123456789012345",
  status: "created",
  title: "因果推断十二讲",
  quantity: 1,
  unitPriceFen: 19_900,
  discountFen: 2_985,
  totalFen: 16_915,
  createTime: "2027-06-01T04:00:00Z",
  expiresAt: "2027-06-01T04:15:00Z",
  paidAt: null,
  refundedFen: 0,
  refundRequest: null,
  address: null,
  cover: "/media/cover.png",
  refunds: [],
  events: [{ to_status: "created", at: "2027-06-01T04:00:00Z" }],
};
const render = (value: Record<string, unknown>, lang: "zh" | "en" = "zh") =>
  renderWidget("orderDetail", { props: { listLink: "/myOrder" }, source: "order", data: { order: { status: "ok", value } }, lang });

describe("orderDetail", () => {
  it("shows an unpaid order's figures, its deadline in Beijing time, and the pay and cancel buttons", async () => {
    const html = await render(order);
    expect(html).toContain("<h1>待支付</h1>");
    expect(html).toContain("请在2027年6月1日 12:15前完成支付");
    expect(html).toContain("¥199.00");
    expect(html).toContain("-¥29.85");
    // Not paid yet: the sum is what is due (应付), not what was paid (实付) in red.
    expect(html).toMatch(/<dt>应付<\/dt><dd class="order-due">¥169.15</);
    expect(html).not.toContain("实付");
    expect(html).toContain(">去支付<");
    expect(html).toContain(">取消订单<");
    expect(hrefs(html)).toEqual([]);
  });

  it("shows a finished order's history without actions, with a way back to the list", async () => {
    const html = await render(
      {
        ...order,
        status: "fulfilled",
        paidAt: "2027-06-01T04:03:00Z",
        events: [...order.events, { to_status: "paid", at: "2027-06-01T04:03:00Z" }, { to_status: "fulfilled", at: "2027-06-01T04:03:00Z" }],
      },
      "en",
    );
    expect(html).toContain("<h1>Completed</h1>");
    expect(html).toContain(">Unlocked<");
    expect(html).not.toContain("Pay now");
    expect(hrefs(html)).toEqual(["/myOrder"]);
    expect(html).not.toContain("refunded");
  });

  it("tells the buyer that money paid after the order closed went back, and how much", async () => {
    const html = await render({
      ...order,
      status: "cancelled",
      refundedFen: 16_915,
      refunds: [{ paymentNo: "20270601987654321", amountFen: 16_915, reason: "orderEnded", at: "2027-06-01T04:05:00Z" }],
      events: [...order.events, { to_status: "cancelled", at: "2027-06-01T04:02:00Z" }],
    });
    expect(html).toContain("<h1>已取消</h1>");
    expect(html).toContain("订单关闭后收到的付款 ¥169.15 已原路退回");
    expect(html).toMatch(/<dt>已退金额<\/dt><dd>¥169.15<\/dd>/);
    expect(html).not.toContain(">去支付<");
  });

  it("offers a refund on a paid order, and shows the delivery address the order keeps, the municipality once", async () => {
    const address = { receiver: "李华", phone: "13700000001", region: "上海市徐汇区", detail: "漕溪北路88号" };
    const html = await render({ ...order, status: "paid", paidAt: "2027-06-01T04:03:00Z", address });
    expect(html).toMatch(/<dt>实付<\/dt><dd class="order-total">¥169.15</);
    expect(html).toContain(">申请退款<");
    expect(html).toContain("上海市徐汇区 漕溪北路88号");
    expect(html).not.toContain(">取消订单<");
  });

  it("words a waiting, a declined and an approved refund request truly", async () => {
    const request = {
      status: "requested",
      reason: "quality",
      note: "",
      amountFen: 16_915,
      declineReason: "",
      createdAt: "2027-06-01T05:00:00Z",
      decidedAt: null,
    };
    const paid = { ...order, status: "fulfilled", paidAt: "2027-06-01T04:03:00Z" };
    const waiting = await render({ ...paid, refundRequest: request });
    expect(waiting).toContain("<h1>退款审核中</h1>");
    expect(waiting).toContain("您已申请退款 ¥169.15，请等待审核");
    expect(waiting).not.toContain(">申请退款<");
    const declined = await render({ ...paid, refundRequest: { ...request, status: "declined", declineReason: "课程已学习过半" } }, "en");
    expect(declined).toContain("<h1>Completed</h1>");
    expect(declined).toContain("Refund declined: 课程已学习过半");
    expect(declined).toContain(">Request a refund<");
    const refunded = await render({
      ...paid,
      status: "refunded",
      refundedFen: 16_915,
      refundRequest: { ...request, status: "refunded" },
      refunds: [{ paymentNo: "20270601987654321", amountFen: 16_915, reason: "operator", at: "2027-06-01T06:00:00Z" }],
    });
    expect(refunded).toContain("<h1>已退款</h1>");
    expect(refunded).toContain("¥169.15 已原路退回");
    expect(refunded).not.toContain("已取消");
    expect(refunded).not.toContain(">申请退款<");
  });
});
