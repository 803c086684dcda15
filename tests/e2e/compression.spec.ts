/**
 * The production server that `npm start` runs compresses what it sends (issue 32, ADR 048): documents, client
 * navigations' data and API answers by Accept-Encoding, and the build's files from the `.br`/`.gz` siblings written at
 * build time. Read with node:http, which does not decode, so the test sees the bytes that cross the wire.
 */
import { expect, test } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

const ASSETS = join(import.meta.dirname, "..", "..", "build", "client", "assets");

function rawGet(url: string, acceptEncoding: string): Promise<{ encoding?: string; vary: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { "Accept-Encoding": acceptEncoding } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({ encoding: incoming.headers["content-encoding"], vary: String(incoming.headers.vary ?? ""), bytes: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Renders of a page that is not cached differ in a few bytes (a countdown, a nonce): the same page within 1 %. */
function samePage(decoded: Buffer, plain: Buffer, path: string): void {
  expect(Math.abs(decoded.length - plain.length), path).toBeLessThan(plain.length / 100);
  expect(decoded.subarray(0, 64).toString(), path).toBe(plain.subarray(0, 64).toString());
}

test("documents, navigation data and API answers leave compressed, and decode to what an identity request gets", async ({ baseURL }) => {
  const sizes: string[] = [];
  for (const path of ["/home", "/liveList", "/2023ames", "/home.data", "/api/banner/list"]) {
    const plain = await rawGet(`${baseURL}${path}`, "identity");
    const brotli = await rawGet(`${baseURL}${path}`, "gzip, deflate, br");
    const gzip = await rawGet(`${baseURL}${path}`, "gzip");
    expect(plain.encoding, path).toBeUndefined();
    expect(brotli.encoding, path).toBe("br");
    expect(gzip.encoding, path).toBe("gzip");
    expect(brotli.vary, path).toMatch(/Accept-Encoding/);
    samePage(brotliDecompressSync(brotli.bytes), plain.bytes, path);
    samePage(gunzipSync(gzip.bytes), plain.bytes, path);
    expect(brotli.bytes.length, path).toBeLessThan(plain.bytes.length / 2);
    sizes.push(`${path} ${plain.bytes.length} → br ${brotli.bytes.length}, gzip ${gzip.bytes.length}`);
  }
  console.log(`bytes on the wire:\n  ${sizes.join("\n  ")}`);
});

test("every script and stylesheet of the build has brotli and gzip siblings, and they are what is served", async ({ baseURL }) => {
  const texts = readdirSync(ASSETS).filter((name) => /\.(js|css)$/.test(name) && statSync(join(ASSETS, name)).size > 1024);
  expect(texts.length).toBeGreaterThan(20);
  for (const name of texts) {
    const original = readFileSync(join(ASSETS, name));
    expect(brotliDecompressSync(readFileSync(join(ASSETS, `${name}.br`))).equals(original), name).toBe(true);
    expect(gunzipSync(readFileSync(join(ASSETS, `${name}.gz`))).equals(original), name).toBe(true);
  }
  const entry = texts.find((name) => name.startsWith("entry.client")) ?? texts[0];
  const served = await rawGet(`${baseURL}/assets/${entry}`, "br, gzip");
  expect(served.encoding).toBe("br");
  expect(served.bytes.equals(readFileSync(join(ASSETS, `${entry}.br`)))).toBe(true);
});
