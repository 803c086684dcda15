/**
 * Compression on the app server itself (issue 32, ADR 048): pages and API answers on the fly by Accept-Encoding, a
 * render-cache hit compressed for the client asking (the entry keeps plain bytes), nothing compressed twice, and the
 * build's precompressed siblings served as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { compressResponses, precompressedFiles } from "@server/compression.server";
import { renderCache } from "@server/render-cache.server";
import { securityHeaders } from "@server/security.server";
import { decoded, type RawAnswer, rawGet as rawGetUrl } from "./raw-http";

let server: Server;
let base: string;
let renders = 0;
let assets: string;
const SCRIPT = `export const words = ${JSON.stringify("经济学 economics ".repeat(400))};\n`;

/** A GET with this Accept-Encoding (none when undefined), read as it crossed the wire. */
function rawGet(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return rawGetUrl(`${base}${path}`, acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding });
}

beforeAll(async () => {
  assets = mkdtempSync(join(tmpdir(), "precompressed-"));
  writeFileSync(join(assets, "entry.js"), SCRIPT);
  writeFileSync(join(assets, "entry.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(assets, "entry.js.gz"), gzipSync(SCRIPT));
  writeFileSync(join(assets, "plain.js"), SCRIPT);

  const app = express();
  app.use(securityHeaders({ development: false }));
  app.use(compressResponses());
  app.use("/assets", precompressedFiles(assets, { maxAge: "1y", immutable: true }));
  app.use(renderCache({ now: () => 0 }));
  app.get("/page", (_request, response) => {
    renders++;
    response.setHeader("Cache-Control", "public, s-maxage=30");
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    // Streams as the SSR renderer does: the headers leave with the first chunk.
    response.write(`<html><body><h1>render ${renders}</h1>`);
    response.end(`<p>${"会议 conference programme ".repeat(300)}</p></body></html>`);
  });
  app.get("/small", (_request, response) => {
    response.json({ code: 200, data: { ok: true } });
  });
  app.get("/already-encoded", (_request, response) => {
    response.setHeader("Content-Type", "application/json");
    response.setHeader("Content-Encoding", "gzip");
    response.end(gzipSync(JSON.stringify({ code: 200, data: "x".repeat(5000) })));
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(assets, { recursive: true, force: true });
});

describe("responses made per request", () => {
  it("are compressed as the client asks, brotli first, and say they vary by Accept-Encoding", async () => {
    const plain = await rawGet("/page", "identity");
    const brotli = await rawGet("/page", "gzip, deflate, br");
    const gzip = await rawGet("/page", "gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    for (const answer of [brotli, gzip]) {
      expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/);
      expect(answer.bytes.length).toBeLessThan(plain.bytes.length / 4);
      expect(decoded(answer)).toBe(plain.bytes.toString());
    }
  });

  it("a render-cache hit is compressed for whoever asks, from the plain bytes it keeps", async () => {
    const first = await rawGet("/page?hit=1", "br");
    expect(first.headers["x-render-cache"]).toBeUndefined();
    const plainHit = await rawGet("/page?hit=1", "identity");
    const gzipHit = await rawGet("/page?hit=1", "gzip");
    const brotliHit = await rawGet("/page?hit=1", "br");
    for (const hit of [plainHit, gzipHit, brotliHit]) expect(hit.headers["x-render-cache"]).toBe("hit");
    expect(plainHit.headers["content-encoding"]).toBeUndefined();
    expect(gzipHit.headers["content-encoding"]).toBe("gzip");
    expect(brotliHit.headers["content-encoding"]).toBe("br");
    const page = decoded(first);
    expect(page).toContain("<h1>render");
    for (const hit of [plainHit, gzipHit, brotliHit]) expect(decoded(hit)).toBe(page);
  });

  it("leaves small answers and answers that are already encoded as they are", async () => {
    const small = await rawGet("/small", "br, gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.bytes.toString())).toEqual({ code: 200, data: { ok: true } });
    const encoded = await rawGet("/already-encoded", "br, gzip");
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(encoded.bytes).toString()).data).toHaveLength(5000);
  });
});

describe("the build's files", () => {
  it("are served from their precompressed siblings, byte for byte, with their own type and caching", async () => {
    const brotli = await rawGet("/assets/entry.js", "gzip, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.bytes.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(brotli.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(brotli.headers.vary)).toMatch(/Accept-Encoding/);

    const gzip = await rawGet("/assets/entry.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(SCRIPT);

    const plain = await rawGet("/assets/entry.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.toString()).toBe(SCRIPT);
  });

  it("without a sibling are compressed on the fly like any other response", async () => {
    const answer = await rawGet("/assets/plain.js", "br");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(decoded(answer)).toBe(SCRIPT);
  });
});
