import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const entry = {
  id: 22,
  campaignId: 4,
  itemId: 594,
  title: "平台经济经典文献精读",
  summary: "",
  cover: "/media/poster/594.svg",
  author: "罗伟靖",
  entrant: "李沐阳 · 中国人民大学",
  statement: "讲书：《平台经济导论（第2版）》。我从书中一个反直觉的结论讲起。",
  votes: 12,
  rank: 2,
  videoUrl: "/media/clip.mp4",
  itemLink: "/videoDetail?id=594",
  award: null,
  campaign: {
    id: 4,
    kind: "video",
    contest: true,
    title: "经管好书阅读大赛",
    rules: "",
    ticketsPerDay: 5,
    startsAt: "2027-01-01T00:00:00.000Z",
    endsAt: "2027-01-20T00:00:00.000Z",
    state: "running",
    running: true,
    totalVotes: 40,
  },
  tickets: null,
};
const render = (props: Record<string, unknown>, value: object = {}, lang: "zh" | "en" = "zh") =>
  renderWidget("voteEntry", { props, source: "entry", data: { entry: { status: "ok", value: { ...entry, ...value } } }, lang });

describe("voteEntry", () => {
  it("shows the entry with its count, rank and a clear call to vote, asking a visitor to log in", async () => {
    const html = await render({ cover: false, contestLink: "/jdds", boardLink: "/bookVote" });
    expect(html).toContain("平台经济经典文献精读");
    expect(html).toContain("参赛者：李沐阳 · 中国人民大学");
    expect(html).toContain(">12<");
    expect(html).toContain("第 2 名");
    expect(html).toContain(">登录后投票<");
    expect(html).not.toContain("<img");
    // A contest entry leads to the contest's entries.
    expect(hrefs(html)).toEqual(["/videoDetail?id=594", "/jdds"]);
  });

  it("words its count by English plural rules: 1 vote, 2 votes; Chinese has one form", async () => {
    expect(await render({}, { votes: 1 }, "en")).toMatch(/>1<\/strong><small>vote<\/small>/);
    expect(await render({}, { votes: 2 }, "en")).toMatch(/>2<\/strong><small>votes<\/small>/);
    expect(await render({}, { votes: 1 })).toMatch(/>1<\/strong><small>票<\/small>/);
  });

  it("made to be shared: invites the visitor to vote and offers the link to pass on", async () => {
    const html = await render({ share: true, contestLink: "/jdds" }, {}, "en");
    expect(html).toContain("A friend asks for your vote. Everyone has 5 votes a day");
    expect(html).toContain(">Ask friends to vote<");
    expect(html).toContain('src="/media/poster/594.svg"');
  });

  it("shows an award and a closed vote", async () => {
    const html = await render({ share: true }, { award: { rank: 1, award: "一等奖" }, campaign: { ...entry.campaign, state: "ended", running: false } });
    expect(html).toContain("一等奖");
    expect(html).toContain(">投票已结束<");
    expect(html).not.toContain("邀请好友投票");
    expect(html).not.toContain("查看全部作品");
  });
});
