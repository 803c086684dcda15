import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { detectAppType } from "@contracts/app-type.ts";
import { chunkBytes, isPublicCacheControl } from "./security.server.ts";
import { CLASS_RENDER_HEADER, SOURCES_FAILED_HEADER } from "~/pipeline/page-cache.ts";

interface Entry {
  /** Until when (the cache's clock) the entry is served as it is; after that only when a fresh render fails. */
  freshUntil: number;
  status: number;
  /** Every header the response went out with, the hit marker included: one writeHead per hit. */
  headers: Record<string, string>;
  body: Buffer;
}

/** Content-Encoding is the compression of one response for one client's Accept-Encoding; the entry keeps the plain bytes. */
const NOT_REPLAYED = new Set(["content-length", "content-encoding", "date", "connection", "transfer-encoding", "keep-alive"]);

/** How long a shared cache may keep the response: its s-maxage when it is public, else nothing. */
function sharedSeconds(cacheControl: unknown): number {
  if (!isPublicCacheControl(cacheControl)) return 0;
  return Number(/\bs-maxage=(\d+)/.exec(String(cacheControl))?.[1] ?? 0);
}

/**
 * The Cache-Control the render is kept by: a visitor's render its own (public) one; a signed-in viewer's only the one
 * its class render header names (ADR 083), whatever else it says, which is then taken off before anything leaves.
 */
function keptCacheControl(response: Response, signedIn: boolean): unknown {
  const forClass = response.getHeader(CLASS_RENDER_HEADER);
  response.removeHeader(CLASS_RENDER_HEADER);
  return signedIn ? forClass : response.getHeader("cache-control");
}

/** How long after that it may still serve when a new render fails for want of the platform (stale-if-error). */
function staleIfErrorSeconds(cacheControl: unknown): number {
  return Number(/\bstale-if-error=(\d+)/.exec(String(cacheControl))?.[1] ?? 0);
}

/** How a replay of a stale render is marked: by us, and as RFC 9111 (formerly 7234 §5.5) words a failed revalidation. */
const STALE_MARKS = { "X-Render-Cache": "stale-if-error", Warning: '111 - "Revalidation Failed"', "Cache-Control": "no-cache" };
/** How a stale render is marked when it is replayed because another request is rendering the page afresh. */
const REFRESHING_MARKS = { "X-Render-Cache": "stale-while-revalidate", Warning: '110 - "Response is Stale"', "Cache-Control": "no-cache" };

/**
 * The viewer's class for a request with a session token (ADR 083), resolved before the render so that the key is known:
 * null when the token names nobody, whose render is then neither served from nor kept in the cache.
 */
export type ViewerClassOf = (request: Request, response: Response) => Promise<string | null>;

/** How long the server trusts what it was told of a session: gate changes made elsewhere show within this time. */
export const SESSION_MEMORY_MS = 5_000;

/** Methods that change nothing: every other request a session makes may change its gates, so it forgets what it knew. */
const READING_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Who a session token names, remembered for a few seconds (ADR 099), so a signed-in page served from the render cache
 * costs about what a visitor's does instead of one platform call each. Keyed by the whole token: a token is never
 * answered with what another one named. Whatever the person does that may change their gates (sign-out, binding a
 * phone, buying VIP, sending their scholar papers) is a write with their token through this server, and every write
 * forgets the token when it arrives and again when it is answered, so a read racing it keeps nothing from before. What
 * changes elsewhere (an operator's approval, a payment's notice, another device) is seen within `memoryMs`.
 */
export function sessionMemory<Viewer>(options: { now: () => number; ask: (token: string) => Promise<Viewer | null>; memoryMs?: number; max?: number }) {
  const remembered = new LRUCache<string, { viewer: Viewer }>({
    max: options.max ?? 10_000,
    ttl: options.memoryMs ?? SESSION_MEMORY_MS,
    ttlResolution: 0,
    perf: { now: options.now },
  });
  /** Questions on their way to the platform, so a burst of one person's requests asks once. */
  const asking = new Map<string, Promise<Viewer | null>>();
  /** Counts forgettings: an answer asked before one is not kept, since it may predate the change. */
  let forgettings = 0;

  const forget = (token: string) => {
    forgettings += 1;
    remembered.delete(token);
    asking.delete(token);
  };

  const viewerOf = (token: string): Promise<Viewer | null> => {
    const known = remembered.get(token);
    if (known) return Promise.resolve(known.viewer);
    const pending = asking.get(token);
    if (pending) return pending;
    const askedAt = forgettings;
    // Nobody (a token the platform does not know) and failures are not kept: they are asked again next time.
    const question = options.ask(token).then((viewer) => {
      if (asking.get(token) === question) asking.delete(token);
      if (viewer && askedAt === forgettings) remembered.set(token, { viewer });
      return viewer;
    });
    asking.set(token, question);
    question.catch(() => asking.get(token) === question && asking.delete(token));
    return question;
  };

  /** Middleware: a request that may change the session's gates forgets it on arrival and once answered. */
  const forgetOnWrites = (request: Request, response: Response, next: NextFunction) => {
    if (READING_METHODS.has(request.method)) return next();
    // The cookie a browser sends, or the header an API client may send instead.
    const tokens = [readCookie(request.headers.cookie, COOKIE_NAMES.token), request.headers.token].filter((token) => typeof token === "string" && token);
    for (const token of tokens as string[]) {
      forget(token);
      response.once("close", () => forget(token));
    }
    next();
  };

  return { viewerOf, forget, forgetOnWrites };
}

