import type { PageView } from "./page-view";
import { NETWORK_ERROR_CODE } from "~/api/api-client";

const STATIC_PAGE_SECONDS = 60;

/**
 * How long a good render of a public page may still be served when its refresh fails because the platform does
 * (ADR 043): by this server's render cache, and by shared caches through `stale-if-error` (RFC 5861).
 */
export const STALE_IF_ERROR_SECONDS = 24 * 60 * 60;

/** The response header naming the sources of a render that the platform failed to answer (time-out, 5xx, breaker). */
export const SOURCES_FAILED_HEADER = "X-Sources-Failed";

/**
 * The internal header of a render shared by a signed-in viewer's class (ADR 083): the Cache-Control it would carry were
 * it public, which this server's render cache keeps it by. The response itself stays `private, no-store` for every
 * other cache, and the render cache takes this header off before anything leaves.
 */
export const CLASS_RENDER_HEADER = "X-Class-Render";

/**
 * The sources of a render that failed because the platform did (no answer in time, an unreadable answer, the circuit
 * open), as opposed to an answer the platform gave (a missing item, a refusal), which is the page's true state.
 */
export function failedSources(view: PageView): string[] {
  return Object.entries(view.data)
    .filter(([, state]) => state.status === "error" && state.code === NETWORK_ERROR_CODE)
    .map(([name]) => name);
}

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
  if ((view.user && !view.forClass) || view.kind === "broken" || view.status >= 500 || failedSources(view).length) return 0;
  // What a class render left to the browser is not in its HTML, so its cache time does not bound the render's.
  const sources = Object.entries(view.config.data ?? {})
    .filter(([name, source]) => source.side === "server" && !(view.forClass && view.data[name]?.status === "loading"))
    .map(([, source]) => source);
  const dataSeconds = sources.length === 0 ? STATIC_PAGE_SECONDS : Math.min(...sources.map((source) => source.cacheSeconds ?? 0));
  return Math.max(0, Math.min(dataSeconds, secondsToPublishBoundary(view)));
}

/**
 * The Cache-Control of an anonymous page for shared caches (ADR 030): fresh for its cache time, then served stale for
 * as long again while one request renders it anew, but the stale time too ends at the next publish boundary; and
 * served stale for a day while its renders fail for want of the platform (ADR 043).
 */
export function sharedCacheControl(view: PageView): string | null {
  const seconds = anonymousCacheSeconds(view);
  if (seconds <= 0) return null;
  const ahead = secondsToPublishBoundary(view) - seconds;
  const stale = Math.min(seconds, ahead);
  const staleIfError = Math.min(STALE_IF_ERROR_SECONDS, ahead);
  return `public, s-maxage=${seconds}${stale > 0 ? `, stale-while-revalidate=${stale}` : ""}${staleIfError > 0 ? `, stale-if-error=${staleIfError}` : ""}`;
}
