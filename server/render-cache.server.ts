import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { constants as zlib, brotliCompressSync, gzipSync } from "node:zlib";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { detectAppType } from "@contracts/app-type.ts";
import { RESERVED_PREFIXES } from "./request-path.server.ts";
import { chunkBytes, isPublicCacheControl, STRICT_TRANSPORT_SECURITY } from "./security.server.ts";
import { CLASS_RENDER_HEADER, SOURCES_FAILED_HEADER } from "~/pipeline/page-cache.ts";

interface Entry {
  /** Until when (the cache's clock) the entry is served as it is; after that only when a fresh render fails. */
  freshUntil: number;
  status: number;
  /** Every header the response went out with, the hit marker included: one writeHead per hit. */
  headers: Record<string, string>;
  body: Buffer;
  /** The body compressed, each encoding made once, at the first hit that asks for it: a hit costs no compression. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

type Encoding = "br" | "gzip";

/**
 * Content-Encoding is the compression of one response for one client's Accept-Encoding; the entry keeps the plain
 * bytes and its own encodings. HSTS is the request's (over HTTPS or not), not the render's.
 */
const NOT_REPLAYED = new Set(["content-length", "content-encoding", "date", "connection", "transfer-encoding", "keep-alive", "strict-transport-security"]);

/** What the compression middleware would compress (compression.server.ts): text, JSON, XML and scripts of 1 KB or more. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript)|[^;]*\+(?:json|xml))/i;
const COMPRESS_FROM_BYTES = 1024;

/** Once per entry, so a little slower than the on-the-fly middleware's quality 4 buys smaller bytes for every hit. */
const ENCODERS: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/** Whether hits of this entry go compressed to clients that take it, as the compression middleware would send them. */
function compressible(entry: Entry): boolean {
  if (entry.body.length < COMPRESS_FROM_BYTES || !COMPRESSIBLE.test(entry.headers["content-type"] ?? "")) return false;
  return !/\bno-transform\b/i.test(entry.headers["cache-control"] ?? "");
}

/** How much the client takes an encoding (its q, 0 to 1), by name or through "*"; not named at all is 0. */
function acceptance(acceptEncoding: string, encoding: Encoding): number {
  let wildcard = 0;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...parameters] = part.split(";").map((piece) => piece.trim());
    const q = Number(/^q=([\d.]+)$/.exec(parameters.find((parameter) => parameter.startsWith("q=")) ?? "q=1")?.[1] ?? 0);
    if (name === encoding) return q;
    if (name === "*") wildcard = q;
  }
  return wildcard;
}

/** The encoding this client takes best, brotli before gzip when it takes both as much, as the compression middleware chooses. */
function encodingFor(request: Request): Encoding | null {
  const acceptEncoding = String(request.headers["accept-encoding"] ?? "");
  const [brotli, gzip] = [acceptance(acceptEncoding, "br"), acceptance(acceptEncoding, "gzip")];
  if (brotli > 0 && brotli >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}

/** Whether the path is one the page handler answers: the server's own prefixes and files are never a kept render. */
function mayBeAPage(path: string): boolean {
  const first = (path.split("/", 2)[1] ?? "").replace(/\.data$/, "");
  if ((RESERVED_PREFIXES as readonly string[]).includes(first)) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".data");
}

/**
 * A kept render as it goes out with these marks: compressed for the client when it asks, under the request's own HSTS.
 * Names are lower case, as the entry keeps them, so a mark replaces the kept header instead of going out beside it.
 */
function replayOf(request: Request, entry: Entry, marks: Record<string, string> = {}): { headers: Record<string, string>; body: Buffer } {
  const headers: Record<string, string> = { ...entry.headers };
  for (const [name, value] of Object.entries(marks)) headers[name.toLowerCase()] = value;
  if (request.secure) headers["strict-transport-security"] = STRICT_TRANSPORT_SECURITY;
  const body = bodyFor(request, entry, headers);
  // The whole body is known: its length spares the client chunked framing and lets a proxy reuse the connection.
  headers["content-length"] = String(body.length);
  return { headers, body };
}

