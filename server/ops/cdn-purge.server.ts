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
 * The CDN purge hook (ADR 053): after a publish or rollback, the page's URLs (its path and aliases, before and after)
 * are POSTed to CDN_PURGE_URL, so a public page does not wait out its s-maxage at the edge. It runs after the commit,
 * off the request: a CDN that is down delays nobody's publish, and is tried again a few times, then logged.
 */
export function cdnPurger(options: CdnPurgeOptions): (change: PublishedChange) => Promise<boolean> {
  const send = options.fetch ?? fetch;
  const attempts = options.attempts ?? 4;
  return async (change) => {
    const urls = purgeUrls(options.publicOrigin, new Set([change.path, ...pathsOf(change.text), ...pathsOf(change.previousText)]));
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
    options.log(`CDN purge of ${change.path} v${change.version} failed after ${attempts} tries (${failure}): ${urls.join(" ")}`);
    return false;
  };
}
