import { PREVIEW_CLOCK_HEADER, readPreviewClock } from "@contracts/preview-clock.server.ts";
import type { Db } from "./db.server.ts";
import { refusedByContract } from "./request-contracts.server.ts";

/** The platform's answer envelope (spec §7, §8): a code, a message, and data. */
export interface Envelope {
  code: number;
  message: string;
  data?: unknown;
  datas?: unknown;
}

export interface ApiContext {
  db: Db;
  /** Query values (GET) or body fields (POST, JSON or form-encoded). */
  params: Record<string, unknown>;
  headers: Headers;
  token: string | null;
  ip: string;
  /** The body as sent, for handlers that verify a signature over it. */
  rawBody?: string;
  now: () => Date;
  /** Extra response headers a handler wants, e.g. a content type for an image. */
  respond?: (response: Response) => void;
}

export type Handler = (context: ApiContext) => Envelope | Response | Promise<Envelope | Response>;

export interface RouteDefinition {
  method: "GET" | "POST" | "ANY";
  path: string;
  handler: Handler;
}

export function ok(data?: unknown, message = "success"): Envelope {
  return data === undefined ? { code: 200, message } : { code: 200, message, data };
}

export function fail(code: number, message: string, data?: unknown): Envelope {
  return data === undefined ? { code, message } : { code, message, data };
}

/**
 * Bodies of every path are at most 1 MB, except uploads: base64 of a 5 MB circle image is about 6.7 MB, and of a
 * scholar's 10 MiB PDF (scholar-documents, ADR 082) about 14 MB beside the document's form.
 */
const MAX_BODY_BYTES = 1_000_000;
const LARGE_BODY_PATHS: ReadonlyMap<string, number> = new Map([
  ["/file/upload", 8_000_000],
  ["/article/doNewInsertDoc", 14_500_000],
  ["/article/doUpdateDoc", 14_500_000],
]);

/** The largest body the API reads for a path (relative to its mount point, e.g. /file/upload). */
export function bodyLimitFor(path: string): number {
  return LARGE_BODY_PATHS.get(path) ?? MAX_BODY_BYTES;
}

/** Reads a request into params: the query for GET, a JSON or form body for POST. Bad bodies are an error, not a crash. */
async function readParams(request: Request, url: URL, path: string): Promise<{ params: Record<string, unknown>; rawBody?: string } | { refused: Envelope }> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (request.method === "GET" || request.method === "HEAD") return { params };
  const type = request.headers.get("content-type") ?? "";
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > bodyLimitFor(path)) return { refused: fail(413, "request body too large") };
  const text = new TextDecoder().decode(bytes);
  if (!text) return { params };
  if (type.includes("application/x-www-form-urlencoded")) return { params: { ...params, ...Object.fromEntries(new URLSearchParams(text)) }, rawBody: text };
  try {
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== "object" || Array.isArray(body)) return { refused: fail(400, "request body must be a JSON object") };
    return { params: { ...params, ...(body as Record<string, unknown>) }, rawBody: text };
  } catch {
    return { refused: fail(400, "request body is not valid JSON") };
  }
}

function json(envelope: Envelope, status = 200): Response {
  return new Response(JSON.stringify(envelope), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
}

export interface PlatformApi {
  /** Answers one request to the embedded API; the path is relative to its mount point (e.g. /banner/list). */
  fetch(request: Request, ip?: string): Promise<Response>;
  routes(): RouteDefinition[];
}

/**
 * The clock a request is answered by: the platform's, or the moment a console preview signed for it (ADR 089); null
 * when the request carries a preview clock the platform cannot check, which is refused rather than answered at the
 * wrong time.
 */
function requestClock(request: Request, path: string, now: () => Date, previewClockSecret: string | undefined): (() => Date) | null {
  const header = request.headers.get(PREVIEW_CLOCK_HEADER);
  if (header === null) return now;
  if (!previewClockSecret) return null;
  const reading = readPreviewClock(previewClockSecret, header, path, now());
  if (reading.kind === "none") return now;
  if (reading.kind === "invalid") return null;
  const { at } = reading;
  return () => new Date(at.getTime());
}

export function createRouter(db: Db, routes: RouteDefinition[], now: () => Date = () => new Date(), previewClockSecret?: string): PlatformApi {
  const table = new Map<string, RouteDefinition>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (table.has(key)) console.warn(`platform API: duplicate route ${key}; the first one answers`);
    else table.set(key, route);
  }
  return {
    routes: () => [...table.values()],
    async fetch(request, ip = "127.0.0.1") {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api(?=\/)/, "");
      const route = table.get(`${request.method} ${path}`) ?? table.get(`ANY ${path}`);
      if (!route) {
        const otherMethod = [...table.keys()].some((key) => key.endsWith(` ${path}`));
        return json(fail(otherMethod ? 405 : 404, otherMethod ? `method ${request.method} not allowed` : `no such API: ${path}`), otherMethod ? 405 : 404);
      }
      const clock = requestClock(request, path, now, previewClockSecret);
      if (!clock) return json(fail(403, "preview clock not accepted"), 403);
      const read = await readParams(request, url, path);
      if ("refused" in read) return json(read.refused, read.refused.code);
      const { params, rawBody } = read;
      const context: ApiContext = { db, params, headers: request.headers, token: request.headers.get("token") || null, ip, rawBody, now: clock };
      try {
        const answer = await route.handler(context);
        return answer instanceof Response ? answer : json(answer);
      } catch (error) {
        // A request its handler could not answer is the caller's to mend when it breaks its contract: a 400, not a 500.
        // Logged either way: a handler that throws is a fault to mend even when the request was at fault too.
        const refused = refusedByContract(path, context);
        console.error(`platform API ${path} failed${refused ? " (answered 400: the request breaks its contract)" : ""}:`, error);
        if (refused) return json(refused);
        return json(fail(500, "operation failed, please try again later"), 500);
      }
    },
  };
}