/** The kept bytes in the encoding this client takes best (noting it and the Vary in `headers`), or as they are. */
function bodyFor(request: Request, entry: Entry, headers: Record<string, string>): Buffer {
  if (!compressible(entry)) return entry.body;
  if (!/accept-encoding/i.test(headers.vary ?? "")) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  const encoding = encodingFor(request);
  if (!encoding) return entry.body;
  entry.encoded[encoding] ??= ENCODERS[encoding](entry.body);
  headers["content-encoding"] = encoding;
  return entry.encoded[encoding];
}

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
  const forget = (token: string) => {
    remembered.delete(token);
    asking.delete(token);
  };

  const viewerOf = (token: string): Promise<Viewer | null> => {
    const known = remembered.get(token);
    if (known) return Promise.resolve(known.viewer);
    const pending = asking.get(token);
    if (pending) return pending;
    // Nobody (a token the platform does not know) and failures are not kept: they are asked again next time. An answer
    // is kept only while its question is still the token's: forgetting the token drops the question, since the answer
    // may predate the change. Per token, so nobody else's writes keep a person's answer from being remembered.
    const question = options.ask(token).then((viewer) => {
      const current = asking.get(token) === question;
      if (current) asking.delete(token);
      if (viewer && current) remembered.set(token, { viewer });
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
 * bytes and headers as they are, compressed for the client from encodings made once per entry. `hits` is the early
 * lane that sends hits before the server's other middleware and routes (ADR 105); this middleware keeps the renders.
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

  /** Keys the early lane (`hits`) worked out for requests it passed on, so the render below need not ask again. */
  const keysOf = new WeakMap<Request, string | null>();

  /** Sends the kept render when it may go as it is (fresh, or while another request refreshes it); else false. */
  const servedKept = (request: Request, response: Response, key: string): boolean => {
    const kept = entries.get(key);
    const marks = !kept ? null : options.now() < kept.freshUntil ? {} : refreshing.has(key) ? REFRESHING_MARKS : null;
    if (!kept || !marks) return false;
    const { headers, body } = replayOf(request, kept, marks);
    response.writeHead(kept.status, headers);
    response.end(body);
    return true;
  };

  /**
   * The early lane, in front of everything a hit does not need (the security headers a kept render carries already,
   * compression, the server's own routes): a page's kept render is sent from here. Anything else goes on.
   */
  const hits = async (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== "GET" || !mayBeAPage(request.path)) return next();
    const key = await keyOf(request, response);
    keysOf.set(request, key);
    if (key && servedKept(request, response, key)) return;
    next();
  };

  const middleware = async (request: Request, response: Response, next: NextFunction) => {
    const key = keysOf.has(request) ? (keysOf.get(request) ?? null) : await keyOf(request, response);
    if (!key) return next();
    const signedIn = !key.startsWith("visitor|");
    if (servedKept(request, response, key)) return;
    const kept = entries.get(key);
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
        // The failed render's headers go; the connection's own (Connection: close while draining) stays.
        for (const name of response.getHeaderNames()) if (name !== "connection") response.removeHeader(name);
        const { headers, body } = replayOf(request, kept, STALE_MARKS);
        response.writeHead(kept.status, headers);
        return (end as (...args: unknown[]) => Response)(body);
      }
      if (chunk && typeof chunk !== "function") chunks.push(chunkBytes(chunk));
      const reuseSeconds = sharedSeconds(cacheControl.value);
      const cacheable = reuseSeconds > 0 && (response.statusCode === 200 || response.statusCode === 404) && !response.getHeader("set-cookie");
      if (cacheable) {
        const headers: Record<string, string> = { "x-render-cache": "hit" };
        for (const [name, value] of Object.entries(response.getHeaders())) if (!NOT_REPLAYED.has(name)) headers[name] = String(value);
        const entry = { freshUntil: options.now() + reuseSeconds * 1000, status: response.statusCode, headers, body: Buffer.concat(chunks), encoded: {} };
        entries.set(key, entry, { ttl: (reuseSeconds + staleIfErrorSeconds(cacheControl.value)) * 1000 });
      }
      return (end as (...args: unknown[]) => Response)(chunk, ...rest);
    }) as Response["end"];
    next();
  };
  return Object.assign(middleware, { forget, hits });
}
