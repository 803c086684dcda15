import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const exchange = {
  exchangeNo: "202703115551234567",
  title: "学术笔记本",
  cover: "/media/poster/9.svg",
  kind: "physical",
  quantity: 1,
  points: 800,
  status: "placed",
  address: { receiver: "王芳", phone: "13700137000", region: "北京市海淀区", detail: "中关村大街59号" },
  createTime: "2027-03-11T02:00:00.000Z",
};
const props = { mallLink: "/pointMall", couponsLink: "/myCoupon" };

describe("exchangeDetail", () => {
  it("shows the state, the points, the number and the address of a physical exchange", async () => {
    const html = await renderWidget("exchangeDetail", { props, source: "exchange", data: { exchange: { status: "ok", value: exchange } } });
    expect(html).toContain("<h1>待发货</h1>");
    expect(html).toContain("202703115551234567");
    expect(html).toContain("中关村大街59号");
    expect(hrefs(html)).toEqual(["/pointMall"]);
  });

  it("leads to My coupons after a coupon exchange", async () => {
    const value = { ...exchange, kind: "coupon", status: "delivered", address: null };
    const html = await renderWidget("exchangeDetail", { props, source: "exchange", data: { exchange: { status: "ok", value } }, lang: "en" });
    expect(html).toContain("<h1>In your account</h1>");
    expect(hrefs(html)).toEqual(["/myCoupon", "/pointMall"]);
  });

  it("uses only classes of its own stylesheet, so it is styled however the page was reached", async () => {
    const html = await renderWidget("exchangeDetail", { props, source: "exchange", data: { exchange: { status: "ok", value: exchange } } });
    const sheet = readFileSync(new URL("./exchange-detail.css", import.meta.url), "utf8");
    const shared = new Set(["button", "button-primary"]);
    const classes = [...html.matchAll(/class="([^"]+)"/g)].flatMap((match) => match[1].split(" ")).filter((name) => !shared.has(name));
    for (const name of classes) expect(sheet, name).toContain(`.${name}`);
  });
});
