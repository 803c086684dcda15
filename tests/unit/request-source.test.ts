import { describe, expect, it } from "vitest";
import type { DataSource } from "@schemas/generated/page-config";
import type { ApiClient, ApiRequest } from "~/api/api-client";
import { requestSource } from "~/pipeline/request-source";
import { createSourceCache } from "~/pipeline/source-cache.server";

/** A platform that answers each call after `delayMs`, counting the calls it got. */
function countingPlatform(delayMs = 20, answer: (request: ApiRequest | undefined) => unknown = (request) => request?.params) {
  const calls: (ApiRequest | undefined)[] = [];
  const client: ApiClient = {
    async request(_path, request) {
      calls.push(request);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { code: 200, message: "", data: answer(request) } as never;
    },
  };
  return { client, calls };
}

const comments: DataSource = { api: "/video/videoCommentList", method: "POST", side: "server", params: { videoId: "{query.id}" } };
const cachedVideo: DataSource = { api: "/video/getVideoDetail", method: "POST", side: "server", params: { id: "{query.id}" }, cacheSeconds: 30 };

describe("requestSource: shared answers for visitors", () => {
  it("asks the platform once for 25 identical requests in flight, and each of them gets the answer", async () => {
    const { client, calls } = countingPlatform();
    const cache = createSourceCache(() => performance.now());
    const states = await Promise.all(Array.from({ length: 25 }, () => requestSource(client, comments, { id: "7" }, { cache, lang: "zh" })));
    expect(calls).toHaveLength(1);
    expect(states.every((state) => state.status === "ok" && (state.value as { videoId: string }).videoId === "7")).toBe(true);
  });

  it("keeps a source without cacheSeconds uncached: the next request after the answer asks again", async () => {
    const { client, calls } = countingPlatform();
    const cache = createSourceCache(() => performance.now());
    await requestSource(client, comments, { id: "7" }, { cache, lang: "zh" });
    await requestSource(client, comments, { id: "7" }, { cache, lang: "zh" });
    expect(calls).toHaveLength(2);
  });

  it("does not share requests that differ in params", async () => {
    const { client, calls } = countingPlatform();
    const cache = createSourceCache(() => performance.now());
    await Promise.all(["1", "2", "1", "2"].map((id) => requestSource(client, comments, { id }, { cache, lang: "zh" })));
    expect(calls.map((call) => call?.params?.videoId).sort()).toEqual(["1", "2"]);
  });

  it("never shares a signed-in person's requests (no cache given)", async () => {
    const { client, calls } = countingPlatform();
    await Promise.all(Array.from({ length: 25 }, () => requestSource(client, comments, { id: "7" }, { headers: { token: "t" }, lang: "zh" })));
    expect(calls).toHaveLength(25);
  });

  it("caches an ok answer for its cacheSeconds but not an error, and a failed shared request lets the next one ask", async () => {
    let fail = true;
    const client: ApiClient = {
      async request() {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return (fail ? { code: 500, message: "down", data: null } : { code: 200, message: "", data: { id: 7 } }) as never;
      },
    };
    const cache = createSourceCache(() => performance.now());
    const failed = await Promise.all(Array.from({ length: 20 }, () => requestSource(client, cachedVideo, { id: "7" }, { cache, lang: "zh" })));
    expect(failed.every((state) => state.status === "error")).toBe(true);
    fail = false;
    expect(await requestSource(client, cachedVideo, { id: "7" }, { cache, lang: "zh" })).toEqual({ status: "ok", value: { id: 7 } });
    fail = true;
    expect(await requestSource(client, cachedVideo, { id: "7" }, { cache, lang: "zh" })).toEqual({ status: "ok", value: { id: 7 } });
  });
});
