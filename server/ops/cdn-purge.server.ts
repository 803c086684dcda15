import type { PublishedChange } from "./store/page-versions.server.ts";

export interface CdnPurgeOptions {
  /** CDN_PURGE_URL: POSTed {"urls": [...]} (JSON) with every URL of a page that changed. */
  url: string;
  publicOrigin: string;
  log: (line: string) => void;
  fetch?: typeof fetch;
  /** Tries per purge (the waits between them double from 500 ms). */
  attempts?: number;
}

/** A page's own path and aliases in a config's text (none when it is not JSON). */
function pathsOf(text: string | null): string[] {
  if (!text) return [];
  try {
    const config = JSON.parse(text) as { path?: unknown; aliases?: unknown };
    return [config.path, ...(Array.isArray(config.aliases) ? config.aliases : [])].filter((path): path is string => typeof path === "string");
  } catch {
    return [];
  }
}

/** The URLs a shared cache may hold for these paths: each document and the client navigation's data answer. */
export function purgeUrls(publicOrigin: string, paths: Iterable<string>): string[] {
  const urls = new Set<string>();
  for (const path of paths) {
    urls.add(`${publicOrigin}${path}`);
    urls.add(`${publicOrigin}${path === "/" ? "/_root" : path}.data`);
  }
  return [...urls].sort();
}

/**
 * Tells the CDN (CDN_PURGE_URL) that these paths changed: their URLs are POSTed as {"urls": [...]}. Runs off the request:
 * a CDN that is down delays nobody, and is tried again a few times, then logged under `what` (which change it was).
 */
export function cdnPathPurger(options: CdnPurgeOptions): (paths: Iterable<string>, what: string) => Promise<boolean> {
  const send = options.fetch ?? fetch;
  const attempts = options.attempts ?? 4;
  return async (paths, what) => {
    const urls = purgeUrls(options.publicOrigin, new Set(paths));
    let failure = "";
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
      try {
        const response = await send(options.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ urls }),
          signal: AbortSignal.timeout(5_000),
        });
        if (response.ok) return true;
        failure = `HTTP ${response.status}`;
      } catch (error) {
        failure = (error as Error).message;
      }
    }
    options.log(`CDN purge of ${what} failed after ${attempts} tries (${failure}): ${urls.join(" ")}`);
    return false;
  };
}

/**
 * The CDN purge hook (ADR 053): after a publish, a rollback or a scheduled go-live, the page's URLs (its path and
 * aliases, before and after) are purged, so a public page does not wait out its s-maxage at the edge.
 */
export function cdnPurger(options: CdnPurgeOptions): (change: PublishedChange) => Promise<boolean> {
  const purgePaths = cdnPathPurger(options);
  return (change) => purgePaths([change.path, ...pathsOf(change.text), ...pathsOf(change.previousText)], `${change.path} v${change.version}`);
}
