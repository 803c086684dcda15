import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const papers = (ids: number[]) => ({ papers: { status: "ok" as const, value: { list: ids.map((id) => ({ id, title: `论文${id}` })), total: 400 } } });

describe("citeExport", () => {
  it("links the list's items to one BibTeX and one RIS file, in the page's language", async () => {
    const html = await renderWidget("citeExport", { source: "papers", data: papers([631, 632, 640]), props: { kind: "paper" } });
    expect(hrefs(html)).toEqual([
      "/cite/export.bib?items=paper:631,paper:632,paper:640&lang=zh",
      "/cite/export.ris?items=paper:631,paper:632,paper:640&lang=zh",
    ]);
    expect(html).toContain("导出这 3 条到文献管理软件");
    const english = await renderWidget("citeExport", { lang: "en", source: "papers", data: papers([7]), props: { kind: "report" } });
    expect(hrefs(english)[0]).toBe("/cite/export.bib?items=report:7&lang=en");
    expect(english).toContain("Export this item to a reference manager");
  });

  it("takes at most 200 items and shows nothing for an empty or missing list", async () => {
    const many = Array.from({ length: 250 }, (_, index) => index + 1);
    const html = await renderWidget("citeExport", { source: "papers", data: papers(many), props: { kind: "paper" } });
    expect(hrefs(html)[0].split(",")).toHaveLength(200);
    expect(await renderWidget("citeExport", { source: "papers", data: papers([]), props: { kind: "paper" } })).toBe("");
    expect(await renderWidget("citeExport", { props: { kind: "paper" } })).toBe("");
  });
});
