import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const post = (id: number, images: number, extra: Record<string, unknown> = {}) => ({
  id,
  userId: 7,
  userName: "陈思远",
  portraitUrl: "/api/file/download?name=a.png",
  content: `第${id}条 <b>动态</b>`,
  images: Array.from({ length: images }, (_, index) => `/api/file/download?name=${id}-${index}.png`),
  praiseCount: 12,
  praised: false,
  commentCount: 3,
  createTime: "2027-01-09T08:00:00.000Z",
  mine: false,
  link: `/circleDetail?id=${id}`,
  ...extra,
});
const ok = (value: unknown) => ({ status: "ok" as const, value });

describe("circleFeed", () => {
  it("shows each post's author, text (as text), images, praise and comment counts, leading to the post and the author", async () => {
    const html = await renderWidget("circleFeed", {
      source: "feed",
      data: { feed: ok({ list: [post(2, 9), post(1, 1, { praised: true })], total: 2 }) },
      props: { title: "{t.circle.feed.title}", composeLink: "/circlePost" },
    });
    expect(count(html, 'data-testid="circle-post"')).toBe(2);
    expect(html).toContain("第2条 &lt;b&gt;动态&lt;/b&gt;");
    expect(count(html, /<img src="\/api\/file\/download\?name=2-\d\.png"/g)).toBe(9);
    expect(html).toContain("circle-images circle-images-one");
    expect(hrefs(html)).toEqual(expect.arrayContaining(["/circleDetail?id=2", "/userHome?id=7"]));
    expect(html).toMatch(/aria-pressed="true"[^>]*>.*赞(<!-- -->)? (<!-- -->)?12/);
    expect(html).toMatch(/评论(<!-- -->)? (<!-- -->)?3/);
    expect(html).toContain(">发动态</button>");
    expect(html).not.toContain("load-more");
  });

  it("says there is nothing yet (its own words or the page's), in zh and en, and offers more when there is", async () => {
    const empty = { source: "feed", data: { feed: ok({ list: [], total: 0 }) } };
    expect(await renderWidget("circleFeed", { ...empty, props: {} })).toContain("还没有动态");
    expect(await renderWidget("circleFeed", { ...empty, lang: "en", props: { emptyText: "{t.personCenter.userHome.postsEmpty}" } })).toContain(
      "No posts to show",
    );
    const more = await renderWidget("circleFeed", { source: "feed", data: { feed: ok({ list: [post(3, 0)], total: 30 }) }, props: {} });
    expect(more).toMatch(/class="button load-more"[^>]*>加载更多</);
    expect(more).not.toContain("发动态");
  });
});
