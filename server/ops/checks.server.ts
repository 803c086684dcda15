import type { OpsProblem } from "@contracts/ops.ts";
import type { Catalogues } from "@contracts/catalogues.server.ts";
import type { PageConfig } from "@schemas/generated/page-config.ts";
import type { PageConfigStore } from "~/services.ts";
import { checkPageConfig, dataSourceProblems, deadLinkProblems } from "../config-check.server.ts";

export interface PublishCheckContext {
  catalogues: Catalogues;
  pages: PageConfigStore;
  /** "METHOD /path" of every platform route (servedPlatformRoutes). */
  servedRoutes: () => ReadonlySet<string>;
}

/**
 * Everything `npm run check:configs` checks of one config, for a config that is to be served at `path`: the schema,
 * cross-references (widgets, bindings, catalogue keys), the path it claims, paths and aliases no other page serves,
 * data sources the platform serves, and links that resolve (to a served page or to this one). Empty: publishable.
 */
export function publishProblems(text: string, path: string, context: PublishCheckContext): { config: PageConfig | null; problems: OpsProblem[] } {
  const { config, problems } = checkPageConfig(text, context.catalogues);
  if (!config) return { config: null, problems };
  if (config.path !== path) problems.push({ pointer: "/path", message: `path must be ${path}` });
  const ownPaths = [config.path, ...(config.aliases ?? [])];
  ownPaths.forEach((own, index) => {
    const entry = context.pages.resolve(own);
    const owner = entry && (entry.status === "valid" ? entry.config.path : entry.path);
    if (owner && owner !== path) {
      problems.push({ pointer: index === 0 ? "/path" : `/aliases/${index - 1}`, message: `${own} is already served by the page ${owner}` });
    }
  });
  problems.push(...dataSourceProblems(config, context.servedRoutes()));
  problems.push(...deadLinkProblems(config, new Set([...context.pages.paths(), ...ownPaths])));
  return { config, problems };
}
