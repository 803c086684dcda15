import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const orders = [
  { orderNo: "20270601123456789012345", status: "created", title: "因果推断十二讲", quantity: 1, totalFen: 16_915, createTime: "2027-06-01T04:00:00Z" },
  { orderNo: "20270530987654321098765", status: "fulfilled", title: "Stata 实证研究方法", quantity: 1, totalFen: 9_900, createTime: "2027-05-30T12:30:00Z" },
];

describe("orderList", () => {
  it("shows each order with its state, total in yuan and Beijing time, leading to its details", async () => {
    const html = await renderWidget("orderList", {
      props: { detailLink: "/myOrderDetail", emptyText: { zh: "暂无订单", en: "No orders yet" } },
      source: "orders",
      data: { orders: { status: "ok", value: { list: orders, total: 2 } } },
      config: { data: { orders: { api: "/order/list", side: "client" } } },
    });
    expect(count(html, 'class="order-card"')).toBe(2);
    expect(hrefs(html)).toEqual([`/myOrderDetail?orderNo=${orders[0].orderNo}`, `/myOrderDetail?orderNo=${orders[1].orderNo}`]);
    expect(html).toContain('class="order-status order-created">待支付<');
    expect(html).toContain(">已完成<");
    expect(html).toContain("¥169.15");
    expect(html).toContain("20:30");
  });

  it("shows money that went back to the buyer on the order's card", async () => {
    const html = await renderWidget("orderList", {
      props: { detailLink: "/myOrderDetail", emptyText: { zh: "暂无订单", en: "No orders yet" } },
      source: "orders",
      data: { orders: { status: "ok", value: { list: [{ ...orders[0], status: "cancelled", refundedFen: 16_915 }, orders[1]], total: 2 } } },
      lang: "en",
    });
    expect(html).toContain('class="order-refunded">¥169.15 refunded<');
    expect(count(html, "order-refunded")).toBe(1);
  });

  it("says when there are none, in the viewer's language", async () => {
    const html = await renderWidget("orderList", {
      props: { detailLink: "/myOrderDetail", emptyText: { zh: "暂无订单", en: "No orders yet" } },
      source: "orders",
      data: { orders: { status: "ok", value: { list: [], total: 0 } } },
      lang: "en",
    });
    expect(html).toContain("No orders yet");
  });
});
