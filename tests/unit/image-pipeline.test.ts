/**
 * Every uploaded image goes through one pipeline (ADR 041, issue 26 finding 4): decompression bombs are refused from
 * their header before any pixel is decoded; what is stored is re-encoded (no byte the uploader chose is served),
 * upright, without EXIF or GPS, scaled to its purpose; an article's cover is 750×420; nothing malformed throws.
 */
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { uploadsDirFor } from "@platform/files/index.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import {
  CAMERA_MAKE,
  PNG_SIGNATURE,
  animatedGif,
  exifHasGps,
  handmadeGif,
  handmadePng,
  hugePng,
  lyingPng,
  phonePhoto,
  plainJpeg,
  plainPng,
  pngChunk,
} from "./image-samples";

/** The pipeline's own functions, loaded where a test calls them (the HTTP tests stand without them). */
const pipeline = () => import("@contracts/images.server");
const MAX_FRAMES = 200;
const MAX_PIXELS = 24_000_000;

const api = useEmbeddedPlatform("2027-05-01T08:00:00.000Z", { captchaTestMode: true });

type Purpose = "avatar" | "cover" | "circle";
const upload = (token: string, bytes: Buffer, purpose: Purpose, lang: "zh" | "en" = "zh") =>
  api.call("/file/upload", { body: { purpose, data: bytes.toString("base64") }, token, lang });

async function stored(url: string): Promise<Buffer> {
  const served = await api.raw("/file/download", { method: "GET", query: { name: url.split("name=")[1] } });
  expect(served.status).toBe(200);
  return Buffer.from(await served.arrayBuffer());
}

const TOO_MANY_PIXELS = {
  zh: "图片像素过多（最多2400万像素），请缩小后再上传",
  en: "The image has too many pixels (at most 24 megapixels). Please make it smaller and try again",
};
const UNREADABLE = { zh: "图片已损坏或无法读取，请换一张", en: "The image is damaged or cannot be read. Please choose another" };

describe("decompression bombs", () => {
  it("refuses a 20000×20000 PNG of 48 KB as a circle image, an avatar and a cover, in the person's language", async () => {
    const bomb = hugePng();
    expect(bomb.length).toBeLessThan(100_000);
    const { token } = await api.newUser();
    for (const purpose of ["circle", "avatar", "cover"] as const) {
      for (const lang of ["zh", "en"] as const) {
        const started = Date.now();
        expect((await upload(token, bomb, purpose, lang)).body, `${purpose} ${lang}`).toEqual({ code: 400, message: TOO_MANY_PIXELS[lang] });
        // Refused from the header: decoding 400 megapixels would take seconds and hundreds of MB.
        expect(Date.now() - started).toBeLessThan(2000);
      }
    }
  });

  it("refuses a PNG of under 80 bytes whose header says 100000×100000", async () => {
    const liar = lyingPng();
    expect(liar.length).toBeLessThan(80);
    const { token } = await api.newUser();
    for (const purpose of ["circle", "avatar", "cover"] as const)
      expect((await upload(token, liar, purpose)).body, purpose).toEqual({ code: 400, message: TOO_MANY_PIXELS.zh });
    expect(await (await pipeline()).processImage(liar, "image/png", "circle")).toMatchObject({ ok: false, reason: "tooManyPixels", detail: "100000×100000×1" });
  });

  it("counts every frame of an animated GIF against the pixel limit, and refuses too many frames", async () => {
    const { token } = await api.newUser();
    // 5 frames of 2500×2000: each 5 MP, 25 MP together, in 120 bytes.
    const heavy = handmadeGif(2500, 2000, 5);
    expect(heavy.length).toBeLessThan(200);
    expect((await upload(token, heavy, "circle", "en")).body).toEqual({ code: 400, message: TOO_MANY_PIXELS.en });
    const long = handmadeGif(2, 2, MAX_FRAMES + 1);
    expect((await upload(token, long, "circle", "en")).body).toEqual({
      code: 400,
      message: `The animated image has too many frames (at most ${MAX_FRAMES})`,
    });
    expect((await upload(token, long, "circle")).body.message).toBe(`动图帧数过多（最多${MAX_FRAMES}帧）`);
  });

  it("takes an image of exactly the limit's pixels", async () => {
    const { processImage, MAX_PIXELS: limit, MAX_FRAMES: frames } = await pipeline();
    expect([limit, frames]).toEqual([MAX_PIXELS, MAX_FRAMES]);
    // Grey, one bit per pixel, every row zero: built in a moment, decoded for real.
    const blank = (width: number, height: number) => handmadePng(width, height, 1, 0, deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8)))));
    const image = await processImage(blank(6000, 4000), "image/png", "circle");
    expect(image).toMatchObject({ ok: true, type: "image/png", width: 1920, height: 1280 });
    expect(await processImage(blank(6001, 4000), "image/png", "circle")).toMatchObject({ ok: false, reason: "tooManyPixels" });
  }, 30_000);
});

