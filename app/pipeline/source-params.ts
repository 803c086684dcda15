import type { DataSource } from "@schemas/generated/page-config";
import { resolveBindings } from "~/lib/bindings";

/** The params of a source with its {query.x} bindings resolved: the same on the server and in the browser. */
export function sourceParams(source: DataSource, query: Record<string, string>): Record<string, unknown> {
  return resolveBindings(source.params ?? {}, { query }) as Record<string, unknown>;
}
