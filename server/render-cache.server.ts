import type { NextFunction, Request, Response } from "express";
import { readCookie } from "../app/i18n/config.ts";
import { detectAppType } from "../app/lib/app-type.ts";
import { PAGE_CACHE_HEADER } from "../app/pipeline/page-cache.ts";
import type { SecurityLocals } from "./security.server.ts";

interface Entry {
  expires: number;
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
  const entries = new Map<string, Entry>();

  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== "GET" || readCookie(request.headers.cookie, "token")) return next();
    const key = [request.originalUrl, readCookie(request.headers.cookie, "lang") ?? "", detectAppType(request.headers["user-agent"])].join("|");
    const nonce = (response.locals as SecurityLocals).nonce;
    const hit = entries.get(key);
    if (hit && hit.expires > options.now()) {
      response.status(hit.status);
      for (const [name, value] of hit.headers) response.setHeader(name, value);
      response.setHeader("X-Render-Cache", "hit");
      response.end(hit.nonce ? hit.body.replaceAll(hit.nonce, nonce) : hit.body);
      return;
    }
    if (hit) entries.delete(key);

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
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, {
          expires: options.now() + reuseSeconds * 1000,
          status: response.statusCode,
          headers: Object.entries(response.getHeaders())
            .filter(([name]) => !NOT_REPLAYED.has(name))
            .map(([name, value]) => [name, String(value)]),
          body: Buffer.concat(chunks).toString("utf8"),
          nonce,
        });
      }
      return (end as (...args: unknown[]) => Response)(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