/**
 * Micro-caching of page renders (documents and client navigations' .data answers). A visitor's render is kept when a
 * shared cache may keep it, for as long (a public Cache-Control's s-maxage). A signed-in viewer's render is kept by
 * their class (`classOf`: their gate outcomes) when the page says it was rendered for the class (CLASS_RENDER_HEADER,
 * ADR 083); without `classOf` requests with a session token are never served from or stored in the cache. Kept
 * documents carry a policy naming their inline scripts' hashes, not a nonce (ADR 030), so a hit replays the stored
 * bytes and headers as they are.
 *
 * Stale-if-error (ADR 043): an entry is kept past its s-maxage for its stale-if-error seconds. A new render the
 * platform failed (it names its failed sources in SOURCES_FAILED_HEADER) is then not sent: the last good render is,
 * marked `X-Render-Cache: stale-if-error` and with a Warning, so nobody keeps it as fresh.
 *
 * One render per page at a time: while a request renders an expired page afresh, others for the same page get its
 * last good render (`X-Render-Cache: stale-while-revalidate`) instead of rendering it too. Without that, every
 * request that arrives as an entry expires renders — and when the platform comes back after an outage, a hundred
 * renders at once keep it saturated, fail, and so are never kept (ADR 043).
 */
export function renderCache(options: { now: () => number; maxEntries?: number; classOf?: ViewerClassOf }) {
  const maxEntries = options.maxEntries ?? 300;
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ttlResolution: 0, perf: { now: options.now } });
  /** Pages being rendered afresh by one request now, whose kept render the others get meanwhile. */
  const refreshing = new Set<string>();

  const keyOf = async (request: Request, response: Response): Promise<string | null> => {
    if (request.method !== "GET") return null;
    const signedIn = Boolean(readCookie(request.headers.cookie, COOKIE_NAMES.token));
    // A class that cannot be told (the platform unreachable) leaves the render to the page, uncached, as before.
    const viewerClass = signedIn ? ((await options.classOf?.(request, response).catch(() => null)) ?? null) : "visitor";
    if (!viewerClass) return null;
    return [viewerClass, request.originalUrl, readCookie(request.headers.cookie, COOKIE_NAMES.lang) ?? "", detectAppType(request.headers["user-agent"])].join(
      "|",
    );
  };

  /** Drops every kept render of these pages (documents and .data answers, any query, class, language, app type). */
  const forget = (paths: Iterable<string>) => {
    const dropped = new Set(paths);
    for (const key of [...entries.keys()]) {
      const url = key.split("|").slice(1, -2).join("|");
      const path = url.split("?")[0].replace(/\.data$/, "");
      if (dropped.has(path === "/_root" ? "/" : path)) entries.delete(key);
    }
  };

  const middleware = async (request: Request, response: Response, next: NextFunction) => {
    const key = await keyOf(request, response);
    if (!key) return next();
    const signedIn = !key.startsWith("visitor|");
    const kept = entries.get(key);
    if (kept && options.now() < kept.freshUntil) {
      response.writeHead(kept.status, kept.headers);
      response.end(kept.body);
      return;
    }
    if (kept && refreshing.has(key)) {
      response.writeHead(kept.status, { ...kept.headers, ...REFRESHING_MARKS });
      response.end(kept.body);
      return;
    }
    if (kept) {
      refreshing.add(key);
      response.once("close", () => refreshing.delete(key));
    }

    const chunks: Buffer[] = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    // Decided at the first byte, before any header leaves: a failed render with a good one kept is not sent at all.
    let replaced: boolean | null = null;
    const replacesRender = () => {
      replaced ??= Boolean(kept && response.getHeader(SOURCES_FAILED_HEADER));
      return replaced;
    };
    // Read once, at the first byte, before any header leaves (a render may keep none: undefined is an answer too).
    let cacheControl: { value: unknown } | null = null;
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      cacheControl ??= { value: keptCacheControl(response, signedIn) };
      if (replacesRender()) return true;
      if (chunk) chunks.push(chunkBytes(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as Response["write"];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      cacheControl ??= { value: keptCacheControl(response, signedIn) };
      if (replacesRender() && kept) {
        for (const name of response.getHeaderNames()) response.removeHeader(name);
        response.writeHead(kept.status, { ...kept.headers, ...STALE_MARKS });
        return (end as (...args: unknown[]) => Response)(kept.body);
      }
      if (chunk && typeof chunk !== "function") chunks.push(chunkBytes(chunk));
      const reuseSeconds = sharedSeconds(cacheControl.value);
      const cacheable = reuseSeconds > 0 && (response.statusCode === 200 || response.statusCode === 404) && !response.getHeader("set-cookie");
      if (cacheable) {
        const headers: Record<string, string> = { "X-Render-Cache": "hit" };
        for (const [name, value] of Object.entries(response.getHeaders())) if (!NOT_REPLAYED.has(name)) headers[name] = String(value);
        const entry = { freshUntil: options.now() + reuseSeconds * 1000, status: response.statusCode, headers, body: Buffer.concat(chunks) };
        entries.set(key, entry, { ttl: (reuseSeconds + staleIfErrorSeconds(cacheControl.value)) * 1000 });
      }
      return (end as (...args: unknown[]) => Response)(chunk, ...rest);
    }) as Response["end"];
    next();
  };
  return Object.assign(middleware, { forget });
}
