/**
 * Signed-in renders kept by the viewer's class (ADR 083) on a real express app: two people of one class share one
 * render, other classes and visitors never get it, a token that names nobody is never cached, a render the page did
 * not mark as the class's stays the person's own, and the internal header never leaves the server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { renderCache } from "@server/render-cache.server";
import { hashedPolicyForPublicPages, securityHeaders } from "@server/security.server";
import { CLASS_RENDER_HEADER } from "~/pipeline/page-cache";

/** Tokens as the platform would resolve them, to their viewer's class; "gone" names nobody. */
const CLASSES: Record<string, string | null> = { ann: "user:ok,needVerify,needVip", bo: "user:ok,needVerify,needVip", vip: "user:ok,ok,ok", gone: null };

let renders = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ development: false }));
  const classOf = async (request: express.Request) => CLASSES[/token=(\w+)/.exec(request.headers.cookie ?? "")?.[1] ?? ""] ?? null;
  app.use(renderCache({ now: () => 0, classOf }));
  app.use(hashedPolicyForPublicPages({ development: false }));
  app.get("/page/:name", (request, response) => {
    renders++;
    const signedIn = /token=/.test(request.headers.cookie ?? "");
    response.setHeader("content-type", "text/html; charset=utf-8");
    if (!signedIn) response.setHeader("Cache-Control", "public, s-maxage=30");
    else {
      response.setHeader("Cache-Control", "private, no-store");
      if (request.query.personal === undefined) response.setHeader(CLASS_RENDER_HEADER, "public, s-maxage=30, stale-if-error=600");
    }
    const nonce = response.locals.nonce as string;
    response.write(`<html><body><p>render ${renders} for ${signedIn ? "someone" : "a visitor"}</p>`);
    response.end(`<script nonce="${nonce}">window.rendered = ${renders};</script></body></html>`);
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function get(path: string, token?: string) {
  const response = await fetch(`${base}${path}`, { headers: token ? { cookie: `token=${token}` } : {} });
  return { headers: response.headers, body: await response.text() };
}

describe("renderCache by the viewer's class", () => {
  it("serves one render to two people of one class, private to every other cache, under a policy of hashes", async () => {
    const first = await get("/page/a", "ann");
    const second = await get("/page/a", "bo");
    expect(first.headers.get("x-render-cache")).toBeNull();
    expect(second.headers.get("x-render-cache")).toBe("hit");
    expect(second.body).toBe(first.body);
    for (const answer of [first, second]) {
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get(CLASS_RENDER_HEADER)).toBeNull();
      expect(answer.body).not.toContain("nonce=");
      expect(answer.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    }
  });

  it("keeps the classes and visitors apart: none is served another's render", async () => {
    const before = renders;
    const ann = await get("/page/b", "ann");
    const vip = await get("/page/b", "vip");
    const visitor = await get("/page/b");
    expect(renders).toBe(before + 3);
    expect(new Set([ann.body, vip.body, visitor.body]).size).toBe(3);
    expect((await get("/page/b", "bo")).body).toBe(ann.body);
    expect((await get("/page/b")).body).toBe(visitor.body);
    expect((await get("/page/b", "vip")).body).toBe(vip.body);
    expect(renders).toBe(before + 3);
  });

  it("never serves or keeps a render for a token that names nobody", async () => {
    await get("/page/c", "ann");
    const before = renders;
    const gone = await get("/page/c", "gone");
    expect(gone.headers.get("x-render-cache")).toBeNull();
    await get("/page/d", "gone");
    expect((await get("/page/d", "gone")).headers.get("x-render-cache")).toBeNull();
    expect(renders).toBe(before + 3);
  });

  it("keeps no render the page did not make for the class: it stays the person's own, with its nonce", async () => {
    const first = await get("/page/e?personal", "ann");
    const second = await get("/page/e?personal", "bo");
    expect(second.headers.get("x-render-cache")).toBeNull();
    expect(second.body).not.toBe(first.body);
    expect(second.body).toContain("nonce=");
  });
});
