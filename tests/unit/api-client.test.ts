import { describe, expect, it, vi } from "vitest";
import { ApiNetworkError, createApiClient, NETWORK_ERROR_CODE, SESSION_REVOKED_CODE } from "~/api/api-client";
import { deviceOf, sourceCode } from "~/api/browser-api";

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: (call: Call) => Response | Promise<Response> = () => Response.json({ code: 200, message: "success", data: { ok: true } })) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, mock: fetch };
}

/** A fetch that never answers on its own and rejects when aborted, as the real one does. */
function hangingFetch() {
  return vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      }),
  ) as unknown as typeof fetch;
}

const headersOf = (call: Call) => call.init.headers as Record<string, string>;

describe("createApiClient", () => {
  it("POSTs a JSON body by default and resolves with the envelope", async () => {
    const { fetch, calls } = fakeFetch();
    const client = createApiClient({ baseUrl: "https://api.example/", fetch });
    const answer = await client.request("/plan/list", { params: { pageNum: 2, keyword: "金融", nested: { a: 1 } } });
    expect(answer).toEqual({ code: 200, message: "success", data: { ok: true } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("https://api.example/plan/list");
    expect(calls[0].init.method).toBe("POST");
    expect(headersOf(calls[0])["Content-Type"]).toBe("application/json");
    expect(headersOf(calls[0]).Accept).toBe("application/json");
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ pageNum: 2, keyword: "金融", nested: { a: 1 } });
  });

  it("GET puts params in the query, skipping null and undefined, and sends no body", async () => {
    const { fetch, calls } = fakeFetch();
    const client = createApiClient({ baseUrl: "https://api.example", fetch });
    await client.request("/search", { method: "GET", params: { keyword: "a b&c", pageNum: 1, empty: null, missing: undefined, flag: false } });
    const url = new URL(calls[0].url);
    expect(url.pathname).toBe("/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({ keyword: "a b&c", pageNum: "1", flag: "false" });
    expect(calls[0].init.method).toBe("GET");
    expect(calls[0].init.body).toBeUndefined();
    expect(headersOf(calls[0])["Content-Type"]).toBeUndefined();

    await client.request("/search?type=1", { method: "GET", params: { keyword: "x" } });
    expect(calls[1].url).toBe("https://api.example/search?type=1&keyword=x");
    await client.request("/plain", { method: "GET" });
    expect(calls[2].url).toBe("https://api.example/plain");
  });

  it("form encoding sends application/x-www-form-urlencoded", async () => {
    const { fetch, calls } = fakeFetch();
    const client = createApiClient({ baseUrl: "https://api.example", fetch });
    await client.request("/login", { encoding: "form", params: { phone: "13800000000", code: "12 34", list: [1, 2], none: null } });
    expect(headersOf(calls[0])["Content-Type"]).toBe("application/x-www-form-urlencoded");
    const body = String(calls[0].init.body);
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({ phone: "13800000000", code: "12 34", list: "[1,2]" });
    expect(body).toContain("code=12+34");
    expect(calls[0].url).toBe("https://api.example/login");
  });

  it("applies the headers callback on every request, and per-request headers over it", async () => {
    const { fetch, calls } = fakeFetch();
    let token = "first";
    const headers = vi.fn(() => ({ token, deviceBrand: "Apple", deviceMod: "iPhone", source: "2", linkNo: "L1" }));
    const client = createApiClient({ baseUrl: "https://api.example", fetch, headers });
    await client.request("/a");
    token = "second";
    await client.request("/b", { headers: { linkNo: "override" } });
    expect(headers).toHaveBeenCalledTimes(2);
    expect(headersOf(calls[0])).toMatchObject({ token: "first", deviceBrand: "Apple", deviceMod: "iPhone", source: "2", linkNo: "L1" });
    expect(headersOf(calls[1])).toMatchObject({ token: "second", linkNo: "override" });
  });

  it("passes platform error codes through without throwing", async () => {
    const { fetch } = fakeFetch(() => Response.json({ code: 10001, message: "offline" }, { status: 200 }));
    const client = createApiClient({ baseUrl: "https://api.example", fetch });
    await expect(client.request("/user/check")).resolves.toEqual({ code: 10001, message: "offline" });
  });

  it("resolves a network error with code -1", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: "https://api.example", fetch });
    const answer = await client.request("/plan/list");
    expect(answer.code).toBe(NETWORK_ERROR_CODE);
    expect(answer.code).toBe(-1);
    expect(answer.message).toContain("Network error: /plan/list");
    expect(answer.message).toContain("fetch failed");
  });

  it("rejects on network errors for essay release, essay detail and hot authors only (spec §8)", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: "https://api.example", fetch });
    for (const path of ["/essay/release", "/essay/detail", "/report/getHotAuthor"]) {
      const error = await client.request(path).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error, path).toBeInstanceOf(ApiNetworkError);
      expect((error as ApiNetworkError).path).toBe(path);
      expect((error as ApiNetworkError).timedOut).toBe(false);
    }
    await expect(client.request("/essay/list")).resolves.toMatchObject({ code: -1 });
  });

  it("resolves an answer that is not an envelope with code -1", async () => {
    const html = fakeFetch(() => new Response("<html>502 Bad Gateway</html>", { status: 502 }));
    expect((await createApiClient({ baseUrl: "https://api.example", fetch: html.fetch }).request("/x")).code).toBe(-1);
    const wrongShape = fakeFetch(() => Response.json({ status: "ok" }, { status: 200 }));
    const answer = await createApiClient({ baseUrl: "https://api.example", fetch: wrongShape.fetch }).request("/x");
    expect(answer).toEqual({ code: -1, message: "Unexpected answer from /x (HTTP 200)" });
  });

  it("resolves a time-out with code -1, using the request's or the client's time limit", async () => {
    // the request's limit wins over the client's
    const patient = createApiClient({ baseUrl: "https://api.example", fetch: hangingFetch(), timeoutMs: 5_000 });
    let started = performance.now();
    const answer = await patient.request("/slow", { timeoutMs: 60 });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answer).toEqual({ code: -1, message: "Timed out: /slow" });

    // the client's limit applies when the request names none (rather than the 10 s default)
    const client = createApiClient({ baseUrl: "https://api.example", fetch: hangingFetch(), timeoutMs: 150 });
    started = performance.now();
    const byClient = await client.request("/slow");
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(2_000);
    expect(byClient).toEqual({ code: -1, message: "Timed out: /slow" });
  });

  it("a caller's abort is a network error, not a time-out", async () => {
    const client = createApiClient({ baseUrl: "https://api.example", fetch: hangingFetch(), timeoutMs: 5_000 });
    const controller = new AbortController();
    const pending = client.request("/slow", { signal: controller.signal });
    controller.abort();
    const answer = await pending;
    expect(answer.code).toBe(-1);
    expect(answer.message).toMatch(/^Network error: \/slow/);
  });

  it("code 4 calls onSessionRevoked with the envelope and still resolves with it", async () => {
    const envelope = { code: SESSION_REVOKED_CODE, message: "您的账号已在其他设备登录" };
    const { fetch } = fakeFetch(() => Response.json(envelope));
    const onSessionRevoked = vi.fn();
    const client = createApiClient({ baseUrl: "https://api.example", fetch, onSessionRevoked });
    await expect(client.request("/user/info")).resolves.toEqual(envelope);
    expect(onSessionRevoked).toHaveBeenCalledTimes(1);
    expect(onSessionRevoked).toHaveBeenCalledWith(envelope);
  });

  it("other codes do not call onSessionRevoked", async () => {
    const onSessionRevoked = vi.fn();
    for (const code of [200, 1, 0, 40, 400, -1]) {
      const { fetch } = fakeFetch(() => Response.json({ code, message: "m" }));
      await createApiClient({ baseUrl: "https://api.example", fetch, onSessionRevoked }).request("/x");
    }
    expect(onSessionRevoked).not.toHaveBeenCalled();
  });
});

