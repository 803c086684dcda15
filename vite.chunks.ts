/**
 * How the browser build groups modules into files (ADR 028). A page's first load is the framework, the app core, its
 * route modules and the chunks of the widgets it shows; left to itself Rollup cuts one file per set of importers,
 * which gave /home 38 scripts. Here:
 *
 *  - `framework`: React, React DOM, the scheduler and React Router (changes only with an upgrade);
 *  - `app`: the client entry and everything the entry, the root route and the page route import statically (the
 *    shell, the renderer, i18n, the API client, the stores): every page needs it;
 *  - `widgets-<name>`: widget folders grouped by the pages that show them (see planWidgetGroups), so a page loads
 *    at most WIDGET_GROUPS_PER_PAGE widget files; a module several groups share goes to `widgets-shared`.
 *
 * Modules only reached through a dynamic import that no widget or core module imports statically (dialogs, the
 * form runtime, the rich editor's extras) keep Rollup's own chunks: they are not on any page's critical path.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { minify } from "terser";
import { widgetFolders } from "./scripts/widget-folders";
import { splitByHydration } from "./app/pipeline/hydration-plan";

/** Files every page loads besides its widget chunks: the entry (with the app core), the framework, root and page routes. */
export const CORE_FILES = 4;
export const SCRIPTS_PER_PAGE = 10;
/**
 * The plan counts a page's units by the imports before tree-shaking, which is more than the files the page ends up
 * loading (/qaDetail, planned at 7 units, loaded 5 widget files): without slack, the last merge for /qaDetail alone put 3.8 KB of
 * date and number formatting into the app file of every page (ADR 106). tests/e2e/first-load-scripts.spec.ts holds
 * every route's real count to SCRIPTS_PER_PAGE.
 */
const PLANNED_UNITS_SLACK = 1;
export const WIDGET_CHUNKS_PER_PAGE = SCRIPTS_PER_PAGE - CORE_FILES + PLANNED_UNITS_SLACK;
/**
 * The widget code a first load can carry within issue 15's goal (1.20× the framework floor, less the framework and app
 * files), in the planner's measure: widget modules as transformed, before minifying (about 4.5 bytes per gzipped one).
 * A merge adding code to a page beyond it weighs OVER_BUDGET_WEIGHT times as much: it would break that page's goal.
 */
export const PAGE_WIDGET_BUDGET = 24_000;
const OVER_BUDGET_WEIGHT = 20;

const FRAMEWORK_PACKAGES = new Set(["react", "react-dom", "scheduler", "react-router", "cookie", "set-cookie-parser"]);
/**
 * The helpers @rollup/plugin-commonjs adds for React's CommonJS files belong with them: left in `app` (they live in no
 * package), the framework file imported the app file that imports it ("Circular chunk: framework -> app -> framework").
 */
const COMMONJS_HELPERS = "\0commonjsHelpers.js";
const isFramework = (id: string) => id === COMMONJS_HELPERS || FRAMEWORK_PACKAGES.has(packageOf(id) ?? "");
const CLIENT_ENTRY = /\/app\/entry\.client\.tsx$/;
const CORE_ROUTES = [/\/app\/root\.tsx\?__react-router-build-client-route$/, /\/app\/routes\/page\.tsx\?__react-router-build-client-route$/];

interface WidgetNode {
  type: string;
  children?: WidgetNode[];
}

/**
 * The widget folders each page config loads together (page-configs/*.json as committed; the ops console may change
 * them later): a page's first widgets, and apart from them the ones hydrating late (ADR 037), fetched as hydration
 * starts. Grouping each set on its own keeps a late widget's code out of its page's first load.
 */
