import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";
import myOrder from "../../page-configs/myOrder.json";
import { ORDER_STATES } from "./component";

const render = (value: unknown, lang: "zh" | "en" = "zh") =>
  renderWidget("orderCounts", { props: { listLink: "/myOrder" }, source: "orderCounts", data: { orderCounts: { status: "ok", value } }, lang });

describe("orderCounts", () => {
  it("shows each state with its count, leading to that tab of the order list", async () => {
    const html = await render({ created: 2, paid: 0, fulfilled: 120, afterSales: 1 });
    expect(hrefs(html)).toEqual(["/myOrder", "/myOrder?state=1", "/myOrder?state=2", "/myOrder?state=3", "/myOrder?state=4"]);
    for (const label of ["待付款", "已付款", "已完成", "退款/售后", "全部订单"]) expect(html).toContain(label);
    expect(html).toContain('class="order-state-count">2<');
    expect(html).toContain('class="order-state-count">99+<');
    expect(html).toContain('class="order-state-count">1<');
    // No badge where there is nothing.
    expect(html.match(/order-state-count/g)).toHaveLength(3);
  });

  it("leads each state to the tab of My orders that lists it", () => {
    const tabs = myOrder.widgets[0].children.map((child) => (myOrder.data as Record<string, { params: { status?: string } }>)[child.data].params.status);
    const statusOf: Record<string, string> = { created: "created", paid: "paid", fulfilled: "fulfilled", afterSales: "afterSales" };
    for (const state of ORDER_STATES) expect(tabs[state.tab]).toBe(statusOf[state.key]);
  });

  it("speaks English", async () => {
    const html = await render({ created: 0, paid: 0, fulfilled: 0, afterSales: 0 }, "en");
    for (const label of ["To pay", "Paid", "Completed", "Refunds", "All orders"]) expect(html).toContain(label);
  });
});
