import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";
import { exchangeBlocker } from "./component";

const detail = {
  id: 4,
  title: "帆布托特包",
  description: "加厚帆布",
  cover: "/media/poster/9.svg",
  points: 600,
  stock: 30,
  kind: "physical",
  perUserLimit: 1,
  balance: 900,
  exchanged: 0,
};

describe("pointGoodsDetail", () => {
  it("says first what stops an exchange: stock, then the limit, then the points", () => {
    expect(exchangeBlocker({ ...detail, stock: 0, exchanged: 1, balance: 0 })).toBe("soldOut");
    expect(exchangeBlocker({ ...detail, exchanged: 1, balance: 0 })).toBe("exchanged");
    expect(exchangeBlocker({ ...detail, balance: 599 })).toBe("notEnough");
    expect(exchangeBlocker({ ...detail, balance: null })).toBeNull();
  });

  it("leads to the exchange when it can be made, and to the tasks when points are short", async () => {
    const data = (value: object) => ({ goods: { status: "ok" as const, value: { ...detail, ...value } } });
    const props = { exchangeLink: "/exchangeAck", earnLink: "/welfareCenter" };
    const can = await renderWidget("pointGoodsDetail", { props, source: "goods", data: data({}) });
    expect(can).toContain("600 积分");
    expect(can).toContain("每人限兑 1 件");
    expect(hrefs(can)).toEqual(["/exchangeAck?id=4"]);
    const short = await renderWidget("pointGoodsDetail", { props, source: "goods", data: data({ balance: 100 }), lang: "en" });
    expect(short).toMatch(/disabled=""[^>]*>Not enough points</);
    expect(hrefs(short)).toEqual(["/welfareCenter"]);
  });
});
