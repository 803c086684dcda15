import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const types = {
  status: "ok" as const,
  value: {
    list: [
      { id: 1, name: "宏观与政策", nameEn: "Macro & Policy" },
      { id: 2, name: "金融", nameEn: "Finance" },
    ],
  },
};
const current = (html: string) => [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)/g)].map((match) => match[1]);

describe("filterChips", () => {
  it("links each choice to the current page with that value, keeping the other query values as written", async () => {
    const html = await renderWidget("filterChips", {
      url: "/searchList?searchType=1&kw=5Lq65bel",
      props: {
        queryKey: "searchType",
        defaultValue: "0",
        options: [
          { value: "0", label: "{t.home.search.tabs.0}" },
          { value: "1", label: "{t.home.search.tabs.1}" },
          { value: "4", label: "{t.home.search.tabs.4}" },
        ],
      },
    });
    expect(hrefs(html)).toEqual(["/searchList?searchType=0&kw=5Lq65bel", "/searchList?searchType=1&kw=5Lq65bel", "/searchList?searchType=4&kw=5Lq65bel"]);
    expect(current(html)).toEqual(["文献"]);
  });

  it("takes choices from a data source, with an 'all' choice that clears the value", async () => {
    const html = await renderWidget("filterChips", {
      url: "/videoList?typeId=2",
      data: { types },
      props: { queryKey: "typeId", items: "{data.types.list}", allLabel: { zh: "全部", en: "All" } },
    });
    expect(hrefs(html)).toEqual(["/videoList", "/videoList?typeId=1", "/videoList?typeId=2"]);
    expect(current(html)).toEqual(["金融"]);
    const none = await renderWidget("filterChips", {
      url: "/videoList",
      data: { types },
      props: { queryKey: "typeId", items: "{data.types.list}", allLabel: { zh: "全部", en: "All" } },
    });
    expect(current(none)).toEqual(["全部"]);
    const english = await renderWidget("filterChips", {
      lang: "en",
      url: "/videoList",
      data: { types },
      props: { queryKey: "typeId", items: "{data.types.list}" },
    });
    expect(english).toContain(">Macro &amp; Policy</a>");
  });

  it("with a target, opens that page with the value and marks nothing here", async () => {
    const html = await renderWidget("filterChips", {
      url: "/videoIndex?x=1",
      data: { types },
      props: { queryKey: "typeId", target: "/videoList", items: "{data.types.list}" },
    });
    expect(hrefs(html)).toEqual(["/videoList?typeId=1", "/videoList?typeId=2"]);
    expect(current(html)).toEqual([]);
  });

  it("shows counts with the 10,000-unit rule and skips unsafe values", async () => {
    const data = { status: "ok" as const, value: { counts: { "0": 123456, "1": 7 }, list: [{ id: "a b", name: "bad" }] } };
    const html = await renderWidget("filterChips", {
      data: { results: data },
      props: {
        queryKey: "searchType",
        options: [
          { value: "0", label: { zh: "全部", en: "All" } },
          { value: "1", label: { zh: "文档", en: "Docs" } },
        ],
        counts: "{data.results.counts}",
        items: "{data.results.list}",
      },
    });
    expect(html).toContain('<span class="filter-count">12.34万</span>');
    expect(html).toContain('<span class="filter-count">7</span>');
    expect(html).not.toContain("bad");
  });
});