describe("sourceCode", () => {
  it("is 4 on the web, 2 in the iOS app, 3 in the Android app", () => {
    expect(sourceCode(null, "/home")).toBe("4");
    expect(sourceCode("", "/home")).toBe("4");
    expect(sourceCode("ios", "/home")).toBe("2");
    expect(sourceCode("android", "/home")).toBe("3");
  });

  it("is 4 in the iOS app on the pay confirmations /orderAck and /exchangeAck", () => {
    expect(sourceCode("ios", "/orderAck")).toBe("4");
    expect(sourceCode("ios", "/exchangeAck")).toBe("4");
    expect(sourceCode("android", "/orderAck")).toBe("3");
    expect(sourceCode("ios", "/orderAckList")).toBe("2");
  });
});

describe("deviceOf", () => {
  it("names Apple devices, Android models and the web", () => {
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toEqual({ brand: "Apple", model: "iPhone" });
    expect(deviceOf("Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)")).toEqual({ brand: "Apple", model: "iPad" });
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 Mobile Safari/537.36")).toEqual({
      brand: "Android",
      model: "Pixel 8 Pro",
    });
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toEqual({ brand: "web", model: "desktop" });
    expect(deviceOf("Mozilla/5.0 (Linux) Mobile")).toEqual({ brand: "web", model: "mobile" });
  });
});
