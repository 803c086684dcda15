/** check:configs' contract checks (ADR 067): real example ids, and widgets wired to sources whose contract has what they read. */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import type { PageConfig } from "@schemas/generated/page-config";
import { loadCatalogues } from "@contracts/catalogues.server";
import { createPageConfigStore } from "@server/page-configs.server";
import { exampleProblems } from "@server/contract-check.server";

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
