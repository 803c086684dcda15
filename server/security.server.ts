import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { NATIVE_FORM_MAX_BYTES, NATIVE_FORM_TYPE } from "~/forms/native-post.ts";
import { CLASS_RENDER_HEADER } from "~/pipeline/page-cache.ts";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports a local IPv4 peer). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * The client's address as Express computes request.ip, for requests Express never sees (websocket upgrades): the
 * socket's peer, then each X-Forwarded-For hop from the nearest, for as long as the configured trust covers the hop.
 */
export function clientAddress(request: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const forwarded = String(request.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean)
    .reverse();
  const chain = [request.socket.remoteAddress ?? "", ...forwarded];
  for (let hop = 0; hop < chain.length - 1; hop++) if (!trust(chain[hop], hop)) return chain[hop];
  return chain[chain.length - 1];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when a browser says the request came from another site; requests without either header are not a browser's. */
function isCrossSite(request: Request, publicOrigin: string): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/**
 * Writes only from this site's pages: any state-changing request a browser marks as cross-site (Sec-Fetch-Site, or
 * an Origin naming another host, including "null") is refused before it reaches a handler. This is what stops a form
 * or a text/plain fetch on another site from acting with the visitor's cookie.
 */
export function sameSiteWrites(publicOrigin: string) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method) || !isCrossSite(request, publicOrigin)) {
      next();
      return;
    }
    response.setHeader("Cache-Control", "no-store");
    response.setHeader("Connection", "close");
    if (request.path.startsWith("/api/")) response.status(403).json({ code: 403, message: "cross-site request refused" });
    else response.status(403).type("text/plain").send("Cross-site request refused");
  };
}

/** Pages are read, and posted to by their own forms without scripts (the route action, ADR 029): anything else is answered 405. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

/** A refusal sent before the body was read: the connection closes with it, so no client sends its next request into an unread body. */
function refuse(response: Response, status: number, text: string): void {
  response.setHeader("Connection", "close");
  response.status(status).type("text/plain").send(text);
}

/**
 * Requests no page could answer are refused with a 4xx before they reach one: methods the site does not speak (405 with
 * Allow) and bodies other than a page's own plain forms. The API checks its own methods; paths that no page could have
 * are refused earlier, by the path normaliser (request-path.server.ts).
 */
export function refuseOddRequests() {
  return (request: Request, response: Response, next: NextFunction) => {
    const ownWrites = request.path.startsWith("/api/") || request.path.startsWith("/dev/") || request.path === "/session/end";
    if (!ownWrites && !PAGE_METHODS.has(request.method)) {
      response.setHeader("Allow", [...PAGE_METHODS].join(", "));
      refuse(response, 405, "Method not allowed");
      return;
    }
    // A page takes only its own plain forms (ADR 029): any other body is refused before it is read.
    if (!ownWrites && request.method === "POST") {
      const length = Number(request.headers["content-length"]);
      if (!request.headers["content-type"]?.startsWith(NATIVE_FORM_TYPE)) {
        refuse(response, 415, "Unsupported media type");
        return;
      }
      if (!(length <= NATIVE_FORM_MAX_BYTES)) {
        refuse(response, 413, "Request body too large");
        return;
      }
    }
    next();
  };
}

export interface SecurityLocals {
  nonce: string;
}

