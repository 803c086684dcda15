import { describe, expect, it } from "vitest";
import { count, renderWidget } from "@tests/unit/render-widget";

const comments = [
  { id: 2, videoId: 9, userId: 5, userName: "用户1234", portraitUrl: "", content: "讲得很清楚 <b>谢谢</b>", createTime: "2027-01-09T08:00:00.000Z" },
  { id: 1, videoId: 9, userId: 6, userName: "小王", portraitUrl: "/media/avatar/6.png", content: "第二条", createTime: "2027-01-08T08:00:00.000Z" },
];
const ok = (value: unknown) => ({ status: "ok" as const, value });

describe("videoComments", () => {
  it("lists the source's comments with author, time and text (as text), and the total", async () => {
    const html = await renderWidget("videoComments", {
      source: "comments",
      data: { comments: ok({ list: comments, total: 2 }) },
      props: { videoId: "{query.id}" },
      query: { id: "9" },
    });
    expect(count(html, 'class="comment"')).toBe(2);
    expect(html).toContain("<strong>用户1234</strong>");
    expect(html).toContain("讲得很清楚 &lt;b&gt;谢谢&lt;/b&gt;");
    expect(html).toContain('src="/avatar.svg"');
    expect(html).toContain('src="/media/avatar/6.png"');
    expect(html).toMatch(/评论(<!-- -->)? <span class="comment-total">2<\/span>/);
    expect(html).toContain('dateTime="2027-01-09T08:00:00.000Z"');
    expect(html).toContain("2027年1月9日 16:00");
    expect(html).toContain(">写评论…</button>");
    // Nobody is signed in on the server: no delete buttons.
    expect(html).not.toContain("comment-delete");
  });

  it("offers more when the source has more comments than shown", async () => {
    const html = await renderWidget("videoComments", {
      source: "comments",
      data: { comments: ok({ list: comments, total: 25 }) },
      props: { videoId: "{query.id}" },
      query: { id: "9" },
    });
    expect(html).toMatch(/class="button load-more"[^>]*>加载更多</);
  });

  it("says so when there are none, in zh and en", async () => {
    const zh = await renderWidget("videoComments", {
      source: "comments",
      data: { comments: ok({ list: [], total: 0 }) },
      props: { videoId: "{query.id}" },
      query: { id: "9" },
    });
    expect(zh).toContain("还没有评论，来说两句吧");
    expect(zh).not.toContain("load-more");
    const en = await renderWidget("videoComments", {
      lang: "en",
      source: "comments",
      data: { comments: ok({ list: [], total: 0 }) },
      props: { videoId: "{query.id}", title: { zh: "讨论", en: "Discussion" } },
      query: { id: "9" },
    });
    expect(en).toContain("No comments yet. Be the first");
    expect(en).toContain("Discussion");
    expect(en).toContain(">Write a comment…</button>");
  });
});
