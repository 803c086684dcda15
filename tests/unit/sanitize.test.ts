import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "@widgets/kit/sanitize-html";

describe("sanitizeHtml", () => {
  it("keeps formatting: paragraphs, https links, strong, lists, headings", () => {
    const html = '<h2>标题</h2><p>Hello <strong>world</strong> and <em>you</em></p><ul><li>one</li></ul><a href="https://example.com/paper?id=1">paper</a>';
    const clean = sanitizeHtml(html);
    expect(clean).toContain("<h2>标题</h2>");
    expect(clean).toContain("<p>Hello <strong>world</strong> and <em>you</em></p>");
    expect(clean).toContain("<ul><li>one</li></ul>");
    expect(clean).toContain('<a href="https://example.com/paper?id=1">paper</a>');
  });

  it("keeps in-site links and anchors", () => {
    expect(sanitizeHtml('<a href="/docDetail?id=3">doc</a>')).toContain('href="/docDetail?id=3"');
    expect(sanitizeHtml('<a href="#notes">notes</a>')).toContain('href="#notes"');
  });

  it("removes <script> elements with their content", () => {
    const clean = sanitizeHtml('<p>before</p><script>alert("x")</script><p>after</p><SCRIPT src="https://evil.example/x.js"></SCRIPT>');
    expect(clean).toBe("<p>before</p><p>after</p>");
    expect(clean.toLowerCase()).not.toContain("script");
    expect(clean).not.toContain("alert");
  });

  it("removes style, iframe, object and embed elements", () => {
    const clean = sanitizeHtml('<style>p{color:red}</style><iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><p>ok</p>');
    expect(clean).toBe("<p>ok</p>");
  });

  it("a void <embed> leaves no trace, and an unclosed <script> leaves no markup", () => {
    expect(sanitizeHtml('<p>a</p><embed src="https://evil.example/x.swf"><p>b</p>')).toBe("<p>a</p><p>b</p>");
    const unclosed = sanitizeHtml("<p>a</p><script>alert(1)");
    expect(unclosed).not.toMatch(/<script/i);
    expect(unclosed.startsWith("<p>a</p>")).toBe(true);
  });

  it("removes on* event handlers", () => {
    const clean = sanitizeHtml('<p onclick="steal()">a</p><img src="/x.png" onerror="steal()"><a href="https://example.com" onmouseover="steal()">b</a>');
    expect(clean).not.toMatch(/on(click|error|mouseover)/i);
    expect(clean).not.toContain("steal");
    expect(clean).toContain("<p>a</p>");
    expect(clean).toContain('src="/x.png"');
  });

  it("removes javascript:, data: and protocol-relative URLs", () => {
    for (const href of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "jav&#x09;ascript:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:x",
      "//evil.example/x",
    ]) {
      const clean = sanitizeHtml(`<a href="${href}">x</a>`);
      expect(clean, href).not.toMatch(/javascript|vbscript|data:|evil/i);
      expect(clean, href).toContain(">x</a>");
    }
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).not.toContain("javascript");
  });

  it("removes style attributes", () => {
    const clean = sanitizeHtml('<p style="position:fixed;top:0;background:url(javascript:alert(1))">text</p>');
    expect(clean).toBe("<p>text</p>");
  });

  it("escapes tags outside the allow-list instead of rendering them", () => {
    const clean = sanitizeHtml('<form action="https://evil.example"><input name="pw"></form><p>ok</p>');
    expect(clean).not.toMatch(/<form|<input/);
    expect(clean).toContain("<p>ok</p>");
  });

  it("removes media elements", () => {
    expect(sanitizeHtml('<video src="/a.mp4"></video><audio src="/a.mp3"></audio><p>x</p>')).not.toMatch(/<video|<audio/);
  });
});
