/**
 * The render cache's early lane (ADR 105) on a real express app laid out as the server's: a page's kept render is sent
 * before the middleware and routes behind it, compressed once per encoding for whoever asks, under the request's own
 * HSTS; the server's own paths never make it resolve a viewer's class, and a page's miss resolves it once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { compressResponses } from "@server/compression.server";
import { renderCache } from "@server/render-cache.server";
import { hashedPolicyForPublicPages, securityHeaders } from "@server/security.server";
import { CLASS_RENDER_HEADER } from "~/pipeline/page-cache";
import { decoded, type RawAnswer, rawGet as rawGetUrl } from "./raw-http";

let server: Server;
let base: string;
/** Requests that went past the lane, to the middleware and routes behind it. */
let behind = 0;
let classLookups = 0;
let renders = 0;

function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawGetUrl(`${base}${path}`, headers);
}

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", true);
  const cache = renderCache({
    now: () => 0,
    classOf: async (request) => {
      classLookups++;
      return /token=ann|token=bo/.test(request.headers.cookie ?? "") ? "user:ok" : null;
    },
  });
  app.use(cache.hits);
  app.use((_request, _response, next) => {
    behind++;
    next();
  });
  app.use(securityHeaders({ development: false }));
  app.use(compressResponses());
  app.get("/api/thing", (_request, response) => void response.json({ code: 200 }));
  app.use(cache);
  app.use(hashedPolicyForPublicPages({ development: false }));
  app.get("/page/:name", (request, response) => {
    renders++;
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    const signedIn = /token=/.test(request.headers.cookie ?? "");
    response.setHeader("Cache-Control", signedIn ? "private, no-store" : "public, s-maxage=30");
    if (signedIn) response.setHeader(CLASS_RENDER_HEADER, "public, s-maxage=30");
    response.write(`<html><body><h1>render ${renders} of ${request.params.name}</h1>`);
    response.end(`<p>${"会议 conference programme ".repeat(300)}</p></body></html>`);
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
  behind = 0;
  classLookups = 0;
});

describe("the render cache's early lane", () => {
  it("sends a kept render before anything behind it, with the headers it left with", async () => {
    const first = await rawGet("/page/a", { "Accept-Encoding": "identity" });
    expect(behind).toBe(1);
    const hit = await rawGet("/page/a", { "Accept-Encoding": "identity" });
    expect(behind).toBe(1);
    expect(hit.headers["x-render-cache"]).toBe("hit");
    expect(hit.bytes.equals(first.bytes)).toBe(true);
    for (const name of ["content-type", "cache-control", "content-security-policy", "x-content-type-options"]) {
      expect(hit.headers[name], name).toBe(first.headers[name]);
    }
  });

  it("compresses a hit as the client asks, brotli before gzip at equal preference, each encoding the same bytes every time", async () => {
    const plain = await rawGet("/page/b", { "Accept-Encoding": "identity" });
    const brotli = await rawGet("/page/b", { "Accept-Encoding": "gzip, deflate, br" });
    const brotliAgain = await rawGet("/page/b", { "Accept-Encoding": "br" });
    const gzip = await rawGet("/page/b", { "Accept-Encoding": "gzip;q=1, br;q=0.5" });
    const anything = await rawGet("/page/b", { "Accept-Encoding": "*" });
    const neither = await rawGet("/page/b", { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect([brotli, gzip, anything, neither].map((answer) => answer.headers["content-encoding"])).toEqual(["br", "gzip", "br", undefined]);
    expect(brotliAgain.bytes.equals(brotli.bytes)).toBe(true);
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 4);
    for (const answer of [brotli, gzip, anything, neither]) {
      expect(answer.headers["x-render-cache"]).toBe("hit");
      expect(answer.headers["content-length"]).toBe(String(answer.bytes.length));
      expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/);
      expect(decoded(answer)).toBe(plain.bytes.toString());
    }
    expect(behind).toBe(1);
  });

  it("gives HSTS to a hit over HTTPS only, whichever request the render was made for", async () => {
    const overHttps = { "X-Forwarded-Proto": "https" };
    const rendered = await rawGet("/page/c", overHttps);
    expect(rendered.headers["strict-transport-security"]).toBeDefined();
    const plainHit = await rawGet("/page/c");
    const httpsHit = await rawGet("/page/c", overHttps);
    expect(plainHit.headers["x-render-cache"]).toBe("hit");
    expect(plainHit.headers["strict-transport-security"]).toBeUndefined();
    expect(httpsHit.headers["strict-transport-security"]).toBe(rendered.headers["strict-transport-security"]);
  });

  it("asks nobody's class for the server's own paths, and a page's class once per request", async () => {
    await rawGet("/api/thing", { Cookie: "token=ann" });
    expect(classLookups).toBe(0);
    await rawGet("/page/d", { Cookie: "token=ann" });
    expect(classLookups).toBe(1);
    const hit = await rawGet("/page/d", { Cookie: "token=bo" });
    expect(hit.headers["x-render-cache"]).toBe("hit");
    expect(classLookups).toBe(2);
    expect(behind).toBe(2);
  });
});
