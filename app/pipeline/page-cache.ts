import type { PageView } from "./page-view";

const STATIC_PAGE_SECONDS = 60;

/**
 * How long the same HTML may serve every visitor: only pages rendered for nobody in particular, and never longer
 * than the shortest cache time of their server-side data sources (a source without one forbids reuse).
 */
export function anonymousCacheSeconds(view: PageView): number {
  if (view.user || view.kind !== "page" || view.status >= 500) return 0;
  const sources = Object.values(view.config.data ?? {}).filter((source) => source.side === "server");
  if (sources.length === 0) return STATIC_PAGE_SECONDS;
  return Math.min(...sources.map((source) => source.cacheSeconds ?? 0));
}
