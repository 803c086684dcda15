import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const paper = {
  id: 631,
  kind: "paper",
  title: "货币政策传导与银行信贷：基于贷款层面数据的分析",
  journal: "经济学（季刊）",
  year: 2017,
  authors: [{ name: "杨华欣" }, { name: "张三" }],
  keywords: ["货币政策", "银行信贷"],
};
const doc = (value: Record<string, unknown>) => ({ doc: { status: "ok" as const, value } });

describe("citeBox", () => {
  it("links each style's copy button to the reference as text, and the files, in the page's language", async () => {
    const html = await renderWidget("citeBox", { data: doc(paper), props: { kind: "paper", item: "{data.doc}" } });
    expect(hrefs(html)).toEqual([
      "/cite/paper/631?style=gbt7714&lang=zh",
      "/cite/paper/631?style=apa&lang=zh",
      "/cite/paper/631?style=chicago&lang=zh",
      "/cite/paper/631?style=mla&lang=zh",
      "/cite/paper/631.bib?lang=zh",
      "/cite/paper/631.ris?lang=zh",
    ]);
    for (const name of ["GB/T 7714-2015", "APA", "Chicago", "MLA"]) expect(html).toContain(`<span class="cite-style-name">${name}</span>`);
    expect(html).toContain(">查看</a>");
    const english = await renderWidget("citeBox", { lang: "en", data: doc(paper), props: { kind: "report", item: "{data.doc}" } });
    expect(hrefs(english)[0]).toBe("/cite/report/631?style=gbt7714&lang=en");
    expect(english).toContain(">Open</a>");
  });

  it("carries Highwire tags, one per author, and a COinS span for reference managers", async () => {
    const html = await renderWidget("citeBox", { data: doc(paper), props: { kind: "paper", item: "{data.doc}" } });
    expect(html).toContain(`<meta name="citation_title" content="${paper.title}"/>`);
    expect(html).toContain('<meta name="citation_author" content="杨华欣"/><meta name="citation_author" content="张三"/>');
    expect(html).toContain('<meta name="citation_publication_date" content="2017"/>');
    expect(html).toContain('<meta name="citation_journal_title" content="经济学（季刊）"/>');
    expect(html).toContain('<meta name="citation_keywords" content="货币政策; 银行信贷"/>');
    const coins = /<span class="Z3988" title="([^"]*)"/.exec(html)?.[1].replace(/&amp;/g, "&");
    const context = new URLSearchParams(coins);
    expect(context.get("rft_val_fmt")).toBe("info:ofi/fmt:kev:mtx:journal");
    expect(context.get("rft.atitle")).toBe(paper.title);
    expect(context.get("rft.jtitle")).toBe(paper.journal);
    expect(context.getAll("rft.au")).toEqual(["杨华欣", "张三"]);
    expect(context.get("rft.date")).toBe("2017");
  });

  it("leaves the tags out when asked, and renders nothing for an item without an id", async () => {
    const html = await renderWidget("citeBox", { data: doc(paper), props: { kind: "video", item: "{data.doc}", highwire: false } });
    expect(html).not.toContain("citation_");
    expect(html).not.toContain("Z3988");
    expect(await renderWidget("citeBox", { data: doc({ title: "无编号" }), props: { kind: "paper", item: "{data.doc}" } })).toBe("");
  });

  it("names a report's institution and an article's day, and survives missing authors and year", async () => {
    const report = await renderWidget("citeBox", {
      data: doc({ id: 9, title: "年度报告", authorName: "吴伟博", orgName: "浙江大学管理学院" }),
      props: { kind: "report", item: "{data.doc}" },
    });
    expect(report).toContain('<meta name="citation_technical_report_institution" content="浙江大学管理学院"/>');
    expect(report).toContain('<meta name="citation_author" content="吴伟博"/>');
    const bare = await renderWidget("citeBox", { data: doc({ id: 10, title: "只有标题" }), props: { kind: "paper", item: "{data.doc}" } });
    expect(bare).toContain('<meta name="citation_title" content="只有标题"/>');
    expect(bare).not.toContain("citation_author");
    expect(bare).not.toContain("citation_publication_date");
    const article = await renderWidget("citeBox", {
      data: doc({ id: 11, title: "随笔", releaseTime: "2025-11-13T20:05:01.982Z" }),
      props: { kind: "book", item: "{data.doc}" },
    });
    expect(article).toContain('<meta name="citation_publication_date" content="2025/11/14"/>');
  });
});

describe("citeBox in English", () => {
  it("tags the English title, names and journal when the item has them", async () => {
    const item = {
      ...paper,
      titleEn: "Monetary Policy Transmission",
      journalEn: "China Economic Quarterly",
      authors: [{ name: "杨华欣", nameEn: "Huaxin Yang" }],
    };
    const html = await renderWidget("citeBox", { lang: "en", data: doc(item), props: { kind: "paper", item: "{data.doc}" } });
    expect(html).toContain('<meta name="citation_title" content="Monetary Policy Transmission"/>');
    expect(html).toContain('<meta name="citation_author" content="Huaxin Yang"/>');
    expect(html).toContain('<meta name="citation_journal_title" content="China Economic Quarterly"/>');
  });
});
