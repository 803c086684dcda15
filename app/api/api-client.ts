/**
 * The one API client. Loaders use it on the server, hooks use it in the browser; widgets never call fetch.
 * It speaks the platform's envelope `{ code, message, data }` and never throws on a platform error code:
 * the caller decides what a code means. Network failures and time-outs resolve as code -1 (spec §8), except
 * for the calls whose callers need a rejection (essay release, essay detail, hot authors).
 * Two variants of spec §7 are built from it: the live-room client and the search-service client.
 */
import type { ApiEnvelope } from "@contracts/envelope";

export type ApiEncoding = "json" | "form";

export interface ApiRequest {
  method?: "GET" | "POST";
  params?: Record<string, unknown>;
  encoding?: ApiEncoding;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** The standard headers of spec §7 (token, deviceBrand, deviceMod, source, linkNo), read per request. */
  headers?: () => Record<string, string>;
  timeoutMs?: number;
  /** Default body encoding for POST. */
  encoding?: ApiEncoding;
  /** Put params in the query string even for POST (the live-room service). */
  paramsInQuery?: boolean;
  /** Called for response code 4 (spec §8), after the answer is in. */
  onSessionRevoked?: (envelope: ApiEnvelope) => void;
}

export const NETWORK_ERROR_CODE = -1;
export const SESSION_REVOKED_CODE = 4;
export const LIVE_ROOM_TIMEOUT_MS = 60_000;

/** Calls whose network failures reject instead of resolving with the error (spec §8). */
export const REJECT_ON_NETWORK_ERROR = new Set(["/essay/release", "/essay/detail", "/report/getHotAuthor"]);

export class ApiNetworkError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = "ApiNetworkError";
  }
}

export interface ApiClient {
  request<T = unknown>(path: string, request?: ApiRequest): Promise<ApiEnvelope<T>>;
}

function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return search.toString();
}

function withQuery(url: string, params: Record<string, unknown>): string {
  const text = queryString(params);
  return text ? `${url}${url.includes("?") ? "&" : "?"}${text}` : url;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = options.baseUrl.replace(/\/$/, "");

  return {
    async request<T>(path: string, request: ApiRequest = {}): Promise<ApiEnvelope<T>> {
      const method = request.method ?? "POST";
      const params = request.params ?? {};
      const headers: Record<string, string> = { Accept: "application/json", ...options.headers?.(), ...request.headers };
      let url = `${base}${path}`;
      let body: BodyInit | undefined;
      const encoding = request.encoding ?? options.encoding ?? "json";
      if (method === "GET" || options.paramsInQuery) {
        url = withQuery(url, params);
        if (method === "POST" && encoding === "form") headers["Content-Type"] = "application/x-www-form-urlencoded";
      } else if (encoding === "form") {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = queryString(params);
      } else {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(params);
      }
      const timeout = AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs ?? 10_000);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        const response = await doFetch(url, { method, headers, body, signal });
        const envelope = (await response.json()) as ApiEnvelope<T>;
        if (typeof envelope?.code !== "number") {
          return { code: NETWORK_ERROR_CODE, message: `Unexpected answer from ${path} (HTTP ${response.status})` };
        }
        if (envelope.code === SESSION_REVOKED_CODE) options.onSessionRevoked?.(envelope);
        return envelope;
      } catch (error) {
        const timedOut = timeout.aborted;
        const message = timedOut ? `Timed out: ${path}` : `Network error: ${path} (${(error as Error).message})`;
        if (REJECT_ON_NETWORK_ERROR.has(path)) throw new ApiNetworkError(message, path, timedOut);
        return { code: NETWORK_ERROR_CODE, message };
      }
    },
  };
}

/** The live-room service: form encoding, params in the query, 60 s, Authorization and token headers. */
export function createLiveRoomClient(options: Omit<ApiClientOptions, "encoding" | "paramsInQuery" | "timeoutMs"> & { token: () => string }): ApiClient {
  return createApiClient({
    ...options,
    encoding: "form",
    paramsInQuery: true,
    timeoutMs: LIVE_ROOM_TIMEOUT_MS,
    headers: () => {
      const token = options.token();
      return { ...options.headers?.(), token, Authorization: token ? `Bearer ${token}` : "" };
    },
  });
}

export const SEARCH_LIMITS = { timeoutMs: 600_000, maxRedirects: 5, maxResponseLength: 20_000 } as const;

/**
 * The search service: JSON in and out, with credentials; statuses 200–299 only; at most 5 redirects;
 * 600000 ms; answers longer than 20000 characters are refused. Failures resolve as code -1 with a reason.
 */
export function createSearchClient(options: { baseUrl: string; fetch?: typeof fetch; headers?: () => Record<string, string> }) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = options.baseUrl.replace(/\/$/, "");
  return {
    async search<T>(path: string, body: Record<string, unknown>): Promise<ApiEnvelope<T>> {
      const signal = AbortSignal.timeout(SEARCH_LIMITS.timeoutMs);
      let url = `${base}${path}`;
      try {
        for (let redirects = 0; ; redirects++) {
          const response = await doFetch(url, {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "application/json", ...options.headers?.() },
            body: JSON.stringify(body),
            credentials: "include",
            redirect: "manual",
            signal,
          });
          const location = response.headers.get("location");
          if (response.status >= 300 && response.status < 400 && location) {
            if (redirects >= SEARCH_LIMITS.maxRedirects) return { code: NETWORK_ERROR_CODE, message: `Too many redirects: ${path}` };
            url = new URL(location, url).toString();
            continue;
          }
          if (response.status < 200 || response.status > 299) return { code: NETWORK_ERROR_CODE, message: `HTTP ${response.status}: ${path}` };
          const text = await response.text();
          if (text.length > SEARCH_LIMITS.maxResponseLength) return { code: NETWORK_ERROR_CODE, message: `Answer too long: ${path}` };
          return JSON.parse(text) as ApiEnvelope<T>;
        }
      } catch (error) {
        return { code: NETWORK_ERROR_CODE, message: `Network error: ${path} (${(error as Error).message})` };
      }
    },
  };
}

/**
 * Named calls for code that is not a page config (dialogs, hooks). A name defined twice only warns:
 * the first definition stays (spec §8, "duplicate api names are only warned about").
 */
export interface CallDefinition {
  path: string;
  method?: "GET" | "POST";
  encoding?: ApiEncoding;
}

const calls = new Map<string, CallDefinition>();

export function defineCalls<T extends Record<string, CallDefinition>>(group: T): T {
  for (const [name, definition] of Object.entries(group)) {
    if (calls.has(name)) console.warn(`API name "${name}" is defined twice; keeping ${calls.get(name)!.path}`);
    else calls.set(name, definition);
  }
  return group;
}
