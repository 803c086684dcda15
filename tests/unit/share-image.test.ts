/**
 * Share images (issue 32): the page's own art as the 1200×630 JPEG link previews draw, from a seeded SVG poster (its
 * Chinese title drawn, in the language asked) or a stored upload, and nothing made from anything else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
// Under the image pipeline's lock on sharp's loaders, as in the server (ADR 041, 050).
import "@contracts/images.server";
import { shareImages } from "@server/share-image.server";
import { shareImagePath, shareableArt } from "~/seo/share-image";

const UPLOAD_NAME = `${"ab".repeat(16)}.png`;
const posterCalls: string[] = [];
const platformCalls: string[] = [];
let server: Server;
let base: string;

async function posterSvg(id: number, lang: string): Promise<string | null> {
  posterCalls.push(`${id}/${lang}`);
  if (id !== 7) return null;
  const title = lang === "en" ? "Monetary policy" : "货币政策与资产价格";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#1f4e79"/><text x="40" y="200" fill="#fff" font-size="44" font-family="sans-serif">${title}</text></svg>`;
}

beforeAll(async () => {
  const upload = await sharp({ create: { width: 750, height: 420, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  const app = express();
  app.get(
    "/media/share.jpg",
    shareImages({
      posterSvg,
      platformBytes: async (path) => {
        platformCalls.push(path);
        return path === `/file/download?name=${UPLOAD_NAME}` ? upload : null;
      },
    }),
  );
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function shareImage(src: string, lang = "zh") {
  const answer = await fetch(`${base}${shareImagePath(src, lang as "zh" | "en")}`);
  return {
    status: answer.status,
    type: answer.headers.get("content-type"),
    cache: answer.headers.get("cache-control"),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}

describe("the share image", () => {
  it("of a seeded poster is a 1200×630 JPEG with its title drawn, per language, made once", async () => {
    const zh = await shareImage("/media/poster/7.svg", "zh");
    expect(zh).toMatchObject({ status: 200, type: "image/jpeg", cache: "public, max-age=86400" });
    expect(await sharp(zh.bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // The title's white glyphs are there: the brightest channel of a flat blue poster would stay far below 255.
    const stats = await sharp(zh.bytes).stats();
    expect(stats.channels[0].max).toBeGreaterThan(200);

    const en = await shareImage("/media/poster/7.svg", "en");
    expect(en.bytes.equals(zh.bytes)).toBe(false);
    await shareImage("/media/poster/7.svg", "zh");
    expect(posterCalls.filter((call) => call === "7/zh")).toHaveLength(1);
  });

  it("of a stored upload is that picture cropped to 1200×630", async () => {
    const image = await shareImage(`/api/file/download?name=${UPLOAD_NAME}`);
    expect(image.status).toBe(200);
    const { dominant } = await sharp(image.bytes).stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(platformCalls).toEqual([`/file/download?name=${UPLOAD_NAME}`]);
  });

  it("is made from nothing but the site's own art", async () => {
    for (const src of [
      "/media/poster/8.svg",
      "https://evil.example/x.svg",
      "//evil.example/media/poster/7.svg",
      "/media/poster/7.svg/../../../etc/passwd",
      "/media/poster/%37.svg",
      `/api/file/download?name=${UPLOAD_NAME}&name=x`,
      "/api/web/getUserInfoWithToken",
      "",
    ]) {
      const answer = await fetch(`${base}/media/share.jpg?src=${encodeURIComponent(src)}`);
      expect(answer.status, src).toBe(404);
    }
    expect(platformCalls).toHaveLength(1);
    expect(shareableArt("https://cdn.example/cover.jpg")).toBeNull();
    expect(shareImagePath("https://cdn.example/cover.jpg", "zh")).toBe("https://cdn.example/cover.jpg");
    expect(shareImagePath("/share.png", "en")).toBe("/share.png");
  });
});
