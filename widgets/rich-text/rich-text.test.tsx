import { describe, expect, it } from "vitest";
import { count, renderWidget } from "@tests/unit/render-widget";

describe("richText", () => {
  it("renders blocks as headings, paragraphs and lists, consecutive items as one list", async () => {
    const html = await renderWidget("richText", {
      props: {
        title: { zh: "隐私政策", en: "Privacy policy" },
        blocks: [
          { kind: "heading", text: { zh: "一、我们收集的信息", en: "1. What we collect" } },
          { kind: "paragraph", text: { zh: "我们收集以下信息：", en: "We collect:" } },
          { kind: "item", text: { zh: "手机号码", en: "Phone number" } },
          { kind: "item", text: { zh: "电子邮箱", en: "Email" } },
          { kind: "subheading", text: { zh: "小节", en: "Section" } },
          { kind: "item", text: { zh: "收货地址", en: "Address" } },
          { kind: "note", text: { zh: "生效日期：2023-01-01", en: "Effective 2023-01-01" } },
        ],
      },
    });
    expect(html).toContain("<h1>隐私政策</h1>");
    expect(html).toContain("<h2>一、我们收集的信息</h2>");
    expect(html).toContain("<p>我们收集以下信息：</p>");
    expect(html).toContain("<ul><li>手机号码</li><li>电子邮箱</li></ul>");
    expect(html).toContain("<h3>小节</h3>");
    expect(html).toContain("<ul><li>收货地址</li></ul>");
    expect(html).toContain("<aside>生效日期：2023-01-01</aside>");
    expect(count(html, "<ul>")).toBe(2);
    expect(count(html, "<li>")).toBe(3);
    // in order
    expect(html.indexOf("<h2>")).toBeLessThan(html.indexOf("<p>"));
    expect(html.indexOf("电子邮箱")).toBeLessThan(html.indexOf("<h3>"));
  });

  it("renders English block texts in en", async () => {
    const html = await renderWidget("richText", { lang: "en", props: { blocks: [{ kind: "item", text: { zh: "手机号码", en: "Phone number" } }] } });
    expect(html).toContain("<ul><li>Phone number</li></ul>");
    expect(html).not.toContain("<h1>");
  });

  it("block text is text, never markup", async () => {
    const html = await renderWidget("richText", { props: { blocks: [{ kind: "paragraph", text: { zh: "<script>alert(1)</script>", en: "x" } }] } });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it("renders html from a data source, sanitised", async () => {
    const content =
      '<p onclick="steal()">正文 <strong>重点</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a>';
    const html = await renderWidget("richText", {
      props: { title: "{data.essay.title}", html: "{data.essay.content}" },
      data: { essay: { status: "ok", value: { title: "文章标题", content } } },
    });
    expect(html).toContain("<h1>文章标题</h1>");
    expect(html).toContain("<p>正文 <strong>重点</strong></p>");
    expect(html).toContain('<a href="https://example.com">ok</a>');
    expect(html).not.toMatch(/<script|onclick|javascript:|steal/i);
  });

  it("renders an empty document when the bound html is missing", async () => {
    const html = await renderWidget("richText", { props: { html: "{data.essay.content}" }, data: { essay: { status: "ok", value: {} } } });
    expect(html).toBe('<article class="rich-text"></article>');
  });
});
