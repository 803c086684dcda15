import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const props = {
  code: "404",
  title: { zh: "页面不存在", en: "Page not found" },
  text: { zh: "您访问的页面不存在或已被移除。", en: "The page you are looking for does not exist." },
  actionText: "{t.common.nav.backHome}",
  actionLink: "/home",
};

describe("errorState", () => {
  it("renders its code, title, text and a way home", async () => {
    const html = await renderWidget("errorState", { props });
    expect(html).toContain('role="alert"');
    expect(html).toContain('<p class="error-code">404</p>');
    expect(html).toContain("<h1>页面不存在</h1>");
    expect(html).toContain("<p>您访问的页面不存在或已被移除。</p>");
    expect(hrefs(html)).toEqual(["/home"]);
    expect(html).toMatch(/<a [^>]*>返回首页<\/a>/);
  });

  it("renders English in en", async () => {
    const html = await renderWidget("errorState", { props, lang: "en" });
    expect(html).toContain("<h1>Page not found</h1>");
    expect(html).toMatch(/<a [^>]*>Back to home<\/a>/);
  });

  it("leaves out the code, text and action when not given", async () => {
    const html = await renderWidget("errorState", { props: { title: { zh: "出错了", en: "Error" } } });
    expect(html).toBe('<section class="error-state" role="alert"><h1>出错了</h1></section>');
  });
});
