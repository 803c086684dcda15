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
    expect(html).toContain('class="order-total">¥169.15<');
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
});
