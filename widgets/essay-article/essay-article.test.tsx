import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const article = {
  id: 41,
  title: "双重差分的平行趋势：如何检验，何时放弃",
  cover: "/media/poster/41.svg",
  intro: "事件研究图不是装饰，是识别假设的证据。",
  status: "released",
  visibility: "public",
  viewCount: 15_480,
  releaseTime: "2027-04-08T02:00:00.000Z",
  updateTime: "2027-04-08T02:00:00.000Z",
  hasPendingEdits: false,
  mine: false,
  author: { userId: 7, userName: "周晓岚", portraitUrl: "", followed: false, blocked: false },
};
const props = { editLink: "/essayEdit", listLink: "/essayList?tab=3" };
const render = (value: object, options: { lang?: "zh" | "en"; user?: object } = {}) =>
  renderWidget("essayArticle", {
    props,
    source: "essay",
    data: { essay: { status: "ok", value: { ...article, ...value } } },
    lang: options.lang,
    user: options.user as never,
  });

describe("essayArticle", () => {
  it("shows the cover, title, writer, release time, reads and intro", async () => {
    const html = await render({});
    expect(html).toContain('<h1 class="essay-article-title">双重差分的平行趋势：如何检验，何时放弃</h1>');
    expect(html).toContain('src="/media/poster/41.svg"');
    expect(html).toContain("周晓岚");
    expect(html).toContain("发布于 2027年4月8日 10:00");
    expect(html).toContain("1.54万 阅读");
    expect(html).toContain("事件研究图不是装饰");
    // Nobody else gets the writer's tools, and the draft notice is the writer's alone.
    expect(hrefs(html)).toEqual([]);
    expect(html).not.toContain("草稿");
  });

  it("shows the writer their draft's notice, who may read it, and the way to edit it", async () => {
    const html = await render({ mine: true, status: "draft", releaseTime: null, visibility: "followers" }, { user: { id: 7, userName: "13800000000" } });
    expect(html).toContain("这是草稿，只有你能看到");
    expect(html).toContain("可见范围：关注我的人可见");
    // A platform that names the user by a string id ("7") is the same writer.
    const named = await render({ mine: true, status: "draft", releaseTime: null }, { user: { id: "7", userName: "13800000000" } });
    expect(named).toContain("这是草稿，只有你能看到");
  });

  it("speaks English, with a seeded article's English title and intro", async () => {
    const html = await render({ titleEn: "Parallel trends in difference-in-differences", introEn: "An event-study plot is evidence." }, { lang: "en" });
    expect(html).toContain("15.4K reads");
    expect(await render({ viewCount: 1 }, { lang: "en" })).toContain("1 read<");
    expect(html).toContain("Parallel trends in difference-in-differences</h1>");
    expect(html).toContain("An event-study plot is evidence.");
  });

  it("leads from the writer's name to their page", async () => {
    const html = await renderWidget("essayArticle", {
      props: { ...props, authorLink: "/userHome" },
      source: "essay",
      data: { essay: { status: "ok", value: article } },
    });
    expect(hrefs(html)).toEqual(["/userHome?id=7"]);
  });

  it("renders nothing without an article", async () => {
    expect(await renderWidget("essayArticle", { props, source: "essay", data: { essay: { status: "error", message: "x" } as never } })).toBe("");
  });
});
