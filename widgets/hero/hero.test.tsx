import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

describe("hero", () => {
  const props = {
    title: { zh: "2027 中国金融学年会", en: "China Finance Annual Meeting 2027" },
    subtitle: "{t.home.latest}",
    image: "/media/poster/1.svg",
    tone: "dark",
    actionText: { zh: "立即报名", en: "Sign up" },
    actionLink: "/scienceMeetingDetail?id={query.id}",
  };

  it("renders its title, subtitle, image, tone and action in zh", async () => {
    const html = await renderWidget("hero", { props, query: { id: "12" } });
    expect(html).toContain("<h1>2027 中国金融学年会</h1>");
    expect(html).toContain("<p>最新内容</p>");
    expect(html).toContain('class="hero hero-dark"');
    expect(html).toContain('src="/media/poster/1.svg"');
    expect(hrefs(html)).toEqual(["/scienceMeetingDetail?id=12"]);
    expect(html).toMatch(/<a [^>]*>立即报名<\/a>/);
  });

  it("renders English texts in en", async () => {
    const html = await renderWidget("hero", { props, lang: "en", query: { id: "12" } });
    expect(html).toContain("<h1>China Finance Annual Meeting 2027</h1>");
    expect(html).toContain("<p>Latest</p>");
    expect(html).not.toContain("最新内容");
    expect(html).toMatch(/<a [^>]*>Sign up<\/a>/);
  });

  it("leaves out what it is not given, and defaults to the brand tone", async () => {
    const html = await renderWidget("hero", { props: { title: { zh: "标题", en: "Title" } } });
    expect(html).toContain('class="hero hero-brand"');
    expect(html).toContain("<h1>标题</h1>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("<p>");
  });
});
