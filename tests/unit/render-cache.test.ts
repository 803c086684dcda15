/**
 * The anonymous render cache (ADR 009, 030) and the hashed policy of public pages on a real express app: what is
 * reused, for how long, for whom; that a public document leaves without a nonce, under a policy naming the hashes of
 * its own inline scripts (and nothing else), and is replayed byte for byte; that private pages keep their nonce.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import express from "express";
import { createHash } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { renderCache } from "@server/render-cache.server";
import { hashedPolicyForPublicPages, securityHeaders } from "@server/security.server";
import { SOURCES_FAILED_HEADER } from "~/pipeline/page-cache";
import { rawGet } from "./raw-http";

let clock = 0;
let releaseHeld = () => {};
let renders = 0;
let platformDown = false;
let server: Server;
let base: string;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ development: false }));
  // As the server marks every answer while it drains (app.server.ts), before the cache sees the request.
  app.use((request, response, next) => {
    if (request.headers["x-draining"]) response.setHeader("Connection", "close");
    next();
  });
  app.use(renderCache({ now: () => clock, maxEntries: 3 }));
  app.use(hashedPolicyForPublicPages({ development: false }));
  app.get("/page/:name", (request, response) => {
    renders++;
    const seconds = request.query.reuse ?? "30";
    if (seconds !== "none") response.setHeader("Cache-Control", `public, s-maxage=${seconds}`);
    else response.setHeader("Cache-Control", "private, no-store");
    if (request.query.cookie) response.setHeader("set-cookie", "seen=1");
    response.status(Number(request.query.status ?? 200));
    response.setHeader("content-type", "text/html; charset=utf-8");
    // Streams like the SSR renderer: the headers leave with the first chunk unless the page is held.
    const nonce = response.locals.nonce as string;
    response.write(`<html><body><p>render ${renders} of ${request.params.name}</p><script nonce="${nonce}">`);
    response.write(`window.page = "第${renders}页";</script><script nonce="${nonce}" type="module">import "/assets/a.js";</script>`);
    // Markup that slipped into the page (say, through user content) never carries the nonce.
    const injected = request.query.inject ? "<script>alert(document.cookie)</script><style>body{display:none}</style>" : "";
    response.end(`${injected}<script nonce="${nonce}" src="/assets/b.js"></script></body></html>`);
  });
  // A page whose platform can be down: its render then names the failed sources and is nobody's to keep (ADR 043).
  app.get("/flaky/:name", (_request, response) => {
    renders++;
    response.setHeader("content-type", "text/html; charset=utf-8");
    if (platformDown) {
      response.setHeader("Cache-Control", "private, no-cache");
      response.setHeader(SOURCES_FAILED_HEADER, "list");
      response.write("<html><body><p>");
      response.end(`render ${renders}: the list failed to load</p></body></html>`);
      return;
    }
    response.setHeader("Cache-Control", "public, s-maxage=30, stale-if-error=600");
    response.write("<html><body><p>");
    response.end(`render ${renders}: the list</p></body></html>`);
  });
  // A page whose render waits until the test lets it finish, as one does while the platform is slow.
  app.get("/held/:name", async (_request, response) => {
    renders++;
    const render = renders;
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.setHeader("Cache-Control", "public, s-maxage=30, stale-if-error=600");
    await new Promise<void>((resolve) => {
      releaseHeld = resolve;
    });
    response.end(`<html><body><p>render ${render}</p></body></html>`);
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  clock += 3_600_000;
});

async function get(path: string, cookie?: string) {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function scriptSources(policy: string | null): string[] {
  return (/script-src ([^;]*)/.exec(policy ?? "")?.[1] ?? "").split(" ");
}

describe("hashedPolicyForPublicPages", () => {
  it("a public document names its inline scripts by hash, carries no nonce, and allows nothing inline besides", async () => {
    const page = await get("/page/p");
    const policy = page.headers.get("content-security-policy");
    expect(page.body).not.toContain("nonce");
    const inline = [...page.body.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toEqual([`window.page = "第${renders}页";`, 'import "/assets/a.js";']);
    expect(scriptSources(policy).sort()).toEqual(["'self'", ...inline.map(sha256)].sort());
    expect(policy).not.toMatch(/nonce-|unsafe-inline|unsafe-eval|strict-dynamic/);
    // The hashes are of the scripts' UTF-8 bytes, as a browser computes them (the first script is not ASCII).
    // What anything could inject has another hash: the policy does not let it run.
    expect(scriptSources(policy)).not.toContain(sha256("alert(document.cookie)"));
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
  });

  it("a script or style injected without the nonce gets no hash, so the policy does not let it run", async () => {
    const page = await get("/page/i?inject=1");
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(page.body).toContain("<script>alert(document.cookie)</script>");
    expect(scriptSources(policy)).not.toContain(sha256("alert(document.cookie)"));
    expect(scriptSources(policy)).toHaveLength(3);
    expect(policy).not.toContain(sha256("body{display:none}"));
  });

  it("a private page streams under the nonce policy, its nonce in its scripts", async () => {
    const page = await get("/page/q?reuse=none");
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSources(page.headers.get("content-security-policy"))).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(page.body).toContain(`<script nonce="${nonce}">`);
  });
});

describe("renderCache", () => {
  it("replays a public page byte for byte with the headers it left with, its policy included", async () => {
    const first = await get("/page/a");
    expect(first.headers.get("x-render-cache")).toBeNull();
    const rendered = renders;

    const second = await get("/page/a");
    expect(renders).toBe(rendered);
    expect(second.headers.get("x-render-cache")).toBe("hit");
    expect(second.body).toBe(first.body);
    for (const name of ["content-type", "cache-control", "content-security-policy"]) expect(second.headers.get(name), name).toBe(first.headers.get(name));
  });

  it("renders again once the page's cache time has passed", async () => {
    await get("/page/b?reuse=10");
    const rendered = renders;
    clock += 9_000;
    expect((await get("/page/b?reuse=10")).headers.get("x-render-cache")).toBe("hit");
    clock += 2_000;
    expect((await get("/page/b?reuse=10")).headers.get("x-render-cache")).toBeNull();
    expect(renders).toBe(rendered + 1);
  });

  it("never serves or stores a render for someone with a session", async () => {
    await get("/page/c");
    const rendered = renders;
    const signedIn = await get("/page/c", "token=abc");
    expect(signedIn.headers.get("x-render-cache")).toBeNull();
    expect(await get("/page/d", "token=abc")).toMatchObject({ status: 200 });
    expect((await get("/page/d")).headers.get("x-render-cache")).toBeNull();
    expect(renders).toBe(rendered + 3);
  });

  it("keeps one render per language", async () => {
    const zh = await get("/page/e", "lang=zh");
    const en = await get("/page/e", "lang=en");
    expect(en.headers.get("x-render-cache")).toBeNull();
    expect((await get("/page/e", "lang=zh")).body).toBe(zh.body);
    expect((await get("/page/e", "lang=en")).body).toBe(en.body);
  });

  it("does not keep private pages, pages with a cookie to set, or that failed; keeps a 404", async () => {
    for (const query of ["reuse=none", "reuse=0", "cookie=1", "status=500"]) {
      await get(`/page/f?${query}`);
      const again = await get(`/page/f?${query}`);
      expect(again.headers.get("x-render-cache"), query).toBeNull();
    }
    await get("/page/f?status=404");
    const missing = await get("/page/f?status=404");
    expect(missing).toMatchObject({ status: 404 });
    expect(missing.headers.get("x-render-cache")).toBe("hit");
  });

  it("holds at most maxEntries pages, dropping the oldest", async () => {
    for (const name of ["g1", "g2", "g3", "g4"]) await get(`/page/${name}`);
    expect((await get("/page/g4")).headers.get("x-render-cache")).toBe("hit");
    expect((await get("/page/g1")).headers.get("x-render-cache")).toBeNull();
  });

  it("renders an expired page once at a time: the others meanwhile get its last good render (stale-while-revalidate)", async () => {
    const first = get("/held/k");
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseHeld();
    const good = await first;
    clock += 31_000;
    const before = renders;

    const refresh = get("/held/k");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const others = await Promise.all([get("/held/k"), get("/held/k"), get("/held/k")]);
    for (const other of others) {
      expect(other.body).toBe(good.body);
      expect(other.headers.get("x-render-cache")).toBe("stale-while-revalidate");
      expect(other.headers.get("cache-control")).toBe("no-cache");
    }
    expect(renders).toBe(before + 1);
    releaseHeld();
    const fresh = await refresh;
    expect(fresh.body).toContain(`render ${before + 1}`);
    const hit = await get("/held/k");
    expect(hit.headers.get("x-render-cache")).toBe("hit");
    expect(hit.body).toBe(fresh.body);
  });

  it("serves the last good render, marked stale, while a refresh fails for want of the platform (stale-if-error)", async () => {
    const good = await get("/flaky/h");
    expect(good.body).toContain("the list</p>");
    clock += 31_000;
    platformDown = true;
    const stale = await get("/flaky/h");
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(good.body);
    expect(stale.headers.get("x-render-cache")).toBe("stale-if-error");
    expect(stale.headers.get("warning")).toBe('111 - "Revalidation Failed"');
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    expect(stale.headers.get(SOURCES_FAILED_HEADER)).toBeNull();

    // Past its stale-if-error time the failed render is what there is: the page with its error state.
    clock += 600_000;
    const failed = await get("/flaky/h");
    expect(failed.body).toContain("failed to load");
    expect(failed.headers.get(SOURCES_FAILED_HEADER)).toBe("list");

    // The platform back: a good render again, kept and reused.
    platformDown = false;
    const back = await get("/flaky/h");
    expect(back.body).toContain("the list</p>");
    expect((await get("/flaky/h")).headers.get("x-render-cache")).toBe("hit");
  });

  it("replays a stale render with its length, and with Connection: close while the server drains", async () => {
    const good = await get("/flaky/l");
    clock += 31_000;
    platformDown = true;
    const stale = await rawGet(`${base}/flaky/l`, { "X-Draining": "1" });
    platformDown = false;
    expect(stale.headers["x-render-cache"]).toBe("stale-if-error");
    expect(stale.bytes.toString()).toBe(good.body);
    expect(stale.headers.connection).toBe("close");
    expect(stale.headers["content-length"]).toBe(String(stale.bytes.length));
    expect(stale.headers["transfer-encoding"]).toBeUndefined();
  });

  it("never serves a stale render over a good new one", async () => {
    await get("/flaky/i");
    clock += 31_000;
    const fresh = await get("/flaky/i");
    expect(fresh.headers.get("x-render-cache")).toBeNull();
    expect(fresh.body).toMatch(/render \d+: the list/);
  });
});
