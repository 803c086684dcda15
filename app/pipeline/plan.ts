import type { PageConfig } from "@schemas/generated/page-config";
import { evaluateGate, type SessionUser } from "@contracts/gate";
import type { DataState } from "./data-state";
import { sourcesOfNode, walkWidgets } from "./widget-tree";

/**
 * Decides which sources the viewer may have (on the server and again in the browser): a source is loaded only when its own gate and the
 * gates of at least one widget that uses it are met, so gated data never reaches the server-rendered HTML.
 * "load" means: load it here; client-side sources are "loading" until the browser loads them.
 */
export function plannedSources(config: PageConfig, user: SessionUser | null): Map<string, DataState | "load"> {
  const plan = new Map<string, DataState | "load">();
  const openUse = new Set<string>();
  const gatedUse = new Map<string, ReturnType<typeof evaluateGate>>();
  walkWidgets(config.widgets, ({ node, gates }) => {
    const outcome = gates.map((gate) => evaluateGate(gate, user)).find((result) => result !== "ok") ?? "ok";
    for (const name of sourcesOfNode(node)) {
      if (outcome === "ok") openUse.add(name);
      else if (!gatedUse.has(name)) gatedUse.set(name, outcome);
    }
  });
  for (const [name, source] of Object.entries(config.data ?? {})) {
    const own = evaluateGate(source.gate, user);
    if (own !== "ok") plan.set(name, { status: "gated", outcome: own });
    else if (!openUse.has(name) && gatedUse.has(name)) plan.set(name, { status: "gated", outcome: gatedUse.get(name)! });
    else if (source.side === "client") plan.set(name, { status: "loading" });
    else plan.set(name, "load");
  }
  return plan;
}
