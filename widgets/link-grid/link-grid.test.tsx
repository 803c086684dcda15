import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const props = {
  title: { zh: "快速入口", en: "Shortcuts" },
  columns: 3,
  links: [
    { label: "{t.live.title}", icon: "live", link: "/liveIndex" },
    { label: { zh: "图书", en: "Books" }, description: { zh: "经管好书", en: "Good reads" }, icon: "book", link: "/bookList" },
    { label: { zh: "合作方", en: "Partner" }, link: "https://partner.example" },
  ],
};

describe("linkGrid", () => {
  it("renders one entry per link with its label, icon and description", async () => {
    const html = await renderWidget("linkGrid", { props });
    expect(html).toContain('<h2 class="section-title">快速入口</h2>');
    expect(html).toContain('class="link-grid columns-3"');
    expect(count(html, "link-grid-item")).toBe(3);
    expect(hrefs(html)).toEqual(["/liveIndex", "/bookList", "https://partner.example"]);
    expect(html).toContain('<span class="link-grid-label">直播</span>');
    expect(html).toContain('<span class="link-grid-label">图书</span>');
    expect(html).toContain("<small>经管好书</small>");
    expect(html).toContain("icon icon-live");
    expect(html).toContain("icon icon-book");
    expect(count(html, "<svg")).toBe(2);
  });

  it("renders English labels in en", async () => {
    const html = await renderWidget("linkGrid", { props, lang: "en" });
    expect(html).toContain('<h2 class="section-title">Shortcuts</h2>');
    expect(html).toContain('<span class="link-grid-label">Live</span>');
    expect(html).toContain('<span class="link-grid-label">Books</span>');
    expect(html).toContain("<small>Good reads</small>");
  });

  it("defaults to four columns and no title", async () => {
    const html = await renderWidget("linkGrid", { props: { links: [{ label: { zh: "首页", en: "Home" }, link: "/home" }] } });
    expect(html).toContain('class="link-grid columns-4"');
    expect(html).not.toContain("section-title");
  });
});
