import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const scholars = [
  {
    authorCode: "A100000",
    authorName: "郭然敏",
    authorNameEn: "Ranmin Guo",
    orgName: "中山大学岭南学院",
    orgNameEn: "Lingnan College",
    researchField: "货币政策",
    researchFieldEn: "Monetary Policy",
    verified: true,
    followerCount: 23456,
    portraitUrl: "",
    followed: false,
    link: "/person?authorCode=A100000",
  },
  {
    authorCode: "A100001",
    authorName: "李敏",
    authorNameEn: "Min Li",
    orgName: "清华大学",
    orgNameEn: "Tsinghua University",
    researchField: "数字金融",
    researchFieldEn: "Digital Finance",
    verified: false,
    followerCount: 12,
    portraitUrl: "/media/p/1.png",
    followed: true,
    link: "/person?authorCode=A100001",
  },
];
const ok = (value: unknown) => ({ status: "ok" as const, value });

describe("scholarList", () => {
  it("lists scholars with verified marks, institution, field, followers and a follow button in its state", async () => {
    const html = await renderWidget("scholarList", {
      source: "authors",
      data: { authors: ok({ list: scholars, total: 2 }) },
      props: { title: "{t.person.scholars}", moreLink: "/authorList" },
    });
    expect(count(html, 'class="scholar-item"')).toBe(2);
    expect(hrefs(html)).toEqual(["/authorList", "/person?authorCode=A100000", "/person?authorCode=A100001"]);
    expect(html).toMatch(/<strong>郭然敏<\/strong> (<!-- -->)?<span class="verified-mark"/);
    expect(html).toContain('<span class="verified-mark unverified">未认证</span>');
    expect(html).toMatch(/货币政策(<!-- -->)? · (<!-- -->)?2\.34万(<!-- -->)? (<!-- -->)?粉丝/);
    expect(html).toMatch(/class="follow-button" aria-pressed="false"[^>]*>\+ 关注</);
    expect(html).toMatch(/class="follow-button following" aria-pressed="true"[^>]*>已关注</);
    expect(html).toContain('<span class="scholar-initial avatar-44" aria-hidden="true">郭</span>');
    expect(html).toContain('src="/media/p/1.png"');
  });

  it("in en shows English names, and pages on when paged", async () => {
    const html = await renderWidget("scholarList", {
      lang: "en",
      source: "authors",
      data: { authors: ok({ list: scholars, total: 30 }) },
      props: { paged: true },
    });
    expect(html).toContain("<strong>Ranmin Guo</strong>");
    expect(html).toContain("Lingnan College");
    expect(html).toMatch(/>Following</);
    expect(html).toMatch(/>\+ Follow</);
    expect(html).toMatch(/class="button load-more"[^>]*>Load more</);
    expect(html).not.toContain("郭然敏");
  });

  it("says when there is nobody", async () => {
    const html = await renderWidget("scholarList", {
      source: "authors",
      data: { authors: ok({ list: [], total: 0 }) },
      props: { emptyText: { zh: "没有找到学者", en: "No scholars found" } },
    });
    expect(html).toMatch(/class="state-notice state-empty list-empty" role="status" data-state="empty">.*<p class="state-notice-text">没有找到学者<\/p>/);
  });
});
