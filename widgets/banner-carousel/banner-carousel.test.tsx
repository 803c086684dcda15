import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const banners = {
  list: [
    { id: 1, title: "年会开放报名", titleEn: "Annual meeting: registration open", cover: "/media/poster/1.svg", link: "/scienceMeetingList" },
    { id: 2, title: "合作伙伴", titleEn: "Partners", cover: "/media/poster/2.svg", link: "https://partner.example/page" },
    { id: 3, title: "新课上线", titleEn: "New course", cover: "/media/poster/3.svg", link: "/videoIndex" },
  ],
  total: 3,
};
const data = { banners: { status: "ok" as const, value: banners } };
const props = { items: "{data.banners.list}", imageField: "cover", titleField: "title", linkField: "link" };

describe("bannerCarousel", () => {
  it("renders one slide per banner, each a link with its image and caption", async () => {
    const html = await renderWidget("bannerCarousel", { props, data });
    expect(count(html, 'class="banner-slide"')).toBe(3);
    expect(hrefs(html)).toEqual(["/scienceMeetingList", "https://partner.example/page", "/videoIndex"]);
    expect(html).toContain('src="/media/poster/1.svg"');
    expect(html).toContain('alt="年会开放报名"');
    expect(html).toContain('<span class="banner-caption">新课上线</span>');
    expect(count(html, /class="dot( active)?"/)).toBe(3);
    expect(count(html, 'class="dot active"')).toBe(1);
  });

  it("leaves the caption out for banner art that carries its own text, keeping the title as the image's text", async () => {
    const html = await renderWidget("bannerCarousel", { props: { ...props, caption: false }, data });
    expect(html).not.toContain("banner-caption");
    expect(html).toContain('alt="新课上线"');
  });

  it("opens external links in a new tab, safely", async () => {
    const html = await renderWidget("bannerCarousel", { props, data });
    expect(html).toMatch(/<a href="https:\/\/partner\.example\/page" class="banner-slide" rel="noopener noreferrer" target="_blank">/);
  });

  it("a banner with an unsafe link is shown but is not a link", async () => {
    const unsafe = {
      list: [
        { id: 1, title: "坏链接", cover: "/c.svg", link: "javascript:alert(1)" },
        { id: 2, title: "协议相对", cover: "/d.svg", link: "//evil.example" },
      ],
    };
    const html = await renderWidget("bannerCarousel", { props, data: { banners: { status: "ok", value: unsafe } } });
    expect(count(html, 'class="banner-slide"')).toBe(2);
    expect(hrefs(html)).toEqual([]);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("evil.example");
  });

  it("shows English titles in en", async () => {
    const html = await renderWidget("bannerCarousel", { props, data, lang: "en" });
    expect(html).toContain('<span class="banner-caption">Annual meeting: registration open</span>');
    expect(html).toContain('alt="New course"');
    expect(html).not.toContain("年会开放报名");
  });

  it("uses the default fields and the aspect ratio", async () => {
    const list = [{ id: 5, title: "默认字段", imageUrl: "/img/5.png", link: "/home" }];
    const html = await renderWidget("bannerCarousel", {
      props: { items: "{data.b.list}", aspectRatio: "3:1" },
      data: { b: { status: "ok", value: { list } } },
    });
    expect(html).toContain('src="/img/5.png"');
    expect(html).toContain("banner-carousel ratio-3-1");
    expect(hrefs(html)).toEqual(["/home"]);
  });

  it("renders nothing without banners", async () => {
    expect(await renderWidget("bannerCarousel", { props, data: { banners: { status: "ok", value: { list: [] } } } })).toBe("");
    expect(await renderWidget("bannerCarousel", { props, data: { banners: { status: "ok", value: null } } })).toBe("");
  });
});
