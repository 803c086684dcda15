import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const stage = (position: number, title: string, state: string, from: string, to: string) => ({
  position,
  title,
  description: `${title}说明`,
  startsAt: from,
  endsAt: to,
  state,
});
const contest = {
  id: 4,
  kind: "video",
  contest: true,
  title: "经管好书阅读大赛",
  rules: "面向全国高校在读学生。",
  ticketsPerDay: 5,
  startsAt: "2027-01-01T00:00:00.000Z",
  endsAt: "2027-01-20T00:00:00.000Z",
  state: "running",
  running: true,
  totalVotes: 3,
  stages: [
    stage(0, "作品征集", "ended", "2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"),
    stage(1, "大众投票", "running", "2027-01-01T00:00:00.000Z", "2027-01-20T00:00:00.000Z"),
    stage(2, "评审与颁奖", "upcoming", "2027-01-20T00:00:00.000Z", "2027-01-30T00:00:00.000Z"),
  ],
  entries: [
    {
      id: 22,
      campaignId: 4,
      itemId: 594,
      title: "平台经济经典文献精读",
      summary: "",
      cover: "/media/poster/594.svg",
      author: "",
      entrant: "李沐阳 · 中国人民大学",
      statement: "",
      votes: 3,
      rank: 1,
    },
  ],
  winners: [],
  previous: null,
};

describe("contestHome", () => {
  it("shows the rules, the stages with their state and the entries leading to their vote pages", async () => {
    const html = await renderWidget("contestHome", {
      props: { entryLink: "/readMatchVideoVoteDetail", casesLink: "/readMatchCase" },
      source: "contest",
      data: { contest: { status: "ok", value: contest } },
    });
    expect(html).toContain("经管好书阅读大赛");
    expect(html).toContain("面向全国高校在读学生。");
    expect(html).toMatch(/作品征集.*已结束.*大众投票.*进行中.*评审与颁奖.*未开始/s);
    expect(html).toContain("2027年1月1日—20日");
    expect(html).toContain("李沐阳 · 中国人民大学");
    expect(hrefs(html)).toEqual(["/readMatchCase", "/readMatchVideoVoteDetail?id=22"]);
  });

  it("says when there are no entries yet, in English", async () => {
    const html = await renderWidget("contestHome", {
      props: { entryLink: "/readMatchVideoVoteDetail" },
      source: "contest",
      data: { contest: { status: "ok", value: { ...contest, entries: [] } } },
      lang: "en",
    });
    expect(html).toContain("No entries yet");
    expect(html).toContain("Timeline");
  });
});
