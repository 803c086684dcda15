import type { PageConfig } from "@schemas/generated/page-config";

/**
 * The query a test opens a page with: each value's `example` (a real id of the seeded platform, ADR 067), else its
 * default, else "1" (a value no example names only picks a tab or a filter).
 */
export function exampleQuery(config: PageConfig): Record<string, string> {
  return Object.fromEntries(Object.entries(config.query ?? {}).map(([name, entry]) => [name, entry.example ?? entry.default ?? "1"]));
}
