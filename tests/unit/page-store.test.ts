import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPageConfigStore, loadPageEntries, mergeLivePages, NOT_FOUND_PATH } from "@server/page-configs.server";
import { loadCatalogues, type Catalogues } from "@contracts/catalogues.server";
import type { PageEntry } from "~/services";

let catalogues: Catalogues;
let directory: string;

beforeAll(() => {
  catalogues = loadCatalogues();
});
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "page-store-"));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function page(path: string, extra: Record<string, unknown> = {}) {
  return {
    path,
    title: { zh: "页面", en: "Page" },
    widgets: [{ type: "hero", props: { title: { zh: "标题", en: "Title" } } }],
    ...extra,
  };
}

function write(name: string, content: unknown) {
  writeFileSync(join(directory, name), typeof content === "string" ? content : JSON.stringify(content));
}

function expectValid(entry: PageEntry | null | undefined, file: string, path: string) {
  expect(entry, path).toBeTruthy();
  expect(entry!.status, `${path}: ${JSON.stringify(entry)}`).toBe("valid");
  expect(entry!.file).toBe(join(directory, file));
  if (entry!.status === "valid") expect(entry!.config.path).toBe(path);
}

function problemsOf(entry: PageEntry | null | undefined) {
  expect(entry?.status).toBe("invalid");
  return entry?.status === "invalid" ? entry.problems : [];
}

describe("loadPageEntries", () => {
  it("a broken file takes down only its own path", () => {
    write("alpha.json", page("/alpha"));
    write("broken.json", page("/broken", { widgets: [{ type: "hero", props: { title: { zh: "标题", en: "Title" }, tone: "neon" } }] }));
    write("notJson.json", "{ this is not json");
    write("zeta.json", page("/zeta"));
    write("readme.txt", "not a config");

    const entries = loadPageEntries(directory, catalogues);
    expectValid(entries.get("/alpha"), "alpha.json", "/alpha");
    expectValid(entries.get("/zeta"), "zeta.json", "/zeta");

    const broken = entries.get("/broken");
    expect(broken).toMatchObject({ status: "invalid", path: "/broken", file: join(directory, "broken.json") });
    expect(problemsOf(broken).map((p) => p.pointer)).toEqual(["/widgets/0/props/tone"]);

    const notJson = entries.get("/notJson");
    expect(notJson).toMatchObject({ status: "invalid", path: "/notJson" });
    expect(problemsOf(notJson)[0].message).toMatch(/^invalid JSON/);

    expect([...entries.keys()].sort()).toEqual(["/alpha", "/broken", "/notJson", "/zeta"]);
  });

  it("the path must match the file name", () => {
    write("gamma.json", page("/delta"));
    const entries = loadPageEntries(directory, catalogues);
    const entry = entries.get("/gamma");
    expect(problemsOf(entry)).toContainEqual({ pointer: "/path", message: 'path "/delta" must match the file name (gamma.json serves /gamma)' });
    expect(entries.has("/delta")).toBe(false);
  });

  it("a copied file whose path was not changed does not take down the page it was copied from", () => {
    // "alphaCopy" sorts before "beta", and "aCopy" before "alpha": both orders
    write("aCopy.json", page("/alpha"));
    write("alpha.json", page("/alpha"));
    write("beta.json", page("/beta"));
    write("betaCopy.json", page("/beta"));

    const entries = loadPageEntries(directory, catalogues);
    expectValid(entries.get("/alpha"), "alpha.json", "/alpha");
    expectValid(entries.get("/beta"), "beta.json", "/beta");
    expect(problemsOf(entries.get("/aCopy")).map((p) => p.message)).toContain('path "/alpha" must match the file name (aCopy.json serves /aCopy)');
    expect(problemsOf(entries.get("/betaCopy")).map((p) => p.message)).toContain('path "/beta" must match the file name (betaCopy.json serves /betaCopy)');
  });

  it("reports a path or alias that another file already serves", () => {
    write("alpha.json", page("/alpha", { aliases: ["/alphaOld", "/shared"] }));
    write("beta.json", page("/beta", { aliases: ["/alpha"] }));
    write("gamma.json", page("/gamma", { aliases: ["/shared", "/gammaOld"] }));

    const entries = loadPageEntries(directory, catalogues);
    expectValid(entries.get("/alpha"), "alpha.json", "/alpha");
    expectValid(entries.get("/alphaOld"), "alpha.json", "/alpha");
    expectValid(entries.get("/shared"), "alpha.json", "/alpha");
    expect(problemsOf(entries.get("/beta"))).toEqual([{ pointer: "/path", message: 'path "/alpha" is already served by alpha.json' }]);
    expect(problemsOf(entries.get("/gamma"))).toEqual([{ pointer: "/path", message: 'path "/shared" is already served by alpha.json' }]);
    // the broken file's own other alias answers with its error, not with a 404
    expect(entries.get("/gammaOld")).toBe(entries.get("/gamma"));
  });

  it("reports cross-reference problems (undeclared source) as invalid", () => {
    write("alpha.json", page("/alpha", { widgets: [{ type: "contentList", data: "nope", props: { item: { title: "{item.title}" } } }] }));
    const problems = problemsOf(loadPageEntries(directory, catalogues).get("/alpha"));
    expect(problems).toEqual([{ pointer: "/widgets/0/data", message: 'data source "nope" is not declared in "data"' }]);
  });
});

