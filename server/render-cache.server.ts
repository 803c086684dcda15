import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { detectAppType } from "@contracts/app-type.ts";
import { PAGE_CACHE_HEADER } from "@contracts/page-cache.ts";
import type { SecurityLocals } from "./security.server.ts";

interface Entry {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
}

const NOT_REPLAYED = new Set(["content-length", "date", "connection", "transfer-encoding", "keep-alive", "content-security-policy"]);

/**
 * Micro-caching of anonymous page renders (documents and client navigations' .data answers). A page opts in through
 * its loader's cache hint; requests with a session token are never served from or stored in the cache. A replayed
 * document gets this response's fresh CSP nonce in place of the one it was rendered with.
 */
export function renderCache(options: { now: () => number; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? 300;
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ttlResolution: 0, perf: { now: options.now } });

  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== "GET" || readCookie(request.headers.cookie, COOKIE_NAMES.token)) return next();
    const key = [request.originalUrl, readCookie(request.headers.cookie, COOKIE_NAMES.lang) ?? "", detectAppType(request.headers["user-agent"])].join("|");
    const nonce = (response.locals as SecurityLocals).nonce;
    const hit = entries.get(key);
    if (hit) {
      response.status(hit.status);
      for (const [name, value] of hit.headers) response.setHeader(name, value);
      response.setHeader("X-Render-Cache", "hit");
      response.end(hit.nonce ? hit.body.replaceAll(hit.nonce, nonce) : hit.body);
      return;
    }

    // The page's cache hint is for this server only: read it and take it off before the headers go out.
    let reuseSeconds = 0;
    const takeCacheHint = () => {
      const hint = response.getHeader(PAGE_CACHE_HEADER);
      if (hint === undefined) return;
      reuseSeconds = Number(hint) || 0;
      response.removeHeader(PAGE_CACHE_HEADER);
    };
    const writeHead = response.writeHead.bind(response);
    response.writeHead = ((...args: unknown[]) => {
      takeCacheHint();
      return (writeHead as (...args: unknown[]) => Response)(...args);
    }) as Response["writeHead"];

    const chunks: Buffer[] = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as Response["write"];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      if (!response.headersSent) takeCacheHint();
      const cacheable = reuseSeconds > 0 && (response.statusCode === 200 || response.statusCode === 404) && !response.getHeader("set-cookie");
      if (cacheable) {
        entries.set(
          key,
          {
            status: response.statusCode,
            headers: Object.entries(response.getHeaders())
              .filter(([name]) => !NOT_REPLAYED.has(name))
              .map(([name, value]) => [name, String(value)]),
            body: Buffer.concat(chunks).toString("utf8"),
            nonce,
          },
          { ttl: reuseSeconds * 1000 },
        );
      }
      return (end as (...args: unknown[]) => Response)(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
