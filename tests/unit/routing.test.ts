import { describe, expect, it } from "vitest";
import { FIXED_REDIRECTS, isLiveViewPath, isSafeQueryValue, readQuery, redirectFor, safeInternalPath } from "~/routing/routing";

describe("redirectFor", () => {
  it("sends / to /home and /appDownload to /toApp, keeping the query", () => {
    expect(FIXED_REDIRECTS["/"]).toBe("/home");
    expect(redirectFor("/", "")).toBe("/home");
    expect(redirectFor("/", "?lang=en")).toBe("/home?lang=en");
    expect(redirectFor("/appDownload", "")).toBe("/toApp");
    expect(redirectFor("/appDownload", "?from=wx")).toBe("/toApp?from=wx");
  });

  it("drops the last 6 characters of a path containing Mobile and keeps the query", () => {
    expect(redirectFor("/xyzMobile", "?a=1")).toBe("/xyz?a=1");
    expect(redirectFor("/liveListMobile", "")).toBe("/liveList");
    expect(redirectFor("/Mobile", "")).toBe("/");
  });

  it("leaves ordinary paths alone", () => {
    expect(redirectFor("/home", "")).toBeNull();
    expect(redirectFor("/liveList", "?a=1")).toBeNull();
    expect(redirectFor("/mobile", "")).toBeNull();
  });

  it("never redirects off the site", () => {
    const attempts = ["//evil.comMobile", "/\\evil.comMobile", "/\\/evil.comMobile", "///evil.comMobile", "/\\\\evil.comMobile", "//\\evil.comMobile"];
    for (const attempt of attempts) {
      const target = redirectFor(attempt, "?a=1")!;
      expect(target, attempt).toMatch(/^\/(?![/\\])/);
      expect(target, attempt).not.toContain("\\");
      expect(new URL(target, "https://site.example").origin, attempt).toBe("https://site.example");
    }
    expect(redirectFor("//evil.comMobile", "")).toBe("/evil.com");
    expect(redirectFor("/\\evil.comMobile", "")).toBe("/evil.com");
  });
});

describe("readQuery", () => {
  const declared = { id: {}, tab: { default: "live" }, page: { default: "1" } };

  it("reads only declared values", () => {
    const query = readQuery(new URLSearchParams("id=abc-1_2&other=x"), declared);
    expect(query).toEqual({ id: "abc-1_2", tab: "live", page: "1" });
    expect(query).not.toHaveProperty("other");
  });

  it("accepts only ^[A-Za-z0-9_-]+$ and falls back to the default otherwise", () => {
    const unsafe = ["<script>", "a b", "1;drop", "a.b", "中文", "a/b", "%2F", "javascript:alert(1)", ""];
    for (const value of unsafe) {
      const params = new URLSearchParams();
      params.set("id", value);
      params.set("tab", value);
      expect(readQuery(params, declared), JSON.stringify(value)).toEqual({ tab: "live", page: "1" });
    }
    expect(readQuery(new URLSearchParams("tab=video&page=3"), declared)).toEqual({ tab: "video", page: "3" });
  });

  it("returns nothing without declarations", () => {
    expect(readQuery(new URLSearchParams("id=1"))).toEqual({});
  });

  it("isSafeQueryValue is the same rule", () => {
    expect(isSafeQueryValue("Az09_-")).toBe(true);
    expect(isSafeQueryValue("a=b")).toBe(false);
    expect(isSafeQueryValue("")).toBe(false);
    expect(isSafeQueryValue("abc\n")).toBe(false);
  });
});

describe("safeInternalPath", () => {
  it("keeps in-site paths with query and hash", () => {
    expect(safeInternalPath("/me")).toBe("/me");
    expect(safeInternalPath("/liveList?type=1#top")).toBe("/liveList?type=1#top");
  });

  it("replaces anything that could leave the site by the fallback", () => {
    for (const target of [
      "//evil.com",
      "/\\evil.com",
      "https://evil.com",
      "javascript:alert(1)",
      "evil.com",
      "",
      null,
      undefined,
      "\\\\evil.com",
      "/\\/evil.com",
    ]) {
      expect(safeInternalPath(target), String(target)).toBe("/home");
    }
    expect(safeInternalPath("https://evil.com", "/me")).toBe("/me");
  });
});

describe("isLiveViewPath", () => {
  it("is true for the live-view pages only", () => {
    for (const path of ["/viewLive", "/liveSpec", "/liveSpec2", "/liveSpec6", "/liveIndex"]) expect(isLiveViewPath(path), path).toBe(true);
    for (const path of ["/liveList", "/home", "/videoDetail", "/abfer", "/"]) expect(isLiveViewPath(path), path).toBe(false);
  });
});
