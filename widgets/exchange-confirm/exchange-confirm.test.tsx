import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const detail = {
  id: 4,
  title: "学术笔记本",
  cover: "/media/poster/9.svg",
  points: 800,
  stock: 50,
  kind: "physical",
  perUserLimit: 2,
  balance: 1000,
  exchanged: 0,
};
const props = { resultLink: "/pointExchangeDetail", addressListLink: "/addressList" };

describe("exchangeConfirm", () => {
  it("shows the cost and what is left, and asks for an address for a physical good", async () => {
    const html = await renderWidget("exchangeConfirm", { props, source: "goods", data: { goods: { status: "ok", value: detail } }, url: "/exchangeAck?id=4" });
    expect(html).toContain("−800");
    expect(html).toContain(">200<");
    expect(html).toContain("添加收货地址");
    // prePage carries the way back as base64url text (encodeQueryText).
    expect(hrefs(html)).toEqual(["/addressList?prePage=L2V4Y2hhbmdlQWNrP2lkPTQ"]);
    // The quantity can go up to the per-person limit.
    expect(html).toContain('aria-label="+"');
  });

  it("refuses to submit when the points are short, and needs no address for a coupon", async () => {
    const html = await renderWidget("exchangeConfirm", {
      props,
      source: "goods",
      data: { goods: { status: "ok", value: { ...detail, kind: "coupon", perUserLimit: 1, balance: 100 } } },
      lang: "en",
    });
    expect(html).toMatch(/disabled=""[^>]*>Not enough points</);
    expect(html).not.toContain("confirm-address");
    expect(html).not.toContain('aria-label="+"');
  });
});
