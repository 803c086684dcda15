import { describe, expect, it } from "vitest";
import { searchHref } from "./component";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";
import { decodeQueryText } from "../kit/links";

const hot = {
  status: "ok" as const,
  value: {
    list: [
      { keyword: "货币政策", keywordEn: "Monetary Policy" },
      { keyword: "数字金融", keywordEn: "Digital Finance" },
    ],
  },
};

describe("searchBar", () => {
  it("links a search to its target with the keyword as base64url and the scope", () => {
    const href = searchHref("/searchList", "货币 政策", "1");
    expect(href).toMatch(/^\/searchList\?searchType=1&kw=[A-Za-z0-9_-]+$/);
    expect(decodeQueryText(new URL(href, "http://x").searchParams.get("kw")!)).toBe("货币 政策");
    expect(searchHref("/authorList", "")).toBe("/authorList");
  });

  it("keeps the page's filters when searching the page it is on, and drops the old keyword and page (issue 34)", () => {
    const href = searchHref("/jobList", "研究助理", undefined, new URLSearchParams("type=2&city=上海&kw=old&pageNum=3"));
    const params = new URL(href, "http://x").searchParams;
    expect(params.get("type")).toBe("2");
    expect(params.get("city")).toBe("上海");
    expect(params.get("pageNum")).toBeNull();
    expect(decodeQueryText(params.get("kw")!)).toBe("研究助理");
  });

  it("renders a search box with the scope's placeholder and the hot keywords while empty", async () => {
    const html = await renderWidget("searchBar", { props: { target: "/searchList", searchType: "1", suggestions: "{data.hot.list}" }, data: { hot } });
    expect(html).toContain('role="search"');
    expect(html).toContain('placeholder="搜索论文、研报、图书"');
    expect(html).toContain('aria-label="热门搜索"');
    expect(count(html, 'class="chip chip-hot"')).toBe(2);
    expect(html).toContain(">货币政策</button>");
    expect(html).toMatch(/<button type="submit" class="search-submit">搜索<\/button>/);
  });

  it("shows the current keyword and no suggestions once searched", async () => {
    const html = await renderWidget("searchBar", {
      props: { keyword: "{query.kw}", suggestions: "{data.hot.list}" },
      data: { hot },
      query: { kw: "数字金融" },
    });
    expect(html).toContain('value="数字金融"');
    expect(html).not.toContain("热门搜索");
  });

  it("in English, uses English placeholders and the keywords' English names", async () => {
    const html = await renderWidget("searchBar", { lang: "en", props: { searchType: "4", suggestions: "{data.hot.list}" }, data: { hot } });
    expect(html).toContain('placeholder="Search videos, series"');
    expect(html).toContain(">Monetary Policy</button>");
    expect(html).not.toContain("货币政策");
  });

  it("link mode is a bar that opens the search page in its scope", async () => {
    const html = await renderWidget("searchBar", { props: { mode: "link", target: "/searchPage", searchType: "4" } });
    expect(hrefs(html)).toEqual(["/searchPage?searchType=4"]);
    expect(html).not.toContain("<input");
    expect(html).toContain("搜索视频、专题");
  });

  it("ignores a scope that is not a search type", async () => {
    const html = await renderWidget("searchBar", {
      props: { mode: "link", target: "/searchPage", searchType: "{query.searchType}" },
      query: { searchType: "9" },
    });
    expect(hrefs(html)).toEqual(["/searchPage"]);
  });
});