describe("what is stored is the server's own encoding", () => {
  it("stores a phone photo upright (orientation 6 applied, width and height swapped) without EXIF, GPS or the camera", async () => {
    const photo = await phonePhoto(40, 24);
    const sent = await sharp(photo).metadata();
    expect([sent.width, sent.height, sent.orientation]).toEqual([40, 24, 6]);
    expect(exifHasGps(sent.exif)).toBe(true);
    expect(photo.includes(CAMERA_MAKE)).toBe(true);

    const { token } = await api.newUser();
    const answer = await upload(token, photo, "circle");
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.url).toMatch(/\.jpg$/);
    const bytes = await stored(answer.body.data.url);
    expect(bytes.equals(photo)).toBe(false);
    expect(bytes.includes(CAMERA_MAKE)).toBe(false);
    expect(bytes.includes("Exif")).toBe(false);
    const kept = await sharp(bytes).metadata();
    expect(kept.format).toBe("jpeg");
    expect([kept.width, kept.height]).toEqual([24, 40]);
    expect(kept.orientation).toBeUndefined();
    expect(kept.exif).toBeUndefined();
    expect(exifHasGps(kept.exif)).toBe(false);
    expect(kept.xmp).toBeUndefined();
    expect(kept.icc).toBeUndefined();
    // Turned clockwise: the red left half of the stored pixels is now the top.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(12, 4)[0]).toBeGreaterThan(200);
    expect(pixel(12, 4)[2]).toBeLessThan(60);
    expect(pixel(12, 35)[2]).toBeGreaterThan(200);
    expect(pixel(12, 35)[0]).toBeLessThan(60);
  });

  it("stores an avatar photo the same way: upright, no EXIF", async () => {
    const { token } = await api.newUser();
    const url = (await upload(token, await phonePhoto(40, 24), "avatar")).body.data.url;
    const kept = await sharp(await stored(url)).metadata();
    expect([kept.width, kept.height, kept.exif, kept.orientation]).toEqual([24, 40, undefined, undefined]);
    const profile = await api.call("/userInfo/info", { body: { portraitUrl: url }, token });
    expect(profile.body.code).toBe(200);
  });

  it("leaves out what an uploader hides in a PNG's text chunks or after a GIF's end, and keeps a GIF's animation", async () => {
    const { token } = await api.newUser();
    const flat = await plainPng(8, 8);
    // After IHDR (8 + 25 bytes), where readers look for text.
    const withText = Buffer.concat([flat.subarray(0, 33), pngChunk("tEXt", Buffer.from("Comment\0<script>alert(1)</script>", "latin1")), flat.subarray(33)]);
    expect((await sharp(withText).metadata()).comments).toEqual([{ keyword: "Comment", text: "<script>alert(1)</script>" }]);
    const png = await stored((await upload(token, withText, "circle")).body.data.url);
    expect(png.includes("<script>")).toBe(false);
    expect((await sharp(png).metadata()).comments).toBeUndefined();

    const gif = await animatedGif(30, 20, 3);
    const polyglot = Buffer.concat([gif, Buffer.from("</script><script>alert(document.cookie)</script>")]);
    const answer = await upload(token, polyglot, "circle");
    expect(answer.body.data.url).toMatch(/\.gif$/);
    const kept = await stored(answer.body.data.url);
    expect(kept.includes("<script>")).toBe(false);
    const animation = await sharp(kept, { animated: true }).metadata();
    expect([animation.width, animation.pageHeight, animation.pages, animation.delay]).toEqual([30, 20, 3, [100, 100, 100]]);
  });

  it("scales to the purpose's longest side (avatar 640, cover 1280, circle 1920) and never enlarges", async () => {
    const { token } = await api.newUser();
    const wide = await plainJpeg(3000, 1000);
    const sizes: Record<Purpose, number[]> = { avatar: [640, 213], cover: [1280, 427], circle: [1920, 640] };
    for (const [purpose, size] of Object.entries(sizes)) {
      const url = (await upload(token, wide, purpose as Purpose)).body.data.url;
      const kept = await sharp(await stored(url)).metadata();
      expect([kept.width, kept.height], purpose).toEqual(size);
    }
    const small = (await upload(token, await plainPng(50, 30), "circle")).body.data.url;
    expect((await sharp(await stored(small)).metadata()).width).toBe(50);
  });
});

