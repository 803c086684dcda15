import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const lives = [
  {
    id: 11,
    title: "货币政策前沿讲座",
    titleEn: "Frontier Lecture on Monetary Policy",
    cover: "/media/poster/11.svg",
    status: 2,
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
    authorName: "李敏",
    authorNameEn: "Min Li",
    orgName: "清华大学",
    orgNameEn: "Tsinghua University",
    viewCount: 9999,
    link: "/viewLive?id=12",
  },
];

const item = {
  title: "{item.title}",
  image: "{item.cover}",
  badge: "{item.status}",
  badgeLabels: { "1": "{t.live.status.1}", "2": "{t.live.status.2}" },
  meta: ["{item.authorName}", "{item.orgName}"],
  count: "{item.viewCount}",
  countLabel: "{t.home.views}",
  link: "{item.link}",
};

const ok = (value: unknown) => ({ status: "ok" as const, value });

describe("contentList", () => {
  it("renders each item of its source through the item template", async () => {
    const html = await renderWidget("contentList", {
      source: "lives",
      data: { lives: ok({ list: lives, total: 2 }) },
      props: { title: "{t.live.title}", moreLink: "/liveList", item },
    });
    expect(count(html, 'class="list-item"')).toBe(2);
    expect(html).toContain('<h2 class="section-title">直播</h2>');
    expect(html).toContain('<h3 class="list-title">货币政策前沿讲座</h3>');
    expect(html).toContain('<h3 class="list-title">数字金融青年学者论坛</h3>');
    expect(html).toContain('src="/media/poster/11.svg"');
    expect(html).toContain("<span>王伟</span><span>北京大学</span>");
    expect(html).toMatch(/<span class="badge tone-2">直播中<\/span>/);
    expect(html).toMatch(/<span class="badge tone-1">即将开始<\/span>/);
    expect(hrefs(html)).toEqual(["/liveList", "/viewLive?id=11", "/viewLive?id=12"]);
    expect(html).toMatch(/<a [^>]*class="section-more"[^>]*>查看更多<\/a>/);
  });

  it("words a count by the item's kind where kinds differ: a paper is read, a video watched (search results)", async () => {
    const results = [
      { ...lives[0], kind: "paper", viewCount: 321 },
      { ...lives[1], kind: "video", viewCount: 45 },
    ];
    const byKind = { ...item, badge: "{item.kind}", badgeLabels: {}, countLabels: { paper: "{t.home.reads}" } };
    const zh = await renderWidget("contentList", { source: "results", data: { results: ok({ list: results, total: 2 }) }, props: { item: byKind } });
    expect(zh).toMatch(/<span class="list-count">321(<!-- -->)? (<!-- -->)?次阅读<\/span>/);
    expect(zh).toMatch(/<span class="list-count">45(<!-- -->)? (<!-- -->)?次观看<\/span>/);
    const en = await renderWidget("contentList", {
      source: "results",
      data: { results: ok({ list: results, total: 2 }) },
      props: { item: byKind },
      lang: "en",
    });
    expect(en).toMatch(/<span class="list-count">321(<!-- -->)? (<!-- -->)?reads<\/span>/);
  });

  it("shows counts with the 10,000-unit rule, truncated", async () => {
    const html = await renderWidget("contentList", { source: "lives", data: { lives: ok({ list: lives, total: 2 }) }, props: { item } });
    expect(html).toMatch(/<span class="list-count">12\.34万(<!-- -->)? (<!-- -->)?次观看<\/span>/);
    expect(html).toMatch(/<span class="list-count">9999(<!-- -->)? (<!-- -->)?次观看<\/span>/);
  });

  it("renders English fields and the w suffix in en", async () => {
    const html = await renderWidget("contentList", { lang: "en", source: "lives", data: { lives: ok({ list: lives, total: 2 }) }, props: { item } });
    expect(html).toContain('<h3 class="list-title">Frontier Lecture on Monetary Policy</h3>');
    expect(html).toContain("<span>Wei Wang</span><span>Peking University</span>");
    expect(html).toMatch(/123\.4K/);
    expect(html).toMatch(/>Live now</);
    expect(html).not.toContain("货币政策");
  });

  it("a paged list with more items than shown offers to load more", async () => {
    const html = await renderWidget("contentList", { source: "lives", data: { lives: ok({ list: lives, total: 40 }) }, props: { paged: true, item } });
    expect(html).toMatch(/<button type="button" class="button load-more"[^>]*>加载更多<\/button>/);
    expect(html).not.toContain("没有更多了");
  });

  it("a paged list that shows everything says there is no more", async () => {
    const html = await renderWidget("contentList", { source: "lives", data: { lives: ok({ list: lives, total: 2 }) }, props: { paged: true, item } });
    expect(html).not.toContain("load-more");
    expect(html).toContain('<span class="no-more">没有更多了</span>');
  });

  it("an unpaged list never offers to load more", async () => {
    const html = await renderWidget("contentList", { source: "lives", data: { lives: ok({ list: lives, total: 40 }) }, props: { item } });
    expect(html).not.toContain("load-more");
    expect(html).not.toContain("list-footer");
  });

  it("shows the empty text when there are no items", async () => {
    const html = await renderWidget("contentList", { source: "lives", data: { lives: ok({ list: [], total: 0 }) }, props: { paged: true, item } });
    expect(html).toMatch(/class="state-notice state-empty list-empty" role="status" data-state="empty">.*<p class="state-notice-text">暂无内容<\/p>/);
    expect(html).not.toContain("list-item");
    expect(html).not.toContain("no-more");
    expect(html).not.toContain("load-more");

    const custom = await renderWidget("contentList", {
      source: "lives",
      data: { lives: ok(null) },
      props: { emptyText: { zh: "还没有直播", en: "No lives yet" }, item },
    });
    expect(custom).toMatch(/class="state-notice state-empty list-empty" role="status" data-state="empty">.*<p class="state-notice-text">还没有直播<\/p>/);
  });

  it("reads items from listField and totalField, and shows at most limit items", async () => {
    const value = { page: { rows: lives, count: 99 } };
    const html = await renderWidget("contentList", {
      source: "lives",
      data: { lives: ok(value) },
      props: { listField: "page.rows", totalField: "page.count", paged: true, item },
    });
    expect(count(html, 'class="list-item"')).toBe(2);
    expect(html).toContain("load-more");

    const limited = await renderWidget("contentList", { source: "lives", data: { lives: ok({ list: lives, total: 2 }) }, props: { limit: 1, item } });
    expect(count(limited, 'class="list-item"')).toBe(1);
    expect(limited).toContain("货币政策前沿讲座");
    expect(limited).not.toContain("数字金融青年学者论坛");
  });

  it("item values are text, never markup", async () => {
    const hostile = [{ id: 1, title: '<img src=x onerror="alert(1)">', link: "javascript:alert(1)" }];
    const html = await renderWidget("contentList", {
      source: "lives",
      data: { lives: ok({ list: hostile, total: 1 }) },
      props: { item: { title: "{item.title}", link: "{item.link}" } },
    });
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img");
    expect(hrefs(html)).toEqual([]);
  });
});

describe("contentList as a ledger", () => {
  it("shows a row's moment in Beijing time and its signed amount", async () => {
    const html = await renderWidget("contentList", {
      props: { item: { title: "{item.reasonText}", date: "{item.createTime}", amount: "{item.delta}", amountUnit: { zh: "积分", en: "points" } } },
      source: "log",
      data: {
        log: {
          status: "ok",
          value: {
            list: [
              { id: 2, reasonText: "积分兑换", createTime: "2027-03-11T02:00:00.000Z", delta: -800 },
              { id: 1, reasonText: "每日签到", createTime: "2027-03-10T16:30:00.000Z", delta: 5 },
            ],
          },
        },
      },
    });
    expect(html).toContain('class="list-amount amount-out">−800 积分<');
    expect(html).toContain('class="list-amount amount-in">+5 积分<');
    expect(html).toContain(">2027年3月11日 10:00<");
    expect(html).toContain(">2027年3月11日 00:30<");
  });
});
