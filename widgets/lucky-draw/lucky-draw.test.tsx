import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";
import { GRID_CELLS, stepsToLand, type DrawDetail } from "./component";

const titles = ["500 积分", "谢谢参与", "100 积分", "新人专享 满99减20", "经管学术笔记本", "20 积分", "《经济学原理》一本", "50 积分"];
const kinds = ["points", "none", "points", "coupon", "physical", "points", "physical", "points"] as const;
const detail: DrawDetail = {
  id: 1,
  title: "幸运大抽奖",
  rules: "每次抽奖消耗 20 积分或 1 次抽奖机会。\n奖品数量有限，抽完即止。",
  costPoints: 20,
  startsAt: "2027-01-01T00:00:00Z",
  endsAt: "2027-03-31T16:00:00Z",
  state: "running",
  running: true,
  prizes: titles.map((title, position) => ({ id: position + 1, position, title, kind: kinds[position], points: 0, soldOut: position === 6 })),
  points: null,
  chances: null,
};
const render = (value: DrawDetail, lang: "zh" | "en" = "zh") =>
  renderWidget("luckyDraw", { props: { prizesLink: "/myluckyDraw" }, source: "draw", data: { draw: { status: "ok", value } }, lang });

describe("luckyDraw", () => {
  it("lays the prizes clockwise round the centre button, and always slows down over a full round before landing", () => {
    expect(GRID_CELLS).toEqual([0, 1, 2, 7, null, 3, 6, 5, 4]);
    expect(stepsToLand(3, 5)).toBe(10);
    expect(stepsToLand(5, 5)).toBe(8);
    expect(stepsToLand(6, 1)).toBe(11);
  });

  it("shows a visitor the grid, the cost, the rules and the way to log in", async () => {
    const html = await render(detail);
    expect(count(html, 'class="lucky-cell ')).toBe(8);
    const order = [...html.matchAll(/data-position="(\d)"/g)].map((match) => Number(match[1]));
    expect(order).toEqual([0, 1, 2, 7, 3, 6, 5, 4]);
    expect(html).toContain("20积分/次");
    expect(html).toContain(">已抽完<");
    expect(html).toContain(">登录后参与抽奖<");
    expect(html).toContain("<p>奖品数量有限，抽完即止。</p>");
    expect(hrefs(html)).toContain("/myluckyDraw");
    expect(html).not.toContain("lucky-wallet");
  });

  it("shows a player their points and chances, paying with a chance while they have one", async () => {
    const html = await render({ ...detail, points: 45, chances: 2 }, "en");
    expect(html).toMatch(/class="lucky-points">45</);
    expect(html).toMatch(/class="lucky-chances">2</);
    expect(html).toContain("1 chance a draw");
    expect(html).toMatch(/checked=""[^>]*\/>A draw chance \(2 left\)/);
    const poor = await render({ ...detail, points: 45, chances: 0 });
    expect(poor).toContain("20积分/次");
    expect(poor).toMatch(/checked=""[^>]*\/>用积分/);
  });

  it("says when the draw has ended and offers no turn", async () => {
    const html = await render({ ...detail, state: "ended", running: false, points: 45, chances: 0 });
    expect(html).toMatch(/<button type="button" class="lucky-start" disabled="">\s*<strong>活动已结束<\/strong>/);
    expect(html).not.toContain("积分/次");
  });
});
