import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { checkForm } from "../kit/form-check";
import { scholarDocumentCheck } from "../parts/scholar-workspace";
import { emptyDraft, toBody, toDraft } from "./draft";

const sources = {
  counts: { status: "ok" as const, value: { paper: 12, report: 1, slides: 0, total: 13 } },
  works: {
    status: "ok" as const,
    value: {
      list: [
        {
          id: 631,
          title: "最低工资与自动化",
          titleEn: "Minimum Wages and Automation",
          authorName: "李静、王伟",
          authorNameEn: "Jing Li, Wei Wang",
          journal: "经济研究",
          journalEn: "Economic Research Journal",
          year: 2025,
          link: "/docDetail?id=631",
        },
      ],
      total: 13,
    },
  },
};
const query = { authorCode: "A100000" };
const props = { authorCode: "{query.authorCode}", counts: "{data.counts}", works: "{data.works}" };

describe("scholarDocuments", () => {
  it("counts the works by type and lists them with links, in zh", async () => {
    const html = await renderWidget("scholarDocuments", { data: sources, props, query });
    expect(html).toContain("论文 12 篇");
    expect(html).toContain("报告 1 份");
    expect(html).toContain("幻灯片 0 份");
    expect(html).toContain('href="/docDetail?id=631"');
    expect(html).toContain("李静、王伟 · 经济研究 · 2025");
    // The owner's manager waits for the browser and the viewer: the server's HTML is the same for everyone.
    expect(html).not.toContain("管理我的文献");
  });

  it("speaks English in en", async () => {
    const html = await renderWidget("scholarDocuments", { lang: "en", data: sources, props, query });
    expect(html).toContain("12 papers");
    expect(html).toContain("1 report");
    expect(html).toContain("Minimum Wages and Automation");
    expect(html).toContain("Jing Li, Wei Wang · Economic Research Journal · 2025");
    expect(html).not.toContain("经济研究");
  });
});

describe("the document form's body and check", () => {
  const owner = { name: "李静", orgName: "复旦大学", authorCode: "A100000" };

  it("parses lists and years as typed, strips a DOI's address, and passes the schema the platform uses", async () => {
    const draft = {
      ...emptyDraft(owner),
      title: " 土地财政 ",
      jelCodes: "h7， r5",
      keywords: "土地财政、地方政府",
      year: "2024",
      doi: "https://doi.org/10.1000/ABC.1",
    };
    const body = toBody(draft);
    expect(body).toMatchObject({ title: "土地财政", jelCodes: ["H7", "R5"], keywords: ["土地财政", "地方政府"], year: 2024, doi: "10.1000/ABC.1" });
    expect(await checkForm(scholarDocumentCheck, body)).toEqual({});
    expect(toDraft(body as never)).toMatchObject({ jelCodes: "H7, R5", year: "2024" });
  });

  it("names each bad field with its message key, including a file that is not a PDF or is too large", async () => {
    const body = toBody({ ...emptyDraft(owner), title: "", year: "20x4", doi: "doi:123" });
    const problems = await checkForm(scholarDocumentCheck, { ...body, pdfType: "unrecognised", pdfSize: 11 * 1024 * 1024 });
    expect(problems).toMatchObject({
      title: "scholarWorkspace:documents.errors.titleRequired",
      year: "scholarWorkspace:documents.errors.yearInvalid",
      doi: "scholarWorkspace:documents.errors.doiInvalid",
      pdfType: "scholarWorkspace:documents.errors.pdfType",
      pdfSize: "scholarWorkspace:documents.errors.pdfTooLarge",
    });
  });
});
