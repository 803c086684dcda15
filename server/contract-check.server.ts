import type { PageConfig } from "@schemas/generated/page-config";
import { findBindings } from "~/pipeline/bindings";
import { plannedSources } from "~/pipeline/plan";
import type { ConfigProblem } from "~/services";

/** The query values a source's params bind: {"id": "{query.id}"} → ["id"]. */
function queryValuesBound(params: unknown, into = new Set<string>()): Set<string> {
  if (typeof params === "string") {
    for (const binding of findBindings(params)) if (binding.root === "query") into.add(binding.path[0]);
  } else if (params && typeof params === "object") {
    for (const value of Object.values(params)) queryValuesBound(value, into);
  }
  return into;
}

/**
 * A required query value that a source a visitor loads binds needs an `example` (ADR 067): without one, the tests
 * cannot open the page on the seeded platform, and a detail page would go unchecked.
 */
export function exampleProblems(config: PageConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const loaded = [...plannedSources(config, null)].filter(([, planned]) => planned === "load").map(([name]) => name);
  for (const [name, entry] of Object.entries(config.query ?? {})) {
    if (!entry.required || entry.example !== undefined) continue;
    const binding = loaded.find((source) => queryValuesBound(config.data?.[source]?.params).has(name));
    if (binding) {
      problems.push({
        pointer: `/query/${name}`,
        message: `required query value "${name}" feeds data source "${binding}" but has no "example": add "example": "<an id the platform answers for>" so the tests can open this page`,
      });
    }
  }
  return problems;
}
