/**
 * The one API client. Loaders use it on the server, hooks use it in the browser; widgets never call fetch.
 * It speaks the platform's envelope `{ code, message, data }` and never throws on a platform error code:
 * the caller decides what a code means. Network failures and time-outs resolve as code -1 (spec §8).
 */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
  datas?: unknown;
}

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
  /** Called for response code 4 (spec §8), after the answer is in. */
  onSessionRevoked?: (envelope: ApiEnvelope) => void;
}

export const NETWORK_ERROR_CODE = -1;
export const SESSION_REVOKED_CODE = 4;

export interface ApiClient {
  request<T = unknown>(path: string, request?: ApiRequest): Promise<ApiEnvelope<T>>;
}

function appendQuery(url: string, params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}${url.includes("?") ? "&" : "?"}${text}` : url;
}

function formBody(params: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) body.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return body;
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
      if (method === "GET") {
        url = appendQuery(url, params);
      } else if (request.encoding === "form") {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = formBody(params);
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
        return {
          code: NETWORK_ERROR_CODE,
          message: timedOut ? `Timed out: ${path}` : `Network error: ${path} (${(error as Error).message})`,
        };
      }
    },
  };
}
