import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const campaign = {
  id: 1,
  kind: "book",
  contest: false,
  title: "年度经管好书评选",
  rules: "每位用户每天有 3 票。\n票数按北京时间每天 0 点重置。",
  ticketsPerDay: 3,
  startsAt: "2027-01-07T00:00:00.000Z",
  endsAt: "2027-02-06T00:00:00.000Z",
  state: "running",
  running: true,
  totalVotes: 7,
};
const entry = (id: number, votes: number, rank: number) => ({
  id,
  campaignId: 1,
  itemId: 1200 + id,
  title: `行为金融学导论（第${id}版）`,
  summary: "",
  cover: `/media/poster/${1200 + id}.svg`,
  author: "徐欣明",
  entrant: "北京大学经济学院读书会",
  statement: "",
  votes,
  rank,
});
const render = (value: object, options: { lang?: "zh" | "en"; user?: { id: number; userName: string } } = {}) =>
  renderWidget("voteBoard", {
    props: { entryLink: "/bookVoteDetail" },
    source: "board",
    data: { board: { status: "ok", value: { ...campaign, entries: [entry(1, 5, 1), entry(2, 2, 2), entry(3, 0, 3)], tickets: null, ...value } } },
    ...options,
  });

describe("voteBoard", () => {
  it("shows the campaign, each entry with the server's count and rank, and a vote button leading a visitor to log in", async () => {
    const html = await render({});
    expect(html).toContain("年度经管好书评选");
    expect(html).toContain("进行中");
    expect(html).toContain("登录后每天可投 3 票");
    expect(html).toContain("推荐：北京大学经济学院读书会");
    expect(html).toContain(">第 1 名<");
    expect(html).toContain(">第 2 名<");
    // No rank for an entry nobody voted for yet.
    expect(count(html, "名<")).toBe(2);
    expect(count(html, ">登录后投票<")).toBe(3);
    expect(hrefs(html)).toEqual([
      "/bookVoteDetail?id=1",
      "/bookVoteDetail?id=1",
      "/bookVoteDetail?id=2",
      "/bookVoteDetail?id=2",
      "/bookVoteDetail?id=3",
      "/bookVoteDetail?id=3",
    ]);
  });

  it("tells a signed-in viewer their tickets left today", async () => {
    const html = await render({ tickets: { perDay: 3, used: 1, left: 2, day: "2027-01-10" } }, { lang: "en", user: { id: 7, userName: "18800000001" } });
    expect(html).toContain("Votes left today: 2 of 3");
    expect(count(html, ">Vote<")).toBe(3);
  });

  it("closes the buttons outside the window", async () => {
    const upcoming = await render({ state: "upcoming", running: false });
    expect(upcoming).toContain("投票未开始");
    expect(upcoming).not.toContain("登录后每天可投");
    const ended = await render({ state: "ended", running: false }, { lang: "en" });
    expect(count(ended, "disabled")).toBe(3);
    expect(ended).toContain("Voting closed");
  });
});
