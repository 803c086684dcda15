import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const entry = (id: number, title: string, entrant: string) => ({
  id,
  campaignId: 3,
  itemId: 500 + id,
  title,
  summary: "",
  cover: `/media/poster/${500 + id}.svg`,
  author: "",
  entrant,
  statement: "",
  votes: 0,
  rank: 1,
});
const first = entry(16, "资产定价十讲 · 第8讲", "刘书涵 · 北京大学");
const second = entry(17, "三分钟读懂国际贸易", "黄子墨 · 浙江大学");
const other = entry(18, "三分钟读懂劳动经济学", "吴静怡 · 南京大学");
const previous = {
  id: 3,
  kind: "video",
  contest: true,
  title: "首届经管好书阅读大赛",
  rules: "",
  ticketsPerDay: 5,
  startsAt: "2025-12-01T00:00:00.000Z",
  endsAt: "2025-12-15T00:00:00.000Z",
  state: "ended",
  running: false,
  totalVotes: 0,
  entries: [first, second, other],
  winners: [
    { rank: 1, award: "一等奖", entry: first },
    { rank: 2, award: "二等奖", entry: second },
  ],
};
const render = (props: object, value: object = { winners: [], entries: [], previous }, lang: "zh" | "en" = "zh") =>
  renderWidget("contestWinners", {
    props: { entryLink: "/readMatchVideoVoteDetail", ...props },
    source: "contest",
    data: { contest: { status: "ok", value } },
    lang,
  });

describe("contestWinners", () => {
  it("lists the previous edition's winners by rank with their awards, and its other entries when asked", async () => {
    const html = await render({ showEntries: true });
    expect(html).toContain("首届经管好书阅读大赛 · 获奖作品");
    expect(html).toMatch(/一等奖.*资产定价十讲.*二等奖.*三分钟读懂国际贸易.*其他参赛作品.*三分钟读懂劳动经济学/s);
    expect(hrefs(html)).toEqual(["/readMatchVideoVoteDetail?id=16", "/readMatchVideoVoteDetail?id=17", "/readMatchVideoVoteDetail?id=18"]);
  });

  it("shows winners only, with a link to more, and nothing for an edition without winners", async () => {
    const html = await render({ moreLink: "/readMatchCase" }, undefined, "en");
    expect(html).toContain("首届经管好书阅读大赛: winners");
    expect(html).not.toContain("Other entries");
    expect(hrefs(html).at(-1)).toBe("/readMatchCase");
    expect(await render({ edition: "current" })).toBe("");
  });

  it('names winners by their award, with no vote count (issue 34: "0 票" under past winners)', async () => {
    expect(await render({ showEntries: true })).not.toContain("票");
    expect(await render({ showEntries: true }, undefined, "en")).not.toMatch(/\bvotes?\b/);
  });
});
