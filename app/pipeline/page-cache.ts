import type { PageView } from "./page-view";

const STATIC_PAGE_SECONDS = 60;

/**
 * What picks the variant of a public page (ADR 030): the `lang` cookie (and the `token` cookie, whose presence makes
 * the page private) and the app type read from the User-Agent. A CDN keys on the documented cache key instead.
 */
export const SHARED_CACHE_VARY = "Cookie, User-Agent";

/** Whole seconds from the render to the page's next publish boundary (its opening or closing time), or Infinity. */
function secondsToPublishBoundary(view: PageView): number {
  const { from, until } = view.config.publish ?? {};
  const ahead = [from, until].map((moment) => (moment ? Date.parse(moment) - view.serverNow : Number.NaN)).filter((milliseconds) => milliseconds > 0);
  return ahead.length ? Math.floor(Math.min(...ahead) / 1000) : Number.POSITIVE_INFINITY;
}

/**
 * How long the same HTML may serve every visitor: only pages rendered for nobody in particular, never longer than the
 * shortest cache time of their server-side data sources (a source without one forbids reuse), and never past the
 * page's next publish boundary, so nobody is served the notice of a page that has opened since.
 */
export function anonymousCacheSeconds(view: PageView): number {
  if (view.user || view.kind === "broken" || view.status >= 500) return 0;
  const sources = Object.values(view.config.data ?? {}).filter((source) => source.side === "server");
  const dataSeconds = sources.length === 0 ? STATIC_PAGE_SECONDS : Math.min(...sources.map((source) => source.cacheSeconds ?? 0));
  return Math.max(0, Math.min(dataSeconds, secondsToPublishBoundary(view)));
}

/**
 * The Cache-Control of an anonymous page for shared caches (ADR 030): fresh for its cache time, then served stale for
 * as long again while one request renders it anew, but the stale time too ends at the next publish boundary.
 */
export function sharedCacheControl(view: PageView): string | null {
  const seconds = anonymousCacheSeconds(view);
  if (seconds <= 0) return null;
  const stale = Math.min(seconds, secondsToPublishBoundary(view) - seconds);
  return `public, s-maxage=${seconds}${stale > 0 ? `, stale-while-revalidate=${stale}` : ""}`;
}
