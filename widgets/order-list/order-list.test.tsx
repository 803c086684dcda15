import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const orders = [
  {
    orderNo: "20270601123456789012345",
    status: "created",
    title: "因果推断十二讲",
    cover: "/media/c1.png",
    quantity: 1,
    totalFen: 16_915,
    refundedFen: 0,
    refundRequest: null,
    createTime: "2027-06-01T04:00:00Z",
  },
  {
    orderNo: "20270530987654321098765",
    status: "fulfilled",
    title: "Stata 实证研究方法",
    cover: "/media/c2.png",
    quantity: 1,
    totalFen: 9_900,
    refundedFen: 0,
    refundRequest: null,
    createTime: "2027-05-30T12:30:00Z",
  },
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
    expect(count(html, 'class="order-thumb"')).toBe(2);
    // Only the unpaid order can be paid from its card, and its sum is what is due.
    expect(count(html, ">去支付<")).toBe(1);
    expect(html).toContain("应付<!-- --> <b>¥169.15</b>");
    expect(html).toContain("实付<!-- --> <b>¥99.00</b>");
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

  it("words a refund request on the card: waiting, declined; a refunded order says so", async () => {
    const request = { status: "requested", reason: "other", note: "", amountFen: 9_900, declineReason: "", createdAt: "2027-06-01T05:00:00Z", decidedAt: null };
    const list = [
      { ...orders[1], orderNo: "1", refundRequest: request },
      { ...orders[1], orderNo: "2", refundRequest: { ...request, status: "declined" } },
      { ...orders[1], orderNo: "3", status: "refunded", refundedFen: 9_900, refundRequest: { ...request, status: "refunded" } },
    ];
    const html = await renderWidget("orderList", {
      props: { detailLink: "/myOrderDetail" },
      source: "orders",
      data: { orders: { status: "ok", value: { list, total: 3 } } },
    });
    expect(html).toContain('class="order-status order-refund-requested">退款审核中<');
    expect(html).toContain('class="order-status order-refund-declined">退款未通过<');
    expect(html).toContain('class="order-status order-refunded">已退款<');
    expect(html).not.toContain(">去支付<");
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
