/** How long an anonymous page may be reused, by this server and by shared caches (ADR 009, 030). */
import { describe, expect, it } from "vitest";
import type { PageConfig } from "@schemas/generated/page-config";
import { anonymousCacheSeconds, failedSources, sharedCacheControl } from "~/pipeline/page-cache";
import type { PageView } from "~/pipeline/page-view";

const now = Date.parse("2027-01-10T00:00:00Z");

function view(config: Partial<PageConfig>, extra: Partial<PageView> = {}): PageView {
  return {
    kind: "page",
    status: 200,
    path: "/p",
    config: { path: "/p", title: { zh: "页", en: "Page" }, widgets: [], ...config },
    problems: [],
    query: {},
    data: {},
    gate: "ok",
    user: null,
    widgetTypes: [],
    serverNow: now,
    lateNodes: [],
    lateCode: [],
    ...extra,
  };
}

const sources = (...seconds: (number | undefined)[]): PageConfig["data"] =>
  Object.fromEntries(
    seconds.map((cacheSeconds, index) => [`s${index}`, { api: `/a${index}`, method: "GET", side: "server", cacheSeconds }]),
  ) as PageConfig["data"];

describe("anonymousCacheSeconds", () => {
  it("is the shortest cache time of the server sources, 60 s without sources, nothing when one has none", () => {
    expect(anonymousCacheSeconds(view({ data: sources(60, 30, 300) }))).toBe(30);
    expect(anonymousCacheSeconds(view({}))).toBe(60);
    expect(anonymousCacheSeconds(view({ data: sources(60, undefined) }))).toBe(0);
  });

  it("is nothing for someone signed in, a broken config or a failed render", () => {
    expect(anonymousCacheSeconds(view({}, { user: { id: 1, userName: "u" } }))).toBe(0);
    expect(anonymousCacheSeconds(view({}, { kind: "broken" }))).toBe(0);
    expect(anonymousCacheSeconds(view({}, { status: 503 }))).toBe(0);
  });

  it("is nothing for a render the platform failed, but a source the platform answered with a refusal still counts", () => {
    const failed = view({ data: sources(60) }, { data: { s0: { status: "error", message: "Timed out: /a0", code: -1 } } });
    expect(anonymousCacheSeconds(failed)).toBe(0);
    expect(failedSources(failed)).toEqual(["s0"]);
    const refused = view({ data: sources(60) }, { data: { s0: { status: "error", message: "hidden", code: 500 } } });
    expect(anonymousCacheSeconds(refused)).toBe(60);
    expect(failedSources(refused)).toEqual([]);
  });

  it("ends at the next publish boundary: a notice is not kept past the opening, nor a page past its closing", () => {
    const opensIn20s = { from: new Date(now + 20_500).toISOString(), afterUntil: "keep" as const };
    expect(anonymousCacheSeconds(view({ publish: opensIn20s }, { kind: "notYetOpen" }))).toBe(20);
    const closesIn10s = { from: new Date(now - 1000).toISOString(), until: new Date(now + 10_000).toISOString(), afterUntil: "closed" as const };
    expect(anonymousCacheSeconds(view({ publish: closesIn10s, data: sources(60) }))).toBe(10);
    expect(anonymousCacheSeconds(view({ publish: { from: new Date(now + 400).toISOString(), afterUntil: "keep" } }, { kind: "notYetOpen" }))).toBe(0);
  });
});

describe("sharedCacheControl", () => {
  it("is public for the cache time and as long again stale while one request renders anew", () => {
    expect(sharedCacheControl(view({ data: sources(30) }))).toBe("public, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400");
  });

  it("keeps the stale time, too, before the next publish boundary", () => {
    const opensIn100s = { from: new Date(now + 100_000).toISOString(), afterUntil: "keep" as const };
    expect(sharedCacheControl(view({ publish: opensIn100s }, { kind: "notYetOpen" }))).toBe(
      "public, s-maxage=60, stale-while-revalidate=40, stale-if-error=40",
    );
    const opensIn45s = { from: new Date(now + 45_000).toISOString(), afterUntil: "keep" as const };
    expect(sharedCacheControl(view({ publish: opensIn45s }, { kind: "notYetOpen" }))).toBe("public, s-maxage=45");
  });

  it("is nothing for a page no one may share", () => {
    expect(sharedCacheControl(view({ data: sources(undefined) }))).toBeNull();
    expect(sharedCacheControl(view({}, { user: { id: 1, userName: "u" } }))).toBeNull();
  });
});
