/**
 * The root loader sends a page only the catalogue namespaces its parts declare (ADR 028). A part that looked a text
 * up in a namespace it does not declare would show that text's key, so each declaration is held to what the source
 * of the part and of every module it imports uses.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadCatalogues } from "@contracts/catalogues.server";
import { NAMESPACES } from "@contracts/language";
import { loadPageEntries } from "@server/page-configs.server";
import { isWidgetType, widgetNamespaces } from "@widgets/registry";
import { DIALOG_NAMESPACES, pageNamespaces, pageTexts } from "~/i18n/page-namespaces";
import { DEFERRED_SHELL_NAMESPACES, SHELL_NAMESPACES } from "~/i18n/shell-namespaces";
import { walkWidgets } from "~/pipeline/widget-tree";
import type { DialogName } from "~/stores/dialogs";
import { groupsNamed, namespacesUsedFrom, OWN_NAMESPACES, textKeysUsedFrom } from "../../scripts/namespace-scan";
import { widgetTextGroups } from "@schemas/generated/widget-text-groups.server";

const root = join(import.meta.dirname, "..", "..");
/** Mounted after hydration; its texts are fetched with its chunk, so the root does not send them. */
const DEFERRED_SHELL_PARTS = "app/shell/DeferredShellParts.tsx";

function used(entries: string[], stopAt = OWN_NAMESPACES): string[] {
  return [...namespacesUsedFrom(entries, stopAt).keys()].sort();
}

describe("declared namespaces", () => {
  it("the shell declares what the root, the shell's first paint and the page route use", () => {
    const firstPaint = used(["app/root.tsx", "app/routes/page.tsx"], [...OWN_NAMESPACES, "widgets/", DEFERRED_SHELL_PARTS]);
    expect([...SHELL_NAMESPACES].sort()).toEqual(firstPaint);
  });

  it("the deferred shell parts declare what they and every module they import use", () => {
    expect([...DEFERRED_SHELL_NAMESPACES].sort()).toEqual(used([DEFERRED_SHELL_PARTS]));
  });

  const registry = readFileSync(join(root, "app/dialogs/registry.ts"), "utf8");
  const dialogModules = [...registry.matchAll(/^\s+(\w+): \(\) => import\("\.\/(\w+)"\)/gm)].map(([, name, module]) => [name, module] as const);

  it("every dialog of the registry is checked", () => {
    expect(dialogModules.map(([name]) => name).sort()).toEqual(Object.keys(DIALOG_NAMESPACES).sort());
  });

  it.each(dialogModules)("dialog %s declares the namespaces of its module %s", (name, module) => {
    expect([...DIALOG_NAMESPACES[name as DialogName]].sort()).toEqual(used([`app/dialogs/${module}.tsx`], []));
  });

  it("every declared namespace has a catalogue in both languages", () => {
    const declared = new Set([
      ...SHELL_NAMESPACES,
      ...DEFERRED_SHELL_NAMESPACES,
      ...Object.values(widgetNamespaces).flat(),
      ...Object.values(DIALOG_NAMESPACES).flat(),
    ]);
    for (const namespace of declared) expect(NAMESPACES).toContain(namespace);
  });
});

describe("pageNamespaces", () => {
  const catalogues = loadCatalogues(root);
  const entries = loadPageEntries(join(root, "page-configs"), catalogues);
  const configs = [...entries.values()].flatMap((entry) => (entry.status === "valid" ? [entry.config] : []));

  it("reads the page configs", () => {
    expect(configs.length).toBeGreaterThan(20);
  });

  it.each(configs.map((config) => [config.path, config] as const))("%s gets the shell's, its widgets' and its bindings' namespaces", (_path, config) => {
    const namespaces = pageNamespaces(config);
    for (const namespace of SHELL_NAMESPACES) expect(namespaces).toContain(namespace);
    walkWidgets(config.widgets, ({ node }) => {
      expect(isWidgetType(node.type)).toBe(true);
      if (isWidgetType(node.type)) for (const namespace of widgetNamespaces[node.type]) expect(namespaces).toContain(namespace);
    });
    for (const [, namespace] of JSON.stringify(config).matchAll(/\{t\.(\w+)\./g)) expect(namespaces).toContain(namespace);
  });

  it("sends /home far less than every catalogue", () => {
    const home = configs.find((config) => config.path === "/home");
    expect(home).toBeDefined();
    const size = (names: readonly string[]) => names.reduce((sum, name) => sum + JSON.stringify(catalogues.zh[name] ?? {}).length, 0);
    expect(size(pageNamespaces(home as (typeof configs)[number]))).toBeLessThan(size(NAMESPACES) / 2);
  });
});

describe("text groups a widget's code can name (ADR 100)", () => {
  const groups = ["count_one", "count_other", "editor", "errors", "feed", "status", "title"];
  const named = (literals: string[], prefixes: string[] = []) => groupsNamed("circle", groups, { literals: new Set(literals), prefixes: new Set(prefixes) });

  it("names a group by its key, its namespaced key, its plural's stem or a template's fixed beginning", () => {
    expect(named(["feed.title"])).toEqual(["feed"]);
    expect(named(["circle:errors.tooLong"])).toEqual(["errors"]);
    expect(named(["count"])).toEqual(["count_one", "count_other"]);
    expect(named([], ["status."])).toEqual(["status"]);
    expect(named(["essay:editor.title", "title"])).toEqual(["title"]);
  });

  it("keeps every namespace whole for a widget whose lookups compute their key, and trims the essay list's pen", () => {
    expect(textKeysUsedFrom(["widgets/circle-composer/component.tsx"], OWN_NAMESPACES).computed).toBe(true);
    expect(widgetTextGroups.circleComposer).toBeUndefined();
    expect(widgetTextGroups.essayWrite?.essay).toContain("write");
    expect(widgetTextGroups.essayWrite?.essay).not.toContain("errors");
  });

  it("never trims the shell's or the dialogs' namespaces for a page", () => {
    const entry = loadPageEntries(join(root, "page-configs"), loadCatalogues(root)).get("/essayList");
    if (entry?.status !== "valid") throw new Error("page-configs/essayList.json is not a valid page config");
    const texts = pageTexts([entry.config], widgetTextGroups);
    expect(Object.keys(texts.trimmedKeys)).toEqual(["essay"]);
    expect(texts.trimmedKeys.essay).toEqual(expect.arrayContaining(["write", "tabs.hot", "list.empty"]));
    for (const namespace of [...SHELL_NAMESPACES, ...Object.values(DIALOG_NAMESPACES).flat()]) expect(texts.trimmedKeys[namespace]).toBeUndefined();
  });
});
