/**
 * The anonymous render cache (ADR 009) on a real express app: what it reuses, for how long, for whom, and that a
 * replayed page carries the fresh CSP nonce and never the internal cache hint.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PAGE_CACHE_HEADER } from "@contracts/page-cache";
import { renderCache } from "@server/render-cache.server";

let clock = 0;
let nonceSerial = 0;
let renders = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use((_request, response, next) => {
    response.locals.nonce = `nonce${++nonceSerial}`;
    next();
  });
  app.use(renderCache({ now: () => clock, maxEntries: 3 }));
  app.get("/page/:name", (request, response) => {
    renders++;
    const seconds = request.query.reuse ?? "30";
    if (seconds !== "none") response.setHeader(PAGE_CACHE_HEADER, String(seconds));
    if (request.query.cookie) response.setHeader("set-cookie", "seen=1");
    response.status(Number(request.query.status ?? 200));
    response.setHeader("content-type", "text/html; charset=utf-8");
    // Streams like the SSR renderer: the headers leave with the first chunk.
    response.write(`<script nonce="${response.locals.nonce}">`);
    response.end(`render ${renders} of ${request.params.name}</script>`);
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

describe("renderCache", () => {
  it("replays an anonymous page with this response's nonce, and never sends the cache hint", async () => {
    const first = await get("/page/a");
    expect(first.headers.get("x-render-cache")).toBeNull();
    expect(first.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    const rendered = renders;

    const second = await get("/page/a");
    expect(renders).toBe(rendered);
    expect(second.headers.get("x-render-cache")).toBe("hit");
    expect(second.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.body).toBe(first.body.replace(/nonce\d+/, `nonce${nonceSerial}`));
    expect(second.body).not.toBe(first.body);
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
    expect((await get("/page/e", "lang=zh")).body).toBe(zh.body.replace(/nonce\d+/, `nonce${nonceSerial}`));
    expect((await get("/page/e", "lang=en")).body).toBe(en.body.replace(/nonce\d+/, `nonce${nonceSerial}`));
  });

  it("does not keep pages without a hint, with a cookie to set, or that failed; keeps a 404", async () => {
    for (const query of ["reuse=none", "reuse=0", "cookie=1", "status=500"]) {
      await get(`/page/f?${query}`);
      const again = await get(`/page/f?${query}`);
      expect(again.headers.get("x-render-cache"), query).toBeNull();
      expect(again.headers.has(PAGE_CACHE_HEADER), query).toBe(false);
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
});
