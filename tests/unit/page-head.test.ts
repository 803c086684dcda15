import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import type { PageView } from "~/pipeline/page-view";
import type { PageConfig } from "@schemas/generated/page-config";
import { pageHead, pageUrl, SITE_SHARE_IMAGE } from "~/seo/page-head";
import { headFacts } from "~/seo/head-facts.server";

const ORIGIN = "https://scholar.example";

function view(config: Partial<PageConfig>, rest: Partial<PageView> = {}): PageView {
  return {
    kind: "page",
    status: 200,
    path: config.path ?? "/home",
    config: { path: "/home", title: { zh: "首页", en: "Home" }, widgets: [], ...config },
    problems: [],
    query: {},
    data: {},
    gate: "ok",
    user: null,
    widgetTypes: [],
    serverNow: 0,
    lateNodes: [],
    lateCode: [],
    ...rest,
  };
}

const head = (page: PageView, lang: "zh" | "en" = "zh", search = "") =>
  pageHead({ view: { ...page, head: headFacts(page, lang) }, lang, siteName: "经管学术圈", siteDescription: "站点简介", publicOrigin: ORIGIN, search });
/** The head's entries carrying every given attribute value, as plain records (MetaDescriptor is a union of shapes). */
const find = (entries: MetaDescriptor[], match: Record<string, string>) =>
  (entries as Record<string, unknown>[]).filter((entry) => Object.entries(match).every(([key, value]) => entry[key] === value));

describe("page head", () => {
  it("says the config's description in the page's language, and the site's when the config has none", () => {
    const described = view({ description: { zh: "直播与会议", en: "Lives and meetings" } });
    expect(find(head(described, "en"), { name: "description" })[0]).toEqual({ name: "description", content: "Lives and meetings" });
    expect(find(head(view({})), { name: "description" })[0]).toEqual({ name: "description", content: "站点简介" });
  });

  it("names the primary path with only the declared query values as canonical, per language", () => {
    const detail = view({ path: "/videoDetail", query: { id: { required: true } } }, { path: "/videoDetail" });
    const search = "?id=343&from=wechat&lang=en";
    expect(pageUrl(detail, "zh", ORIGIN, search)).toBe(`${ORIGIN}/videoDetail?id=343`);
    expect(pageUrl(detail, "en", ORIGIN, search)).toBe(`${ORIGIN}/videoDetail?id=343&lang=en`);
    const entries = head(detail, "en", search);
    expect(find(entries, { rel: "canonical" })[0]).toMatchObject({ href: `${ORIGIN}/videoDetail?id=343&lang=en` });
    expect(find(entries, { rel: "alternate" }).map((entry) => [entry.hrefLang, entry.href])).toEqual([
      ["zh", `${ORIGIN}/videoDetail?id=343`],
      ["en", `${ORIGIN}/videoDetail?id=343&lang=en`],
      ["x-default", `${ORIGIN}/videoDetail?id=343`],
    ]);
    expect(find(entries, { property: "og:url" })[0]).toMatchObject({ content: `${ORIGIN}/videoDetail?id=343&lang=en` });
  });

  it("titles and describes a detail page by the item it shows", () => {
    const summary = `${"An essay on corporate governance. ".repeat(8)}End.`;
    const detail = view(
      {
        path: "/videoDetail",
        query: { id: { required: true } },
        subject: { title: "{data.video.title}", summary: "{data.video.summary}" },
        widgets: [{ type: "detailHeader", props: { title: "{data.video.title}", body: "{data.video.summary}" } }],
      },
      { data: { video: { status: "ok", value: { title: "公司治理", titleEn: "Corporate governance", summary: "<p>x</p>", summaryEn: summary } } } },
    );
    const entries = head(detail, "en", "?id=343");
    expect(find(entries, {})[0]).toEqual({ title: "Corporate governance · 经管学术圈" });
    const description = String(find(entries, { name: "description" })[0].content);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^An essay on corporate governance\. .*…$/);
    expect(find(entries, { property: "og:title" })[0]).toMatchObject({ content: "Corporate governance" });
  });

  it("never takes a widget's heading for the page's title: a page without a subject is titled by its config", () => {
    const thread = view(
      {
        path: "/qaDetail",
        title: { zh: "问答详情", en: "Question" },
        query: { id: { required: true } },
        widgets: [{ type: "contentList", props: { title: "{t.qa.detail.comments}" } }],
      },
      { data: { question: { status: "ok", value: { title: "资产定价" } } } },
    );
    expect(find(head(thread, "zh", "?id=1"), {})[0]).toEqual({ title: "问答详情 · 经管学术圈" });
  });

  it("cuts a subject's long text (a circle post) to a title's length at a word", () => {
    const post = view(
      { path: "/circleDetail", query: { id: { required: true } }, subject: { title: "{data.post.content}" } },
      { data: { post: { status: "ok", value: { content: "Fieldwork in Yunnan: ".repeat(10) } } } },
    );
    const title = String(find(head(post, "en", "?id=1"), { property: "og:title" })[0].content);
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title).toMatch(/^Fieldwork in Yunnan: .*…$/);
  });

  it("shares the first banner's picture as the 1200×630 share JPEG made from it, or the site's when the page shows none", () => {
    const home = view(
      { widgets: [{ type: "bannerCarousel", props: { items: "{data.banners.list}", imageField: "cover", titleField: "title", linkField: "link" } }] },
      { data: { banners: { status: "ok", value: { list: [{ cover: "/media/poster/1231.svg" }] } } } },
    );
    expect(headFacts(home, "zh").image).toBe("/media/poster/1231.svg");
    expect(find(head(home), { property: "og:image" })[0]).toMatchObject({
      content: `${ORIGIN}/media/share.jpg?src=%2Fmedia%2Fposter%2F1231.svg&lang=zh`,
    });
    expect(find(head(home), { property: "og:image:width" })[0]).toMatchObject({ content: "1200" });
    expect(find(head(home), { property: "og:image:height" })[0]).toMatchObject({ content: "630" });
    expect(find(head(view({})), { property: "og:image" })[0]).toMatchObject({ content: `${ORIGIN}${SITE_SHARE_IMAGE}` });
    expect(find(head(view({})), { property: "og:image:width" })).toEqual([]);
  });

  it("never takes a script or protocol-relative address for the shared picture", () => {
    const hostile = view(
      { widgets: [{ type: "hero", props: { title: "x", image: "{data.item.cover}" } }] },
      { data: { item: { status: "ok", value: { cover: "javascript:alert(1)" } } } },
    );
    expect(headFacts(hostile, "zh").image).toBeNull();
    const elsewhere = view({ widgets: [{ type: "hero", props: { title: "x", image: "//evil.example/a.png" } }] });
    expect(headFacts(elsewhere, "zh").image).toBeNull();
  });

  it("keeps error and not-found answers out of the index and out of canonical links", () => {
    const missing = head(view({}, { status: 404 }));
    expect(find(missing, { name: "robots" })[0]).toEqual({ name: "robots", content: "noindex" });
    expect(find(missing, { rel: "canonical" })).toEqual([]);
  });
});
