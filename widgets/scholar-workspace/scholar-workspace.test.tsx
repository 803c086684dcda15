import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { checkForm } from "../kit/form-check";
import { loadJelCodes, matchJel, scholarProfileCheck } from "../parts/scholar-workspace";
import { draftKey, toBody, toDraft } from "./draft";

const author = (value: Record<string, unknown>) => ({
  author: {
    status: "ok" as const,
    value: {
      authorCode: "A200007",
      authorName: "李静",
      researchFields: [
        { code: "G3", name: "公司金融与治理", nameEn: "Corporate Finance and Governance" },
        { code: "J2", name: "劳动力需求与供给", nameEn: "Demand and Supply of Labor" },
      ],
      workHistory: [{ organization: "复旦大学", position: "副教授", startYear: 2018 }],
      education: [{ institution: "北京大学", degree: "博士", year: 2017 }],
      links: { homepage: "https://econ.fudan.edu.cn/lijing", orcid: "https://orcid.org/0000-0002-1825-0097", repec: "", googleScholar: "" },
      ...value,
    },
  },
});

describe("scholarWorkspace", () => {
  it("shows research fields as JEL tags, work history, education and links, in zh", async () => {
    const html = await renderWidget("scholarWorkspace", { data: author({}), props: { scholar: "{data.author}" } });
    expect(html).toContain("研究领域（JEL）");
    expect(html).toMatch(/<span class="jel-code">G3<\/span> (<!-- -->)?公司金融与治理/);
    expect(html).toContain("2018–至今");
    expect(html).toContain("复旦大学 · 副教授");
    expect(html).toContain("北京大学 · 博士");
    expect(html).toContain('href="https://orcid.org/0000-0002-1825-0097"');
    expect(html).not.toContain("RePEc");
    // The owner's tools wait for the browser and the viewer: the server's HTML is the same for everyone.
    expect(html).not.toContain("编辑我的主页");
  });

  it("speaks English in en and leaves out sections nobody filled in", async () => {
    const html = await renderWidget("scholarWorkspace", {
      lang: "en",
      data: author({ workHistory: [], education: [], links: undefined }),
      props: { scholar: "{data.author}" },
    });
    expect(html).toContain("Research fields (JEL)");
    expect(html).toContain("Corporate Finance and Governance");
    expect(html).not.toContain("公司金融");
    expect(html).not.toContain("Work history");
    expect(html).not.toContain("Links");
  });
});

describe("the owner's draft and its check", () => {
  it("round-trips the platform's profile, trims, and turns typed years into numbers the schema reads", async () => {
    const draft = toDraft({
      authorName: "李静",
      orgName: "复旦大学",
      jelCodes: ["G3"],
      workHistory: [{ organization: "复旦", position: "讲师", startYear: 2015, endYear: 2018 }],
    });
    expect(draft.workHistory[0]).toEqual({ organization: "复旦", position: "讲师", startYear: "2015", endYear: "2018" });
    const body = toBody({ ...draft, homepage: "  ", orcid: " 0000-0002-1825-0097 ", education: [{ institution: "北大", degree: "博士", year: "2014" }] });
    expect(body).toEqual({
      authorName: "李静",
      orgName: "复旦大学",
      orcid: "0000-0002-1825-0097",
      jelCodes: ["G3"],
      workHistory: [{ organization: "复旦", position: "讲师", startYear: 2015, endYear: 2018 }],
      education: [{ institution: "北大", degree: "博士", year: 2014 }],
    });
    expect(await checkForm(scholarProfileCheck, body)).toEqual({});
  });

  it("gives each field's message in the person's language before anything is sent", async () => {
    const draft = toDraft({ authorName: "", orgName: "复旦大学", jelCodes: [] });
    const body = toBody({ ...draft, repec: "Li 123", education: [{ institution: "北大", degree: "", year: "二〇一四" }] });
    expect(await checkForm(scholarProfileCheck, body)).toEqual({
      authorName: "scholarWorkspace:errors.nameRequired",
      jelCodes: "scholarWorkspace:errors.fieldsRequired",
      education: "scholarWorkspace:errors.educationInvalid",
      repec: "scholarWorkspace:errors.repecInvalid",
    });
  });

  it("keeps drafts per person and profile, and finds JEL fields by code or by a word in either language", async () => {
    expect(draftKey(3, "A1")).not.toBe(draftKey(4, "A1"));
    const entries = await loadJelCodes();
    expect(matchJel(entries, "").every((entry) => entry.code.length === 1)).toBe(true);
    expect(matchJel(entries, "g3").map((entry) => entry.code)).toEqual(["G3"]);
    expect(matchJel(entries, "Labor").map((entry) => entry.code)).toContain("J2");
    expect(matchJel(entries, "劳动").map((entry) => entry.code)).toContain("J");
  });
});
