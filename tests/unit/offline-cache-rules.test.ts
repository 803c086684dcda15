import { describe, expect, it } from "vitest";
import { documentUrlOfData, isBuildAsset, isPagePath, isPicture, pageCacheScope, resourcesOfPage } from "~/offline/cache-rules";

describe("what the service worker keeps (ADR 046)", () => {
  it("keeps pages, but never the API, the console, developer tools, the session end point, sockets or audio", () => {
    for (const path of ["/", "/home", "/2023ames", "/scienceMeetingDetail", "/developers", "/sessionsList"]) expect(isPagePath(path), path).toBe(true);
    for (const path of ["/api/web/isLogin", "/ops", "/ops/preview/home", "/dev/outbox", "/session/end", "/ws/chat", "/media/audio/a.mp3", "/healthz"]) {
      expect(isPagePath(path), path).toBe(false);
    }
    // Files of the build have an extension; no page path does.
    for (const path of ["/sw.js", "/favicon.svg", "/home.data", "/manifest.zh.webmanifest"]) expect(isPagePath(path), path).toBe(false);
  });

  it("tells build assets and pictures apart from the API", () => {
    expect(isBuildAsset("/assets/entry.client-abc.js")).toBe(true);
    expect(isBuildAsset("/favicon.svg")).toBe(false);
    for (const path of ["/api/file/download", "/media/poster/12.svg", "/logo.svg", "/icons/icon-192.png", "/qr/app.svg"])
      expect(isPicture(path), path).toBe(true);
    for (const path of ["/api/web/getUserInfoWithToken", "/api/file/upload", "/media/clip.mp4", "/dev/x.png"]) expect(isPicture(path), path).toBe(false);
  });

  it("keeps a public render for everyone, any private render only for the person, and nothing marked no-store alone", () => {
    expect(pageCacheScope("public, s-maxage=30, stale-while-revalidate=30")).toBe("shared");
    expect(pageCacheScope("private, no-store")).toBe("personal");
    expect(pageCacheScope("private, no-cache")).toBe("personal");
    expect(pageCacheScope("Private")).toBe("personal");
    expect(pageCacheScope("no-store")).toBeNull();
    expect(pageCacheScope("public, no-store")).toBeNull();
    expect(pageCacheScope(null)).toBeNull();
  });

  it("finds the page whose data a single-fetch URL asks for, without React Router's own parameters", () => {
    const origin = "http://127.0.0.1:3610";
    expect(documentUrlOfData(new URL(`${origin}/scienceMeetingDetail.data?id=244&_routes=routes%2Fpage`))?.href).toBe(`${origin}/scienceMeetingDetail?id=244`);
    expect(documentUrlOfData(new URL(`${origin}/_root.data?_routes=root`))?.href).toBe(`${origin}/`);
    expect(documentUrlOfData(new URL(`${origin}/api/live.data`))).toBeNull();
    expect(documentUrlOfData(new URL(`${origin}/home`))).toBeNull();
  });

  it("lists a kept page's same-origin scripts, styles and pictures, and nothing of other sites or the API", () => {
    const html = [
      '<link rel="modulepreload" href="/assets/page-1.js"/>',
      '<link rel="stylesheet" href="/assets/widgets-agenda-2.css"/>',
      '<script type="module" src="/assets/entry.client-3.js"></script>',
      '<img src="/api/file/download?name=ab.png&amp;w=2" alt=""/>',
      '<img src="https://elsewhere.example/x.png"/>',
      '<link rel="canonical" href="/home"/>',
      '<script src="/api/web/isLogin"></script>',
    ].join("");
    expect(resourcesOfPage(html, "http://127.0.0.1:3610/abferac")).toEqual([
      "http://127.0.0.1:3610/assets/page-1.js",
      "http://127.0.0.1:3610/assets/widgets-agenda-2.css",
      "http://127.0.0.1:3610/assets/entry.client-3.js",
      "http://127.0.0.1:3610/api/file/download?name=ab.png&w=2",
    ]);
  });
});
