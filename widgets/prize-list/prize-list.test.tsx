import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";
import { statusKey, type WonPrize } from "./component";

const base = { drawTitle: "幸运大抽奖", paidWith: "chance", createdAt: "2027-01-09T04:00:00Z", points: 0, address: null, needsAddress: false } as const;
const notebook: WonPrize = { ...base, id: 3, title: "经管学术笔记本", kind: "physical", status: "won", needsAddress: true };
const book: WonPrize = {
  ...base,
  id: 2,
  title: "《经济学原理》一本",
  kind: "physical",
  status: "claimed",
  address: { receiver: "王芳", phone: "13600000001", region: "上海市徐汇区", detail: "漕溪北路88号" },
};
const points: WonPrize = { ...base, id: 1, title: "100 积分", kind: "points", points: 100, status: "claimed", paidWith: "points" };
const render = (list: WonPrize[], lang: "zh" | "en" = "zh") =>
  renderWidget("prizeList", {
    props: { drawLink: "/luckyDraw", addressLink: "/addressAddOrEdit" },
    source: "prizes",
    data: { prizes: { status: "ok", value: { list, total: list.length } } },
    lang,
  });

describe("prizeList", () => {
  it("reads a prize's state by its kind: given at once, or waiting for an address", () => {
    expect(statusKey(points)).toBe("points");
    expect(statusKey(notebook)).toBe("won");
    expect(statusKey(book)).toBe("claimed");
  });

  it("lists the prizes with their state; a physical prize without an address offers to give one", async () => {
    const html = await render([notebook, book, points]);
    expect(html).toContain("待填写地址");
    expect(html).toContain(">填写收货地址<");
    expect(html).toContain("待发货");
    expect(html).toContain("寄往: 王芳 13600000001 上海市徐汇区 漕溪北路88号");
    expect(html).toContain("积分已到账");
    expect(html).toContain("幸运大抽奖 · 机会抽奖");
    const en = await render([points], "en");
    expect(en).toContain("Points added");
    expect(en).not.toContain("Give my address");
  });

  it("leads an empty list to the draw", async () => {
    const html = await render([]);
    expect(html).toContain("还没有奖品，去抽一次吧");
    expect(hrefs(html)).toEqual(["/luckyDraw"]);
  });
});
