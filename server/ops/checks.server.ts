import type { OpsProblem } from "@contracts/ops.ts";
import type { Catalogues } from "@contracts/catalogues.server.ts";
import type { PageConfig } from "@schemas/generated/page-config.ts";
import type { PageConfigStore } from "~/services.ts";
import { crossFieldProblems } from "@contracts/config-rules.ts";
import { checkPageConfig, dataSourceProblems, deadLinkProblems } from "../config-check.server.ts";

/** The server's words for a rule problem (the console words it again in the operator's language from its code). */
const RULE_MESSAGES = { windowOrder: (params: Record<string, string>) => `the end must come after the start (${params.from})` };

export interface PublishCheckContext {
  catalogues: Catalogues;
  pages: PageConfigStore;
  /** "METHOD /path" of every platform route (servedPlatformRoutes). */
  servedRoutes: () => ReadonlySet<string>;
}

/**
 * Everything `npm run check:configs` checks of one config, for a config that is to be served at `path`: the schema,
 * cross-references (widgets, bindings, catalogue keys), the path it claims, paths and aliases no other page serves,
 * cross-field rules (a window ends after it starts: contracts/config-rules.ts), data sources the platform serves, and
 * links that resolve (to a served page or to this one). Empty: publishable.
 */
export function publishProblems(text: string, path: string, context: PublishCheckContext): { config: PageConfig | null; problems: OpsProblem[] } {
  const checked = checkPageConfig(text, context.catalogues);
  const { config } = checked;
  const problems: OpsProblem[] = checked.problems;
  if (!config) return { config: null, problems };
  if (config.path !== path) problems.push({ pointer: "/path", message: `path must be ${path}`, code: "pathMismatch", params: { path } });
  const ownPaths = [config.path, ...(config.aliases ?? [])];
  ownPaths.forEach((own, index) => {
    const entry = context.pages.resolve(own);
    const owner = entry && (entry.status === "valid" ? entry.config.path : entry.path);
    if (owner && owner !== path) {
      problems.push({
        pointer: index === 0 ? "/path" : `/aliases/${index - 1}`,
        message: `${own} is already served by the page ${owner}`,
        code: "pathTaken",
        params: { own, owner },
      });
    }
  });
  problems.push(
    ...crossFieldProblems(config).map((rule) => ({
      pointer: rule.pointer,
      message: RULE_MESSAGES[rule.code](rule.params),
      code: rule.code,
      params: rule.params,
    })),
  );
  problems.push(...dataSourceProblems(config, context.servedRoutes()));
  problems.push(...deadLinkProblems(config, new Set([...context.pages.paths(), ...ownPaths])));
  return { config, problems };
}
