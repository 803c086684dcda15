import type { LRUCache } from "lru-cache";
import type { DataSource } from "@schemas/generated/page-config";
import type { ApiClient } from "~/api/api-client";
import { resolveBindings } from "./bindings";
import { dataStateOf, type DataState } from "./data-state";
import type { Lang } from "@contracts/language";

/** Answers of public sources kept for their `cacheSeconds`, keyed by language, method, API and params. */
export type SourceCache = LRUCache<string, DataState>;

export interface SourceRequestOptions {
  /**
   * The viewer's language, sent to the platform as its `lang` header: the platform answers names and titles in it, so
   * an answer serves only viewers of that language and the cache keeps one per language.
   */
  lang: Lang;
  /** Params added to the source's own, e.g. the next page of a paged list. */
  extraParams?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Used when the source sets no `timeoutMs`. */
  defaultTimeoutMs?: number;
  /** Given only where an answer may serve everyone (the server, for visitors). */
  cache?: SourceCache;
}

/** The params of a source with its {query.x} bindings resolved: the same on the server and in the browser. */
export function sourceParams(source: DataSource, query: Record<string, string>): Record<string, unknown> {
  return resolveBindings(source.params ?? {}, { query }) as Record<string, unknown>;
}

/**
 * Requests for shared answers in flight, per cache: while one is on its way, the same request from another visitor waits
 * for it instead of asking the platform again. When the platform comes back after an outage, or a busy page's answers
 * expire together, a hundred renders of one page then cost the platform one call per source, not a hundred (ADR 066).
 */
const inFlightByCache = new WeakMap<SourceCache, Map<string, Promise<DataState>>>();

function inFlightOf(cache: SourceCache): Map<string, Promise<DataState>> {
  const known = inFlightByCache.get(cache);
  if (known) return known;
  const inFlight = new Map<string, Promise<DataState>>();
  inFlightByCache.set(cache, inFlight);
  return inFlight;
}

/**
 * The one way a page's data source is requested — by the loader, the browser's page data, paged lists and viewer
 * sources alike — and what its answer means to the widgets that use it.
 */
export async function requestSource(client: ApiClient, source: DataSource, query: Record<string, string>, options: SourceRequestOptions): Promise<DataState> {
  const params = { ...sourceParams(source, query), ...options.extraParams };
  const ask = async () =>
    dataStateOf(
      await client.request(source.api, {
        method: source.method,
        params,
        timeoutMs: source.timeoutMs ?? options.defaultTimeoutMs,
        headers: { ...options.headers, lang: options.lang },
      }),
    );
  const shared = options.cache;
  if (!shared) return ask();

  const key = sourceCacheKey(source, params, options.lang);
  const hit = source.cacheSeconds ? shared.get(key) : undefined;
  if (hit) return hit;
  const inFlight = inFlightOf(shared);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const answer = ask().then((state) => {
    if (source.cacheSeconds && state.status === "ok") shared.set(key, state, { ttl: source.cacheSeconds * 1000 });
    return state;
  });
  inFlight.set(key, answer);
  try {
    return await answer;
  } finally {
    inFlight.delete(key);
  }
}

/** What an answer depends on besides the viewer: the language it is in, the call and its params. */
export function sourceCacheKey(source: DataSource, params: Record<string, unknown>, lang: Lang): string {
  return `${lang} ${source.method} ${source.api} ${JSON.stringify(params)}`;
}