/** The one policy; only where scripts and styles may come from differs between its forms. */
function contentSecurityPolicy(scriptSrc: string, styleSrc: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    `style-src ${styleSrc}`,
    ...(development ? [] : ["style-src-attr 'none'"]),
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src ${development ? "'self' ws: wss:" : "'self'"}`,
    // The service worker and the web app manifest (ADR 046): this origin's own files. Named, because worker-src would
    // otherwise fall back to script-src, whose nonce a worker's script cannot carry.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * A fresh nonce per response and a strict CSP: scripts only with the nonce (and what they load), no eval,
 * no inline styles except attributes, no framing by other sites. Development relaxes only what Vite's HMR needs.
 */
/** HTTPS only, for a year, subdomains too: sent on every response to a request that came over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export function securityHeaders(options: { development: boolean }) {
  return (request: Request, response: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    (response.locals as SecurityLocals).nonce = nonce;
    response.setHeader(
      "Content-Security-Policy",
      options.development
        ? contentSecurityPolicy(`'self' 'nonce-${nonce}' 'unsafe-inline'`, "'self' 'unsafe-inline'", true)
        : contentSecurityPolicy(`'nonce-${nonce}' 'strict-dynamic'`, `'self' 'nonce-${nonce}'`, false),
    );
    // HTTPS as the client saw it (X-Forwarded-Proto counts only from a proxy TRUST_PROXY names); plain http never gets it.
    if (request.secure) response.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    next();
  };
}

/** A written chunk as a Buffer, without copying the bytes of one that already is a byte array. */
export function chunkBytes(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/g;

/** Only elements carrying this response's nonce are ours: markup injected into the page never gets a hash. */
function sha256Sources(bytes: string, pattern: RegExp, nonce: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes, content] of bytes.matchAll(pattern)) {
    if (attributes.includes(` nonce="${nonce}"`)) sources.add(`'sha256-${createHash("sha256").update(content, "latin1").digest("base64")}'`);
  }
  return [...sources];
}

/**
 * The CSP of a document every visitor gets alike (ADR 030): its own inline scripts and styles by sha256 hash instead of
 * a nonce, which a shared cache would hand to everyone. It reads the document's bytes as latin1, one character per
 * byte: the markup it looks for is ASCII, and the hashes are of the scripts' UTF-8 bytes as they are. Only what carried the nonce is hashed, so a script that
 * anything injects is not allowed; module chunks come from this origin ('self'), and nosniff keeps other same-origin answers from running as script.
 */
function hashedPolicy(bytes: string, nonce: string): string {
  const scripts = sha256Sources(bytes, INLINE_SCRIPT, nonce);
  const styles = sha256Sources(bytes, INLINE_STYLE, nonce);
  return contentSecurityPolicy(["'self'", ...scripts].join(" "), ["'self'", ...styles].join(" "), false);
}

/** Whether a Cache-Control value lets shared caches keep the response. */
export function isPublicCacheControl(cacheControl: unknown): boolean {
  return /(^|,)\s*public\b/.test(String(cacheControl ?? ""));
}

/** A document a cache replays to more than one person: a public one, or one rendered for a viewer's class (ADR 083). */
function isPublicDocument(response: Response): boolean {
  const shared = isPublicCacheControl(response.getHeader("Cache-Control")) || response.hasHeader(CLASS_RENDER_HEADER);
  return shared && String(response.getHeader("Content-Type") ?? "").startsWith("text/html");
}

/**
 * Public documents (Cache-Control: public) are held until their last byte, so their policy can name the hashes of their
 * inline scripts before the headers go out, and leave without the nonce their scripts were rendered with. Everything
 * else passes through as it streams, under the nonce policy.
 */
export function hashedPolicyForPublicPages(options: { development: boolean }) {
  return (_request: Request, response: Response, next: NextFunction) => {
    if (options.development) return next();
    const nonce = (response.locals as SecurityLocals).nonce;
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    const held: Buffer[] = [];
    let holding: boolean | null = null;
    const holds = () => {
      holding ??= !response.headersSent && isPublicDocument(response);
      return holding;
    };
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!holds()) return write(chunk, ...rest);
      held.push(chunkBytes(chunk));
      const callback = rest.find((argument) => typeof argument === "function") as (() => void) | undefined;
      if (callback) process.nextTick(callback);
      return true;
    }) as Response["write"];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!holds()) return end(chunk, ...rest);
      if (chunk && typeof chunk !== "function") held.push(chunkBytes(chunk));
      const rendered = Buffer.concat(held).toString("latin1");
      response.setHeader("Content-Security-Policy", hashedPolicy(rendered, nonce));
      const bytes = rendered.replaceAll(` nonce="${nonce}"`, "");
      const body = Buffer.from(bytes, "latin1");
      const callback = [chunk, ...rest].find((argument) => typeof argument === "function");
      return callback ? end(body, callback) : end(body);
    }) as Response["end"];
    next();
  };
}
