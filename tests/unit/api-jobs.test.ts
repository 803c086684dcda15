/**
 * Jobs through the embedded platform's own calls: the seeded openings, filters by keyword, city, type, field and
 * employer, the detail with its employer, and bad input answered with 400/404, never 500.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2027-03-01T02:00:00.000Z", { captchaTestMode: true });
const { call } = api;

type Post = {
  id: number;
  title: string;
  titleEn: string;
  type: string;
  typeName: string;
  city: string;
  field: string;
  companyName: string;
  companyNameEn: string;
  companyId: number;
  open: boolean;
  deadlineText: string;
  link: string;
};
const list = async (query: Record<string, string> = {}, lang: "zh" | "en" = "en") =>
  (await call("/recruit/list", { method: "GET", query: { pageSize: "50", ...query }, lang })).body.data;

describe("job openings", () => {
  it("lists the seeded openings newest first, in zh with En siblings, from universities, central banks and funds", async () => {
    const all = await list();
    expect(all.total).toBe(15);
    expect(all.list[0]).toMatchObject({
      title: "经济学助理教授（宏观与国际经济）",
      titleEn: "Assistant Professor of Economics (macro and international)",
      typeName: "教职",
      typeNameEn: "Faculty",
      cityNameEn: "Shanghai",
      companyName: "上海财经大学经济学院",
    });
    const kinds = (await call("/recruit/companies", { method: "GET" })).body.data.list.map((company: { kind: string }) => company.kind);
    expect(new Set(kinds)).toEqual(new Set(["university", "centralBank", "fund", "institute"]));
    // The old placeholder rows of the items catalogue are gone.
    expect(api.platform.db.prepare("SELECT COUNT(*) FROM items WHERE kind = 'job'").pluck().get()).toBe(0);
  });

  it("filters by type, city, field, employer and keyword, and pages", async () => {
    const postdocs = await list({ type: "postdoc" });
    expect(postdocs.total).toBe(4);
    expect(postdocs.list.every((post: Post) => post.type === "postdoc")).toBe(true);
    const hongKongFinance = await list({ city: "hongkong", field: "finance" });
    expect(hongKongFinance.list.map((post: Post) => post.titleEn)).toEqual(["Assistant Professor, School of Banking and Finance"]);
    const ras = await list({ type: "ra" });
    expect(ras.list.map((post: Post) => post.city).sort()).toEqual(["shanghai", "shanghai"]);
    const byCompany = await list({ companyId: String(ras.list[0].companyId) });
    expect(byCompany.list.every((post: Post) => post.companyId === ras.list[0].companyId)).toBe(true);
    // Titles, employers and descriptions, in either language.
    expect((await list({ keyword: "货币政策" }, "zh")).list.map((post: Post) => post.title)).toEqual(["金融学博士后研究员", "货币政策研究博士后"]);
    expect((await list({ keyword: "quantitative" })).list.map((post: Post) => post.companyNameEn)).toEqual(["E Fund Management"]);
    const second = await list({ pageSize: "10", pageNum: "2" });
    expect(second.list).toHaveLength(5);
    expect(second.total).toBe(15);
  });

  it("shows one opening with its employer and sections; closed openings say so", async () => {
    const [post] = (await list({ keyword: "Organisational" })).list as Post[];
    expect(post).toMatchObject({
      open: false,
      deadlineText: expect.stringMatching(/^已截止（\d{4}-\d\d-\d\d）$/),
      deadlineTextEn: expect.stringMatching(/^Closed on /),
    });
    const detail = await call("/recruit/detail", { method: "GET", query: { id: String(post.id) } });
    expect(detail.body.data).toMatchObject({
      id: post.id,
      titleEn: "Postdoctoral Fellow in Organisational Behaviour",
      typeNameEn: "Postdoc",
      fieldNameEn: "Management",
      company: { name: "香港中文大学商学院", nameEn: "CUHK Business School", kindNameEn: "University", cityNameEn: "Hong Kong", openings: 2 },
    });
    expect(detail.body.data.sections.map((section: { headingEn: string }) => section.headingEn)).toEqual([
      "Requirements",
      "How to apply",
      "About CUHK Business School",
    ]);
    expect(post.link).toBe(`/jobDetail?id=${post.id}`);
  });

  it("answers bad input with 400 and a missing opening with 404", async () => {
    for (const query of [{ type: "intern" }, { city: "paris" }, { field: "[object Object]" }, { companyId: "x" }] as Record<string, string>[]) {
      const answer = await call("/recruit/list", { method: "GET", query });
      expect(answer.body.code, JSON.stringify(query)).toBe(400);
    }
    expect((await call("/recruit/detail", { method: "GET", query: { id: "abc" } })).body.code).toBe(400);
    expect((await call("/recruit/detail", { method: "GET", query: { id: "999999" } })).body.code).toBe(404);
    expect((await call("/recruit/detail", { body: { id: [1, 2] } })).body.code).toBe(400);
  });
});
