import { describe, expect, it } from "vitest";
import { count, renderWidget } from "@tests/unit/render-widget";
import { noteCommentTotal } from "../parts/comment-totals";

const ok = (value: unknown) => ({ status: "ok" as const, value });
const post = {
  id: 5,
  userId: 7,
  userName: "Emily Carter",
  portraitUrl: "",
  content: "New working paper out.\nComments very welcome!",
  images: Array.from({ length: 9 }, (_, index) => `/api/file/download?name=${index}.png`),
  praiseCount: 4,
  praised: false,
  commentCount: 2,
  createTime: "2027-01-09T08:00:00.000Z",
  mine: true,
  link: "/circleDetail?id=5",
};

describe("circleDetail", () => {
  it("shows the whole post with its 9 images in the grid, in zh and en", async () => {
    const zh = await renderWidget("circleDetail", { source: "post", data: { post: ok(post) }, props: {} });
    expect(zh).toContain('data-testid="circle-detail"');
    expect(zh).toContain("New working paper out.\nComments very welcome!");
    expect(count(zh, /<img src="\/api\/file\/download\?name=\d\.png" alt="第\d张图片，共9张"/g)).toBe(9);
    // The avatar repeats the name's link: a link without a name of its own, so kept from keyboards and screen readers.
    expect(zh).toMatch(/<a [^>]*aria-hidden="true" tabindex="-1"[^>]*class="circle-author-avatar"|<a [^>]*class="circle-author-avatar"[^>]*aria-hidden="true"/);
    expect(zh).toContain('src="/avatar.svg"');
    // Removing and the viewer come with the browser: the server's HTML has neither.
    expect(zh).not.toContain("删除");
    expect(zh).not.toContain("circle-viewer");
    const en = await renderWidget("circleDetail", { lang: "en", source: "post", data: { post: ok(post) }, props: {} });
    expect(en).toContain('alt="Image 9 of 9"');
    expect(en).toMatch(/Like(<!-- -->)? (<!-- -->)?4/);
  });

  it("shows nothing without a post", async () => {
    expect(await renderWidget("circleDetail", { source: "post", data: { post: ok(null) }, props: {} })).toBe("");
  });

  it("counts the comments the thread last read, not the page's older data, after the viewer commented", async () => {
    const before = await renderWidget("circleDetail", { source: "post", data: { post: ok({ ...post, id: 6 }) }, props: {} });
    expect(before).toMatch(/评论(<!-- -->)? (<!-- -->)?2</);
    noteCommentTotal("circle", 6, 3);
    const after = await renderWidget("circleDetail", { source: "post", data: { post: ok({ ...post, id: 6 }) }, props: {} });
    expect(after).toMatch(/评论(<!-- -->)? (<!-- -->)?3</);
    // Another post keeps its own count.
    const other = await renderWidget("circleDetail", { source: "post", data: { post: ok({ ...post, id: 7 }) }, props: {} });
    expect(other).toMatch(/评论(<!-- -->)? (<!-- -->)?2</);
  });
});