describe("malformed images", () => {
  it("refuses truncated, lying, empty, SVG and polyglot files with a message, and keeps serving", async () => {
    const { token } = await api.newUser();
    const photo = await phonePhoto(400, 300, { noise: 40 });
    const png = await plainPng(300, 200);
    const cases: [string, Buffer, Purpose][] = [
      ["truncated JPEG", photo.subarray(0, Math.floor(photo.length / 2)), "circle"],
      ["truncated PNG", png.subarray(0, png.length - 40), "avatar"],
      ["PNG signature and nothing valid", Buffer.concat([PNG_SIGNATURE, Buffer.from("IHDR but no more")]), "circle"],
      ["PNG whose header says 10×10 but whose data is missing", handmadePng(10, 10, 8, 2, Buffer.alloc(0)), "circle"],
      ["PNG signature and then an SVG", Buffer.concat([PNG_SIGNATURE, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')]), "circle"],
      ["JPEG start and then HTML", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")]), "cover"],
      ["GIF header and then a script", Buffer.from("GIF89a/*\x01\x00\x01\x00*/=1;</script><script>alert(document.cookie)</script>"), "circle"],
      ["a PNG's bytes scrambled after the header", Buffer.concat([png.subarray(0, 33), Buffer.alloc(200, 0x5a)]), "circle"],
    ];
    for (const [name, bytes, purpose] of cases) {
      for (const lang of ["zh", "en"] as const)
        expect((await upload(token, bytes, purpose, lang)).body, name).toEqual({ code: 400, message: UNREADABLE[lang] });
    }
    expect((await upload(token, Buffer.alloc(0), "circle")).body.code).toBe(400);
    expect((await upload(token, await plainJpeg(10, 10), "circle")).body.code).toBe(200);
  });

  it("answers every mutilation of a JPEG, a PNG and a GIF with an image or a refusal, never an exception", async () => {
    const samples: [Buffer, "image/jpeg" | "image/png" | "image/gif"][] = [
      [await phonePhoto(64, 48, { noise: 40 }), "image/jpeg"],
      [await plainPng(64, 48), "image/png"],
      [await animatedGif(16, 16, 2), "image/gif"],
    ];
    let seed = 26;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const { processImage } = await pipeline();
    const outcomes = { ok: 0, refused: 0 };
    for (const [original, type] of samples) {
      for (let round = 0; round < 60; round++) {
        const bytes = Buffer.from(original.subarray(0, round % 3 === 0 ? Math.floor(random() * original.length) : original.length));
        // Keep the magic number (so the upload path lets it through), then flip a few bytes anywhere after it.
        for (let flips = 0; flips < 1 + Math.floor(random() * 8); flips++) {
          const at = 4 + Math.floor(random() * Math.max(1, bytes.length - 4));
          if (at < bytes.length) bytes[at] = Math.floor(random() * 256);
        }
        const result = await processImage(bytes, type, "circle");
        outcomes[result.ok ? "ok" : "refused"]++;
        if (result.ok) expect(result.width * result.height).toBeLessThanOrEqual(MAX_PIXELS);
      }
    }
    expect(outcomes.ok + outcomes.refused).toBe(180);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 60_000);

  it("reads the size of what it stored without decoding it", async () => {
    const { token } = await api.newUser();
    const { storedImageSize } = await pipeline();
    const dir = uploadsDirFor(api.platform.db.name);
    for (const [bytes, purpose, size] of [
      [await plainJpeg(750, 420), "cover", [750, 420]],
      [await plainPng(300, 200), "circle", [300, 200]],
      [await animatedGif(30, 20, 2), "circle", [30, 20]],
    ] as const) {
      const name = (await upload(token, bytes, purpose)).body.data.url.split("name=")[1];
      expect(storedImageSize(dir, name)).toEqual({ width: size[0], height: size[1] });
    }
    expect(storedImageSize(dir, "0123456789abcdef0123456789abcdef.png")).toBeNull();
  });
});

describe("an article's cover", () => {
  it("is 750×420 (spec §5), as the article editor crops it; other sizes are refused in the writer's language", async () => {
    const { token } = await api.newUser();
    const content = "<p>正文</p>";
    const coverOf = async (width: number, height: number) => (await upload(token, await plainJpeg(width, height), "cover")).body.data.url as string;
    const released = await api.call("/essay/release", { body: { title: "封面", content, cover: await coverOf(750, 420) }, token, lang: "zh" });
    expect(released.body.code).toBe(200);
    for (const [width, height] of [
      [800, 450],
      [420, 750],
      [375, 210],
    ]) {
      const cover = await coverOf(width, height);
      expect((await api.call("/essay/release", { body: { title: "封面", content, cover }, token, lang: "zh" })).body).toEqual({
        code: 400,
        message: "封面图片须为750×420像素",
      });
      expect((await api.call("/essay/saveDraft", { body: { title: "封面", content, cover }, token, lang: "en" })).body).toEqual({
        code: 400,
        message: "The cover must be 750×420 pixels",
      });
    }
  });
});
