import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { detectAppType } from "@contracts/app-type.ts";
import { chunkBytes, isPublicCacheControl } from "./security.server.ts";

interface Entry {
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
 * Micro-caching of anonymous page renders (documents and client navigations' .data answers): it keeps what a shared
 * cache may keep, for as long (a public Cache-Control's s-maxage). Requests with a session token are never served from
 * or stored in the cache. Public documents carry a policy naming their inline scripts' hashes, not a nonce (ADR 030),
 * so a hit replays the stored bytes and headers as they are.
 */
export function renderCache(options: { now: () => number; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? 300;
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ttlResolution: 0, perf: { now: options.now } });

  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== "GET" || readCookie(request.headers.cookie, COOKIE_NAMES.token)) return next();
    const key = [request.originalUrl, readCookie(request.headers.cookie, COOKIE_NAMES.lang) ?? "", detectAppType(request.headers["user-agent"])].join("|");
    const hit = entries.get(key);
    if (hit) {
      response.writeHead(hit.status, hit.headers);
      response.end(hit.body);
      return;
    }

    const chunks: Buffer[] = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(chunkBytes(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as Response["write"];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(chunkBytes(chunk));
      const reuseSeconds = sharedSeconds(response.getHeader("cache-control"));
      const cacheable = reuseSeconds > 0 && (response.statusCode === 200 || response.statusCode === 404) && !response.getHeader("set-cookie");
      if (cacheable) {
        const headers: Record<string, string> = { "X-Render-Cache": "hit" };
        for (const [name, value] of Object.entries(response.getHeaders())) if (!NOT_REPLAYED.has(name)) headers[name] = String(value);
        entries.set(key, { status: response.statusCode, headers, body: Buffer.concat(chunks) }, { ttl: reuseSeconds * 1000 });
      }
      return (end as (...args: unknown[]) => Response)(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
