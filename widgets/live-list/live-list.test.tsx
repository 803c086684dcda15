import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const plans = [
  {
    id: 11,
    title: "货币政策前沿讲座",
    titleEn: "Frontier Lecture on Monetary Policy",
    cover: "/media/poster/11.svg",
    status: 2,
    startTime: "2027-01-10T11:00:00Z",
    endTime: "2027-01-10T13:00:00Z",
    authorName: "王伟",
    authorNameEn: "Wei Wang",
    orgName: "北京大学",
    orgNameEn: "Peking University",
    viewCount: 123456,
    link: "/viewLive?id=11",
  },
  {
    id: 12,
    title: "数字金融青年学者论坛",
    titleEn: "Young Scholars Forum: Digital Finance",
    cover: "/media/poster/12.svg",
    status: 1,
    startTime: "2027-01-11T01:30:00Z",
    endTime: "2027-01-11T03:30:00Z",
    authorName: "李敏",
    authorNameEn: "Min Li",
    orgName: "清华大学",
    orgNameEn: "Tsinghua University",
    viewCount: 800,
    link: "/viewLive?id=12",
  },
];
const specials = [
  {
    id: 50,
    kind: "liveSpecial",
    title: "货币政策前沿系列直播",
    titleEn: "Frontiers of Monetary Policy: Live Series",
    cover: "/media/poster/50.svg",
    status: 2,
    startTime: "2027-01-01T02:00:00Z",
    endTime: "2027-02-20T04:00:00Z",
    planCount: 12,
    guestNames: "王伟、李敏",
    guestNamesEn: "Wei Wang, Min Li",
    link: "/liveList?specialId=50",
  },
];
const ok = (value: unknown) => ({ lives: { status: "ok" as const, value } });

describe("liveList", () => {
  it("shows each plan's state, Beijing-time span, speaker and views, linking to its live", async () => {
    const html = await renderWidget("liveList", {
      source: "lives",
      data: ok({ list: plans, total: 2 }),
      props: { title: "{t.live.index.upcoming}", moreLink: "/liveList?tab=2" },
    });
    expect(count(html, 'class="live-item state-')).toBe(2);
    expect(html).toContain('<span class="live-state state-2">直播中</span>');
    expect(html).toContain('<span class="live-state state-1">即将开始</span>');
    expect(html).toContain('<h3 class="live-title">货币政策前沿讲座</h3>');
    expect(html).toContain('<p class="live-when">2027年1月10日 19:00—21:00</p>');
    expect(html).toContain('<p class="live-when">2027年1月11日 09:30—11:30</p>');
    expect(html).toContain('<p class="live-who">王伟 · 北京大学</p>');
    expect(html).toMatch(/12\.34万(<!-- -->)? (<!-- -->)?次观看/);
    expect(hrefs(html)).toEqual(["/liveList?tab=2", "/viewLive?id=11", "/viewLive?id=12"]);
    expect(html).toContain('<h2 class="section-title">直播预告</h2>');
  });

  it("shows a series with its guests and how many lives it holds, in English in en", async () => {
    const html = await renderWidget("liveList", { lang: "en", source: "lives", data: ok({ list: specials, total: 1 }), props: { kind: "special" } });
    expect(html).toContain('<h3 class="live-title">Frontiers of Monetary Policy: Live Series</h3>');
    expect(html).toContain('<p class="live-guests">Wei Wang, Min Li</p>');
    expect(html).toContain('<p class="live-count">12 lives</p>');
    const single = await renderWidget("liveList", {
      lang: "en",
      source: "lives",
      data: ok({ list: [{ ...specials[0], planCount: 1 }], total: 1 }),
      props: { kind: "special" },
    });
    expect(single).toContain('<p class="live-count">1 live</p>');
    const zh = await renderWidget("liveList", { source: "lives", data: ok({ list: specials, total: 1 }), props: { kind: "special" } });
    expect(zh).toContain('<p class="live-count">12场直播</p>');
    expect(html).toContain("1 Jan – 20 Feb 2027");
    expect(html).toContain('<span class="live-state state-2">Live now</span>');
    expect(hrefs(html)).toEqual(["/liveList?specialId=50"]);
    expect(html).not.toContain("live-who");
  });

  it("a paged list offers more while there is more, then says there is no more", async () => {
    const more = await renderWidget("liveList", { source: "lives", data: ok({ list: plans, total: 30 }), props: { paged: true } });
    expect(more).toMatch(/<button type="button" class="button load-more"[^>]*>加载更多<\/button>/);
    const all = await renderWidget("liveList", { source: "lives", data: ok({ list: plans, total: 2 }), props: { paged: true } });
    expect(all).toContain('<span class="no-more">没有更多了</span>');
  });

  it("limits, lays out as a grid, and says when there is nothing", async () => {
    const limited = await renderWidget("liveList", { source: "lives", data: ok({ list: plans, total: 2 }), props: { limit: 1, variant: "grid" } });
    expect(count(limited, 'class="live-item state-')).toBe(1);
    expect(limited).toContain('class="live-list variant-grid kind-plan"');
    const empty = await renderWidget("liveList", { source: "lives", data: ok({ list: [], total: 0 }), props: {} });
    expect(empty).toMatch(/class="state-notice state-empty live-list-empty" role="status" data-state="empty">.*<p class="state-notice-text">暂无直播<\/p>/);
    const noSeries = await renderWidget("liveList", { source: "lives", data: ok({ list: [], total: 0 }), props: { kind: "special" } });
    expect(noSeries).toContain("暂无专题");
  });
});