function widgetFoldersPerPage(root: string): { folders: Set<string>; late: boolean }[] {
  const registry = readFileSync(join(root, "widgets/registry.ts"), "utf8");
  const folderOf = new Map([...registry.matchAll(/^\s*(\w+): \{ folder: "([^"]+)"/gm)].map((match) => [match[1], match[2]]));
  const formWidgets = new Set([...(/export const formWidgets\b[^[]*\[([^\]]*)\]/.exec(registry)?.[1].matchAll(/"(\w+)"/g) ?? [])].map((match) => match[1]));
  const foldersOf = (types: Set<string>) => new Set([...types].flatMap((type) => folderOf.get(type) ?? []));
  const configDir = join(root, "page-configs");
  return readdirSync(configDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((name) => {
      const config = JSON.parse(readFileSync(join(configDir, name), "utf8")) as { widgets?: WidgetNode[] };
      const { eagerTypes, lateTypes } = splitByHydration(config.widgets ?? [], formWidgets);
      return [
        { folders: foldersOf(eagerTypes), late: false },
        { folders: foldersOf(lateTypes), late: true },
      ].filter((set) => set.folders.size > 0);
    });
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

/** Every module reachable from `starts` through static imports. */
function staticClosure(graph: ModuleGraph, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Starts the registration browserWidgetModules appends to a widget module. The plan weighs a module by its own
 * code: the registration is the same few bytes in every widget, and counting it would reshuffle the plan.
 */
const REGISTRATION_MARK = "// browser-widget-modules: registration";
const ownCodeLength = (code: string) => (code.includes(REGISTRATION_MARK) ? code.indexOf(REGISTRATION_MARK) : code.length);

const packageOf = (id: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? null;

/** A set of modules that go to one file, the units it imports, and the pages (indexes) whose first load needs it. */
export interface Unit {
  modules: string[];
  bytes: number;
  pages: Set<number>;
  imports: Set<Unit>;
  name: string;
  /** The `app` file: every page loads it already, so it never counts against a page's limit. */
  core?: boolean;
}

/** A unit and every unit it imports, directly or not: loading its file loads all of theirs. */
function withImports(start: Unit): Set<Unit> {
  const seen = new Set<Unit>();
  const stack = [start];
  while (stack.length) {
    const unit = stack.pop() as Unit;
    if (seen.has(unit)) continue;
    seen.add(unit);
    stack.push(...unit.imports);
  }
  return seen;
}

/**
 * Groups the modules widgets import statically. A unit starts as the modules reached by exactly the same widget
 * folders (what Rollup would cut by itself); while a page needs more than `limit` units, two units one such page
 * loads become one, or one of them joins the app file, which every page loads anyway. The merge chosen adds the
 * fewest bytes to pages that do not need them per crowded page it takes a file off. The bytes count what the merged
 * file imports too (bytes times pages newly loading it), so a small shared helper never drags a form runtime along;
 * dividing by the crowded pages relieved weighs a helper that crowds many pages against all the widget merges it
 * would otherwise take (ADR 028); bytes a merge adds past a page's PAGE_WIDGET_BUDGET weigh more (ADR 037). Only
 * the pages `limited` names can be crowded (a page's late widgets, ADR 037, are not its first load). The first unit
 * returned is the part joining `app`.
 */
export function planWidgetUnits(units: Unit[], pageCount: number, limit = WIDGET_CHUNKS_PER_PAGE, limited: (page: number) => boolean = () => true): Unit[] {
  const app: Unit = {
    modules: [],
    bytes: 0,
    pages: new Set(Array.from({ length: pageCount }, (_, page) => page)),
    imports: new Set(),
    name: "app",
    core: true,
  };
  let current = [app, ...units];
  // Widget code each page loads now (the app file aside): a merge pushing a first load past its budget costs more.
  const widgetBytes = new Array<number>(pageCount).fill(0);
  const mergeCost = (a: Unit, b: Unit) => {
    const pages = new Set([...a.pages, ...b.pages]);
    const merged = new Set([...withImports(a), ...withImports(b)]);
    let cost = 0;
    for (const page of pages) {
      let added = 0;
      for (const unit of merged) if (!unit.pages.has(page)) added += unit.bytes;
      cost += limited(page) && widgetBytes[page] + added > PAGE_WIDGET_BUDGET ? added * OVER_BUDGET_WEIGHT : added;
    }
    return cost;
  };
  for (;;) {
    widgetBytes.fill(0);
    for (const unit of current) if (!unit.core) for (const page of unit.pages) widgetBytes[page] += unit.bytes;
    let best: [Unit, Unit] | null = null;
    let bestCost = Number.POSITIVE_INFINITY;
    const crowdedPages = Array.from({ length: pageCount }, (_, page) => page).filter(
      (page) => limited(page) && current.filter((unit) => !unit.core && unit.pages.has(page)).length > limit,
    );
    const weighed = new Set<string>();
    const indexOf = new Map(current.map((unit, index) => [unit, index]));
    for (const page of crowdedPages) {
      const candidates = [app, ...current.filter((unit) => !unit.core && unit.pages.has(page))];
      for (let i = 0; i < candidates.length; i++) {
        for (let j = i + 1; j < candidates.length; j++) {
          const [a, b] = [candidates[i], candidates[j]];
          const pair = `${indexOf.get(a)},${indexOf.get(b)}`;
          if (weighed.has(pair)) continue;
          weighed.add(pair);
          // A merge takes a file off every crowded page loading both (joining the app file: every one loading it).
          const relieved = crowdedPages.filter((crowdedPage) => (a.core || a.pages.has(crowdedPage)) && b.pages.has(crowdedPage)).length;
          const cost = mergeCost(a, b) / relieved;
          if (cost < bestCost) [best, bestCost] = [[a, b], cost];
        }
      }
    }
    if (!best) return current;
    const [a, b] = best;
    // The app unit absorbs the other in place, so it stays the one `candidates` starts with.
    const merged: Unit = a.core ? a : { modules: [], bytes: 0, pages: new Set(), imports: new Set(), name: a.bytes >= b.bytes ? a.name : b.name };
    merged.modules = [...a.modules, ...b.modules];
    merged.bytes = a.bytes + b.bytes;
    merged.pages = new Set([...a.pages, ...b.pages]);
    merged.imports = new Set([...a.imports, ...b.imports].filter((unit) => unit !== a && unit !== b));
    current = current.filter((unit) => unit !== a && unit !== b);
    current = merged.core ? [merged, ...current] : [...current, merged];
    for (const unit of current) {
      const importedA = unit.imports.delete(a);
      const importedB = unit.imports.delete(b);
      if ((importedA || importedB) && unit !== merged) unit.imports.add(merged);
    }
    // Every page that loads the merged file now loads what it imports as well.
    for (const unit of withImports(merged)) for (const page of merged.pages) unit.pages.add(page);
  }
}

/** Rollup's `manualChunks` for the client build (ADR 028). */
export function createManualChunks(root: string) {
  const pages = widgetFoldersPerPage(root);
  let plan: Map<string, string> | null = null;

  function makePlan(graph: ModuleGraph): Map<string, string> {
    const ids = [...graph.getModuleIds()];
    const chunkOf = new Map<string, string>();
    const entry = ids.filter((id) => CLIENT_ENTRY.test(id));
    const routes = ids.filter((id) => CORE_ROUTES.some((pattern) => pattern.test(id)));
    for (const id of staticClosure(graph, [...entry, ...routes])) {
      chunkOf.set(id, isFramework(id) ? "framework" : "app");
    }
    // The route modules stay the entries React Router names in its manifest (their own code is small); the client
    // entry joins `app`, which then is the entry's file: one file fewer on every page.
    for (const id of routes) chunkOf.delete(id);

    const foldersReaching = new Map<string, Set<string>>();
    for (const id of ids) {
      const folder = /\/widgets\/([^/]+)\/component\.tsx$/.exec(id)?.[1];
      if (!folder || folder === "kit") continue;
      for (const reached of staticClosure(graph, [id])) {
        if (chunkOf.has(reached)) continue;
        if (isFramework(reached)) {
          chunkOf.set(reached, "framework");
          continue;
        }
        const folders = foldersReaching.get(reached) ?? new Set();
        folders.add(folder);
        foldersReaching.set(reached, folders);
      }
    }
    const bySignature = new Map<string, Unit>();
    for (const [id, folders] of foldersReaching) {
      const signature = [...folders].sort().join(",");
      let unit = bySignature.get(signature);
      if (!unit) {
        const needing = new Set(pages.flatMap((page, index) => ([...folders].some((folder) => page.folders.has(folder)) ? [index] : [])));
        unit = { modules: [], bytes: 0, pages: needing, imports: new Set(), name: folders.size === 1 ? [...folders][0] : "shared" };
        bySignature.set(signature, unit);
      }
      unit.modules.push(id);
      unit.bytes += ownCodeLength(graph.getModuleInfo(id)?.code ?? "");
    }
    // Modules given one chunk name become one file, so two units never share a name.
    const taken = new Set<string>();
    const unitOf = new Map<string, Unit>();
    for (const unit of bySignature.values()) for (const id of unit.modules) unitOf.set(id, unit);
    for (const unit of bySignature.values()) {
      for (const id of unit.modules) {
        for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
          const target = unitOf.get(imported);
          if (target && target !== unit) unit.imports.add(target);
        }
      }
    }
    // Late widgets' files are fetched after hydration, not in the first load: they weigh on the plan (a merge must not
    // drag their code into a first load) but put no limit on it.
    const planned = planWidgetUnits([...bySignature.values()], pages.length, WIDGET_CHUNKS_PER_PAGE, (page) => !pages[page].late);
    for (const unit of planned) {
      if (unit.core) {
        for (const id of unit.modules) chunkOf.set(id, "app");
        continue;
      }
      let chunk = `widgets-${unit.name}`;
      for (let suffix = 2; taken.has(chunk); suffix++) chunk = `widgets-${unit.name}-${suffix}`;
      taken.add(chunk);
      for (const id of unit.modules) chunkOf.set(id, chunk);
    }
    return chunkOf;
  }

  return (id: string, graph: ModuleGraph): string | undefined => {
    plan ??= makePlan(graph);
    return plan.get(id);
  };
}

interface OutputChunkLike {
  type: "chunk" | "asset";
  fileName: string;
  moduleIds?: string[];
  source?: string | Uint8Array;
}

/**
 * The server preloads a page's widgets by looking `widgets/<folder>/component.tsx` up in Vite's manifest
 * (server/app.server.ts). A widget merged into a shared chunk has no manifest entry of its own, so this adds one per
 * widget: a copy of its chunk's entry under the component's path.
 */
export function widgetManifestEntries(root: string) {
  return {
    name: "widget-manifest-entries",
    apply: "build" as const,
    generateBundle: {
      order: "post" as const,
      handler(_options: unknown, bundle: Record<string, OutputChunkLike>) {
        const manifestAsset = bundle[".vite/manifest.json"];
        if (manifestAsset?.type !== "asset" || manifestAsset.source === undefined) return;
        const manifest = JSON.parse(String(manifestAsset.source)) as Record<string, { file: string; src?: string }>;
        const keyOfFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]));
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk") continue;
          const key = keyOfFile.get(chunk.fileName);
          if (!key) continue;
          for (const id of chunk.moduleIds ?? []) {
            const component = /\/(widgets\/[^/]+\/component\.tsx)$/.exec(id)?.[1];
            if (component && id.startsWith(root) && !manifest[component]) manifest[component] = { ...manifest[key], src: component };
          }
        }
        manifestAsset.source = `${JSON.stringify(manifest, null, 2)}\n`;
      },
    },
  };
}

/**
 * Widget modules in the browser build:
 *  - each registers itself with the renderer when its chunk runs, so the client entry finds the first page's widgets
 *    by importing the chunks the server modulepreloaded, without carrying the registry of every widget's chunk and
 *    its preload list (a lazy chunk, app/renderer/widget-loaders.ts, used by navigations). The chunk plan weighs a
 *    widget module without these lines (see REGISTRATION_MARK);
 *  - `dataReads` is not exported: what a widget reads of its data only shapes the server's projection (ADR 030), so
 *    the declarations and their helpers (app/pipeline/data-reads.ts) stay out of the browser's files.
 */
export function browserWidgetModules(root: string) {
  const typeOfComponent = new Map(widgetFolders().map(({ type, folder }) => [`${root}/widgets/${folder}/component.tsx`, type]));
  const registry = `${root}/app/renderer/widget-components.ts`;
  return {
    name: "browser-widget-modules",
    apply: "build" as const,
    transform(code: string, id: string, options?: { ssr?: boolean }) {
      const type = typeOfComponent.get(id);
      if (!type || options?.ssr) return null;
      const registration = [
        REGISTRATION_MARK,
        `import { registerWidgetModule as __registerWidgetModule } from ${JSON.stringify(registry)};`,
        `import * as __widgetModule from ${JSON.stringify(id)};`,
        `__registerWidgetModule(${JSON.stringify(type)}, __widgetModule);`,
      ].join("\n");
      return { code: `${code.replace(/^export const dataReads\b/m, "const dataReads")}\n${registration}\n`, map: null };
    },
  };
}

/** The files a first load fetches: the framework, the entry (with `app`), the root and page routes, widget groups. */
const FIRST_LOAD_CHUNK = /^(framework|entry\.client|root|page|widgets-.+)$/;

/**
 * Terser (two compress passes) over the files a first load fetches, after Vite's own minifier: about 4 KB less gzip on
 * every page than esbuild alone, which the first-load goal (1.15x the framework floor) needs (ADR 097). The lazy
 * chunks (editor, player, charts) keep esbuild's output: terser on them would double the build's time for bytes no
 * first load carries. Terser's output is a function of its input, so a file's hash still names its content.
 */
export function minifyFirstLoad() {
  return {
    name: "minify-first-load",
    apply: "build" as const,
    async generateBundle(_options: unknown, bundle: Record<string, OutputChunkLike & { name?: string; code?: string }>) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || chunk.code === undefined || !FIRST_LOAD_CHUNK.test(chunk.name ?? "")) continue;
        const minified = await minify(chunk.code, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
        if (minified.code !== undefined) chunk.code = minified.code;
      }
    },
  };
}
