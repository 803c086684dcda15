/** check:configs' contract checks (ADR 067): real example ids, and widgets wired to sources whose contract has what they read. */
import { beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { PageConfig } from "@schemas/generated/page-config";
import { loadCatalogues } from "@contracts/catalogues.server";
import { createPageConfigStore } from "@server/page-configs.server";
import { readContracts } from "@contracts/api-contracts.server";
import { exampleProblems, wiringProblems } from "@server/contract-check.server";
import { loadWidgetComponents, widgetDataReads } from "~/renderer/widget-components";
import { widgetRegistry } from "@widgets/registry";

const root = join(import.meta.dirname, "..", "..");
const store = createPageConfigStore({ directory: join(root, "page-configs"), catalogues: loadCatalogues(root), watchForChanges: false, log: () => {} });
const committed = store.paths().flatMap((path) => {
  const entry = store.resolve(path);
  return entry?.status === "valid" ? [entry.config] : [];
});

const detailPage = (query: PageConfig["query"]) =>
  ({
    path: "/paperPage",
    title: { zh: "论文", en: "Paper" },
    query,
    data: { doc: { api: "/mpPaper/detail", params: { id: "{query.id}" }, notFoundWhenMissing: true } },
    widgets: [{ type: "detailHeader", props: { title: "{data.doc.title}" } }],
  }) as unknown as PageConfig;

describe("exampleProblems", () => {
  it("refuses a required value a visitor's source binds without an example, saying what to add", () => {
    expect(exampleProblems(detailPage({ id: { required: true } }))).toEqual([
      {
        pointer: "/query/id",
        message: `required query value "id" feeds data source "doc" but has no "example": add "example": "<an id the platform answers for>" so the tests can open this page`,
      },
    ]);
  });

  it("accepts it with an example, and a value only a signed-in viewer's source binds without one", () => {
    expect(exampleProblems(detailPage({ id: { required: true, example: "631" } }))).toEqual([]);
    const gated = detailPage({ id: { required: true } });
    gated.data!.doc.gate = "login";
    expect(exampleProblems(gated)).toEqual([]);
  });

  it("passes every committed page config", () => {
    expect(committed.length).toBeGreaterThan(100);
    expect(committed.flatMap((config) => exampleProblems(config).map((problem) => `${config.path} ${problem.pointer}: ${problem.message}`))).toEqual([]);
  });
});

describe("wiringProblems", () => {
  beforeAll(async () => {
    await loadWidgetComponents(Object.keys(widgetRegistry));
  }, 120_000);
  const contracts = readContracts();

  it("passes every committed page config", () => {
    const problems = committed.flatMap((config) =>
      wiringProblems(config, contracts, widgetDataReads).map((problem) => `${config.path} ${problem.pointer}: ${problem.message}`),
    );
    expect(problems).toEqual([]);
  });
});

describe("wiringProblems refuses a wrong wiring, naming the widget's pointer and the missing field", () => {
  const paperPage = (widget: Record<string, unknown>) =>
    ({
      path: "/paperPage",
      title: { zh: "论文", en: "Paper" },
      data: { doc: { api: "/mpPaper/detail", params: { id: "631" } }, related: { api: "/recommend/relatedDocs", params: { id: "631" } } },
      widgets: [{ type: "hero", props: { title: "{data.doc.title}" } }, widget],
    }) as unknown as PageConfig;
  const contracts = readContracts();

  beforeAll(async () => {
    await loadWidgetComponents(Object.keys(widgetRegistry));
  }, 120_000);

  it("a widget that shows one paper bound to a list", () => {
    const problems = wiringProblems(paperPage({ type: "hero", props: { title: "{data.related.title}" } }), contracts, widgetDataReads);
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe("/widgets/1");
    expect(problems[0].message).toMatch(
      /^widget "hero" reads "title" of data source "related" \(\/recommend\/relatedDocs\), which answers a list: its items have "title"/,
    );
    expect(problems[0].message).toContain("Wire the widget to a source that answers one item");
  });

  it("a list widget wired to a source that answers one paper", () => {
    expect(wiringProblems(paperPage({ type: "scholarList", data: "doc" }), contracts, widgetDataReads)).toEqual([
      expect.objectContaining({
        pointer: "/widgets/1",
        message: expect.stringMatching(/^widget "scholarList" reads "list" of data source "doc", but the contract of \/mpPaper\/detail/),
      }),
    ]);
  });

  it("a widget that needs a source and has none", () => {
    expect(wiringProblems(paperPage({ type: "scholarList" }), contracts, widgetDataReads)).toEqual([
      {
        pointer: "/widgets/1",
        message: 'widget "scholarList" shows data of its own source (it reads list, total) but has no "data": add "data": "<a source of this page\'s data>"',
      },
    ]);
  });

  it("a binding to a field the contract does not have", () => {
    const page = paperPage({ type: "hero", props: { title: "{data.doc.headline}" } });
    expect(wiringProblems(page, contracts, widgetDataReads)).toEqual([
      {
        pointer: "/widgets/1",
        message:
          'widget "hero" reads "headline" of data source "doc", but the contract of /mpPaper/detail (contracts/api/mpPaper.detail.json) has no such field. Read a field the contract names, wire another source, or, if the platform does answer it, record the contract again (npm run contracts:record -- /mpPaper/detail)',
      },
    ]);
  });

  it("accepts the right wiring, and an English twin of a field the contract names", () => {
    expect(wiringProblems(paperPage({ type: "citeBox", props: { item: "{data.doc}" } }), contracts, widgetDataReads)).toEqual([]);
    expect(wiringProblems(paperPage({ type: "hero", props: { title: "{data.doc.authorNameEn}" } }), contracts, widgetDataReads)).toEqual([]);
  });
});
