import type { PageConfig } from "@schemas/generated/page-config";
import type { PageConfigInput } from "@schemas/generated/page-config-input";
import { findBindings } from "~/pipeline/bindings";
import { widgetRegistry, isWidgetType } from "@widgets/registry";
import { walkWidgets } from "~/pipeline/widget-tree";
import { redirectFor } from "~/routing/routing";
import type { ConfigProblem } from "~/services";
import { schemaProblems } from "./ops/page-config-schema.server.ts";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";
import { createEmbeddedPlatform } from "@platform/index.server.ts";

export type Catalogues = Record<string, Record<string, unknown>>;

function hasKey(catalogue: Record<string, unknown> | undefined, key: string): boolean {
  let current: unknown = catalogue;
  for (const part of key.split(".")) {
    if (!current || typeof current !== "object" || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return typeof current === "string";
}

function collectStrings(value: unknown, pointer: string, visit: (text: string, pointer: string) => void): void {
  if (typeof value === "string") visit(value, pointer);
  else if (Array.isArray(value)) value.forEach((entry, index) => collectStrings(entry, `${pointer}/${index}`, visit));
  else if (value && typeof value === "object") {
    for (const [key, entry] of Object.entries(value)) collectStrings(entry, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, visit);
  }
}

/** Checks the schema cannot express: data sources, query names, i18n keys in both languages, tab counts. */
export function crossReferenceProblems(config: PageConfig, catalogues: { zh: Catalogues; en: Catalogues }): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const sources = new Set(Object.keys(config.data ?? {}));
  const queries = new Set(Object.keys(config.query ?? {}));

  const checkText = (text: string, pointer: string) => {
    for (const binding of findBindings(text)) {
      if (binding.root === "t") {
        const [namespace, ...rest] = binding.path;
        const key = rest.join(".");
        for (const lang of ["zh", "en"] as const) {
          if (!hasKey(catalogues[lang][namespace], key)) {
            problems.push({ pointer, message: `i18n key "${namespace}:${key}" is missing in ${lang}` });
          }
        }
      } else if (binding.root === "data" && !sources.has(binding.path[0])) {
        problems.push({ pointer, message: `data source "${binding.path[0]}" is not declared in "data"` });
      } else if (binding.root === "query" && !queries.has(binding.path[0])) {
        problems.push({ pointer, message: `query value "${binding.path[0]}" is not declared in "query"` });
      }
    }
  };

  for (const [name, source] of Object.entries(config.data ?? {})) {
    // The console's paths are the platform's internal ones (ADR 026): a data source would hand them to every viewer.
    if (source.api === OPS_CONSOLE_PREFIX || source.api.startsWith(`${OPS_CONSOLE_PREFIX}/`)) {
      problems.push({ pointer: `/data/${name}/api`, message: `${source.api} is internal to the operations console, not a data source` });
    }
    collectStrings(source.params ?? {}, `/data/${name}/params`, (text, pointer) => {
      for (const binding of findBindings(text)) {
        if (binding.root !== "query") problems.push({ pointer, message: "data source params may only bind {query.…}" });
      }
      checkText(text, pointer);
    });
  }

  const pointerOf = (id: string) => `/widgets/${id.split(".").join("/children/")}`;
  walkWidgets(config.widgets, ({ node, id }) => {
    const pointer = pointerOf(id);
    if (!isWidgetType(node.type)) {
      problems.push({ pointer: `${pointer}/type`, message: `unknown widget type "${node.type}" (known: ${Object.keys(widgetRegistry).join(", ")})` });
    }
    if (node.data && !sources.has(node.data)) {
      problems.push({ pointer: `${pointer}/data`, message: `data source "${node.data}" is not declared in "data"` });
    }
    collectStrings(node.props ?? {}, `${pointer}/props`, checkText);
    collectStrings(node.visibleWhen ?? {}, `${pointer}/visibleWhen`, checkText);
    if (node.type === "tabs") {
      const labels = (node.props as { labels?: unknown[] } | undefined)?.labels?.length ?? 0;
      if (labels !== (node.children?.length ?? 0)) {
        problems.push({ pointer: `${pointer}/children`, message: `tabs has ${labels} labels but ${node.children?.length ?? 0} children` });
      }
    }
  });
  return problems;
}

/** A page path in a config text: "/videoDetail?id={item.id}" → "/videoDetail"; files, the API and bindings are not pages. */
const PAGE_LINK = /^(\/[A-Za-z][A-Za-z0-9_]*)(?:[?#].*)?$/;

/**
 * Links in a config's widgets to pages no config serves (after the routing rules: "/" → /home, /appDownload → /toApp,
 * "Mobile" paths): each would be a dead end, so each is a problem.
 */
export function deadLinkProblems(config: PageConfig, servedPaths: ReadonlySet<string>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  walkWidgets(config.widgets, ({ node, id }) => {
    collectStrings(node.props ?? {}, `/widgets/${id.split(".").join("/children/")}/props`, (text, pointer) => {
      const path = PAGE_LINK.exec(text)?.[1];
      if (!path) return;
      const target = (redirectFor(path, "") ?? path).split("?")[0];
      if (!servedPaths.has(target)) problems.push({ pointer, message: `links to ${path}, which no page config serves` });
    });
  });
  return problems;
}

/** "METHOD /path" of every route the embedded platform API serves: what a data source may name. */
export function servedPlatformRoutes(): Set<string> {
  const platform = createEmbeddedPlatform({ file: ":memory:", seed: false });
  const served = new Set(platform.api.routes().map((route) => `${route.method} ${route.path}`));
  platform.close();
  return served;
}

/** Data sources naming a path (and method) the platform API does not serve: each would fail on every render. */
export function dataSourceProblems(config: PageConfig, served: ReadonlySet<string>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [name, source] of Object.entries(config.data ?? {})) {
    const method = source.method ?? "POST";
    if (!served.has(`${method} ${source.api}`) && !served.has(`ANY ${source.api}`)) {
      problems.push({ pointer: `/data/${name}/api`, message: `the embedded platform API does not serve ${method} ${source.api}` });
    }
  }
  return problems;
}

/** A config as written, with its schema defaults filled in (widget props included); throws when it is invalid. */
export function withConfigDefaults(input: PageConfigInput): PageConfig {
  const config = structuredClone(input) as unknown;
  const problems = schemaProblems(config);
  if (problems.length) {
    throw new Error(`invalid page config: ${problems.map((problem) => `${problem.pointer} ${problem.message}`).join("; ")}`);
  }
  return config as PageConfig;
}

/** Parses and checks one config file's text; problems are empty when it is valid. */
export function checkPageConfig(
  text: string,
  catalogues: { zh: Catalogues; en: Catalogues },
): { config: PageConfig; problems: ConfigProblem[] } | { config: null; problems: ConfigProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { config: null, problems: [{ pointer: "/", message: `invalid JSON: ${(error as Error).message}` }] };
  }
  const problems = schemaProblems(parsed);
  if (problems.length) return { config: null, problems };
  const config = parsed as PageConfig;
  return { config, problems: crossReferenceProblems(config, catalogues) };
}
