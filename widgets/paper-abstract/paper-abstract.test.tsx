import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";

const longSummary = "本文利用贷款层面数据，考察货币政策如何经由银行信贷渠道传导至实体经济。".repeat(8);
const paper = {
  summary: longSummary,
  summaryEn: "Using loan-level data, we study how monetary policy reaches the real economy through bank lending. ".repeat(4),
  keywords: ["货币政策", "银行信贷"],
  keywordsEn: ["Monetary policy", "Bank lending"],
  jel: ["E52", "G21"],
};
const doc = (value: Record<string, unknown>) => ({ doc: { status: "ok" as const, value } });

describe("paperAbstract", () => {
  it("folds a long abstract behind a button that says it expands the text, with its own texts in zh", async () => {
    const html = await renderWidget("paperAbstract", { data: doc(paper), props: { item: "{data.doc}" } });
    expect(html).toContain("<h2");
    expect(html).toContain(">摘要</h2>");
    expect(html).toMatch(/class="paper-abstract-text folded"/);
    expect(html).toContain(longSummary);
    expect(html).toMatch(/<button type="button" class="paper-abstract-toggle" aria-expanded="false" aria-controls="[^"]+">展开全文<\/button>/);
    expect(html).toContain("<dt>关键词</dt><dd>货币政策</dd><dd>银行信贷</dd>");
    expect(html).toContain("<dt>JEL 分类</dt><dd>E52</dd><dd>G21</dd>");
  });

  it("shows the English abstract and keywords, and its texts, in en", async () => {
    const html = await renderWidget("paperAbstract", { lang: "en", data: doc(paper), props: { item: "{data.doc}" } });
    expect(html).toContain(">Abstract</h2>");
    expect(html).toContain("Using loan-level data");
    expect(html).not.toContain("本文利用");
    expect(html).toContain(">Show all</button>");
    expect(html).toContain("<dt>Keywords</dt><dd>Monetary policy</dd><dd>Bank lending</dd>");
  });

  it("shows a short abstract whole, with no button", async () => {
    const html = await renderWidget("paperAbstract", { data: doc({ summary: "一段简短的摘要。" }), props: { item: "{data.doc}" } });
    expect(html).toContain("<p>一段简短的摘要。</p>");
    expect(html).not.toContain("folded");
    expect(html).not.toContain("<button");
  });

  it("folds above the length its config sets", async () => {
    const html = await renderWidget("paperAbstract", {
      data: doc({ summary: "一段简短的摘要，但超过了四十个字的设定。".repeat(3) }),
      props: { item: "{data.doc}", foldAbove: 40 },
    });
    expect(html).toContain(">展开全文</button>");
  });

  it("renders nothing for a paper with no abstract, keywords or codes", async () => {
    const html = await renderWidget("paperAbstract", { data: doc({ summary: "" }), props: { item: "{data.doc}" } });
    expect(html).not.toContain("paper-abstract");
  });
});