describe("createPageConfigStore", () => {
  it("resolves paths and aliases to the same config, unknown paths to null", () => {
    write("alpha.json", page("/alpha", { aliases: ["/alphaOld"] }));
    const store = createPageConfigStore({ directory, catalogues, watchForChanges: false, log: () => {} });
    try {
      expectValid(store.resolve("/alpha"), "alpha.json", "/alpha");
      expect(store.resolve("/alphaOld")).toBe(store.resolve("/alpha"));
      expect(store.resolve("/nothing")).toBeNull();
      expect(store.resolve("/ALPHA")).toBeNull();
    } finally {
      store.close();
    }
  });

  it("notFound() returns the 404 config when there is one", () => {
    write("404.json", page("/404", { status: 404, title: { zh: "找不到", en: "Not here" } }));
    const store = createPageConfigStore({ directory, catalogues, watchForChanges: false, log: () => {} });
    try {
      expect(store.notFound().path).toBe(NOT_FOUND_PATH);
      expect(store.notFound().status).toBe(404);
      expect(store.notFound().title).toEqual({ zh: "找不到", en: "Not here" });
    } finally {
      store.close();
    }
  });

  it("notFound() falls back to a built-in 404 when the 404 config is missing or broken", () => {
    const store = createPageConfigStore({ directory, catalogues, watchForChanges: false, log: () => {} });
    expect(store.notFound()).toMatchObject({ path: "/404", status: 404, widgets: [] });
    store.close();

    write("404.json", "{ broken");
    const brokenStore = createPageConfigStore({ directory, catalogues, watchForChanges: false, log: () => {} });
    expect(brokenStore.notFound()).toMatchObject({ path: "/404", status: 404, title: { zh: "页面不存在", en: "Page not found" } });
    brokenStore.close();
  });

  it("logs each invalid config with its problems", () => {
    write("broken.json", page("/broken", { gate: "admin" }));
    write("fine.json", page("/fine"));
    const log = vi.fn();
    createPageConfigStore({ directory, catalogues, watchForChanges: false, log }).close();
    const lines = log.mock.calls.map(([line]) => line as string);
    expect(lines[0]).toBe("page config broken.json is invalid; /broken answers with an error page:");
    expect(lines.some((line) => line.includes("/broken /gate:"))).toBe(true);
    expect(lines.some((line) => line.includes("fine"))).toBe(false);
  });

  it("reloads when a file changes, when watching", async () => {
    write("alpha.json", "{ broken");
    const store = createPageConfigStore({ directory, catalogues, watchForChanges: true, log: () => {} });
    try {
      expect(store.resolve("/alpha")?.status).toBe("invalid");
      write("alpha.json", page("/alpha"));
      await vi.waitFor(() => expect(store.resolve("/alpha")?.status).toBe("valid"), { timeout: 3000, interval: 25 });
    } finally {
      store.close();
    }
  });
});

describe("mergeLivePages", () => {
  const live = (path: string, config: unknown, version = 1) => ({ path, version, text: JSON.stringify(config) });

  it("never lets a live version take another live page's own path, as its path or as an alias", () => {
    const entries = mergeLivePages(
      new Map(),
      [live("/aaa", page("/aaa", { aliases: ["/home"] })), live("/abc", page("/home")), live("/home", page("/home"))],
      catalogues,
    );
    const home = entries.get("/home");
    expect(home?.status).toBe("valid");
    expect(home?.file).toBe("store:/home@v1");
    expect(problemsOf(entries.get("/aaa")).map((problem) => problem.message)).toContain('path "/home" is another live page\'s own');
    expect(problemsOf(entries.get("/abc")).map((problem) => problem.message)).toContain("path must be /abc");
  });
});
