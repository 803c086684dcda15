import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const list = [
  { id: 1, title: "学术笔记本", description: "", cover: "/media/poster/9.svg", points: 800, stock: 50, kind: "physical", perUserLimit: 2 },
  { id: 2, title: "签名版教材", description: "", cover: "/media/poster/10.svg", points: 3000, stock: 0, kind: "physical", perUserLimit: 1 },
];

describe("pointGoods", () => {
  it("shows the balance, the links and each good with its points and stock", async () => {
    const html = await renderWidget("pointGoods", {
      props: { detailLink: "/pointGoodsDetail", links: [{ label: { zh: "积分明细", en: "Ledger" }, to: "/pointLog" }] },
      source: "mall",
      data: { mall: { status: "ok", value: { balance: 950, list } } },
    });
    expect(html).toContain(">950<");
    expect(html).toContain("800 积分");
    expect(html).toContain("剩余 50 件");
    expect(html).toContain("已兑完");
    expect(hrefs(html)).toEqual(["/pointLog", "/pointGoodsDetail?id=1", "/pointGoodsDetail?id=2"]);
  });

  it("asks a visitor to log in to see points", async () => {
    const html = await renderWidget("pointGoods", {
      props: { detailLink: "/pointGoodsDetail" },
      source: "mall",
      data: { mall: { status: "ok", value: { balance: null, list } } },
      lang: "en",
    });
    expect(html).toContain("Log in to see your points");
  });
});
