/**
 * Uploads are judged by their bytes (magic numbers), never by the name or type the client declares: files whose names
 * and types lie are refused or stored as what they really are, and served back with that type and nosniff; what is
 * stored is the image pipeline's own encoding (ADR 041), so a polyglot that starts like a GIF keeps only the GIF.
 * Limits by purpose: avatars and covers JPG/PNG ≤ 2 MB, circle images JPG/PNG/GIF ≤ 5 MB; only the upload path takes
 * a body that large.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { sniffImage } from "@contracts/images.server";
import { bodyLimitFor } from "@platform/kernel/router.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { animatedGif, plainJpeg, plainPng } from "./image-samples";

const api = useEmbeddedPlatform("2027-05-01T08:00:00.000Z", { captchaTestMode: true });
const { call } = api;

/** Real images, so the pipeline decodes them (the sniffing cases below need only their first bytes). */
const JPEG = await plainJpeg(4, 4);
const PNG = await plainPng(4, 4);
const GIF = await animatedGif(4, 4, 1);
const MB = 1024 * 1024;

const upload = (token: string, body: Record<string, unknown>, lang: "zh" | "en" = "zh") => call("/file/upload", { body, token, lang });
const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64");

describe("sniffing", () => {
  it("knows JPEG, PNG and GIF (87a and 89a) by their first bytes, and nothing else", () => {
    expect(sniffImage(JPEG)).toBe("image/jpeg");
    expect(sniffImage(PNG)).toBe("image/png");
    expect(sniffImage(GIF)).toBe("image/gif");
    expect(sniffImage(Buffer.concat([Buffer.from("GIF87a"), Buffer.from([1, 0])]))).toBe("image/gif");
    const liars = [
      "<html><script>alert(1)</script></html>",
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      "<?php system($_GET['c']); ?>",
      "%PDF-1.7",
      "GIF88a....",
      "gif89a....",
      "\uFEFF<html>",
      "",
    ];
    for (const text of liars) expect(sniffImage(Buffer.from(text)), text).toBeNull();
    // Truncated headers: the magic number must be there in full, with something after it.
    for (const bytes of [
      [0xff, 0xd8],
      [0xff, 0xd8, 0xff],
      [0x89, 0x50, 0x4e, 0x47],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [...Buffer.from("GIF89")],
      [...Buffer.from("GIF89a")],
    ]) {
      expect(sniffImage(Buffer.from(bytes)), String(bytes)).toBeNull();
    }
    // A view into a larger buffer is read from its own start.
    expect(sniffImage(new Uint8Array(Buffer.concat([Buffer.from("xx"), PNG])).subarray(2))).toBe("image/png");
  });

  it("raises the body limit for the upload path only", () => {
    expect(bodyLimitFor("/file/upload")).toBe(8_000_000);
    expect(bodyLimitFor("/circle/add")).toBe(1_000_000);
    expect(bodyLimitFor("/file/upload/")).toBe(1_000_000);
  });
});

describe("/file/upload with files whose names and types lie", () => {
  it("refuses HTML, SVG and PHP named and declared as images, in the user's language", async () => {
    const { token } = await api.newUser();
    const cases: [Record<string, unknown>, "zh" | "en", string][] = [
      [{ name: "photo.jpg", contentType: "image/jpeg", data: base64("<html><script>alert(1)</script></html>") }, "zh", "请上传JPG或PNG格式的图片"],
      [
        { name: "logo.png", contentType: "image/png", purpose: "cover", data: base64('<svg xmlns="http://www.w3.org/2000/svg"/>') },
        "en",
        "Please upload a JPG or PNG image",
      ],
      [{ name: "shell.gif", contentType: "image/gif", purpose: "circle", data: base64("<?php system($_GET['c']); ?>") }, "zh", "请上传JPG、PNG或GIF格式的图片"],
      [{ name: "shell.gif", contentType: "image/gif", purpose: "circle", data: base64("<?php echo 1; ?>") }, "en", "Please upload a JPG, PNG or GIF image"],
      [{ name: "cut.jpg", contentType: "image/jpeg", purpose: "circle", data: base64(Buffer.from([0xff, 0xd8])) }, "zh", "请上传JPG、PNG或GIF格式的图片"],
      [{ contentType: "image/png", data: "" }, "zh", "请上传JPG或PNG格式的图片"],
    ];
    for (const [body, lang, message] of cases) {
      expect((await upload(token, body, lang)).body, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: 400, message });
    }
  });

  it("stores a PNG declared as a GIF as the PNG it is, and keeps GIFs out of avatars and covers", async () => {
    const { token } = await api.newUser();
    const stored = await upload(token, { name: "anim.gif", contentType: "image/gif", purpose: "circle", data: base64(PNG) });
    expect(stored.body.data.url).toMatch(/^\/api\/file\/download\?name=[a-f0-9]{32}\.png$/);
    const served = await api.raw("/file/download", { method: "GET", query: { name: stored.body.data.url.split("name=")[1] } });
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(sniffImage(Buffer.from(await served.arrayBuffer()))).toBe("image/png");
    for (const purpose of ["avatar", "cover"]) {
      expect((await upload(token, { contentType: "image/png", purpose, data: base64(GIF) })).body).toMatchObject({
        code: 400,
        message: "请上传JPG或PNG格式的图片",
      });
    }
    expect((await upload(token, { contentType: "image/gif", purpose: "circle", data: base64(GIF) })).body.data.url).toMatch(/\.gif$/);
  });

  it("serves a polyglot, a GIF that goes on as a script, as the GIF alone, only as image/gif, with nosniff and a sandbox", async () => {
    const { token } = await api.newUser();
    const polyglot = Buffer.concat([GIF, Buffer.from("=1;</script><script>alert(document.cookie)</script><html>")]);
    const stored = await upload(token, { name: "x.html", contentType: "text/html", purpose: "circle", data: base64(polyglot) });
    expect(stored.body.code).toBe(200);
    const name = stored.body.data.url.split("name=")[1];
    expect(name).toMatch(/^[a-f0-9]{32}\.gif$/);
    const served = await api.raw("/file/download", { method: "GET", query: { name } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/gif");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes("<script>")).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe("gif");
    // A script behind nothing but a GIF header is no image at all.
    const bare = Buffer.from("GIF89a/*\x01\x00\x01\x00*/=1;</script><script>alert(document.cookie)</script><html>");
    expect((await upload(token, { contentType: "image/gif", purpose: "circle", data: base64(bare) })).body.code).toBe(400);
  });

  it("stores every upload under a new random name, even the same bytes twice", async () => {
    const { token } = await api.newUser();
    const first = (await upload(token, { contentType: "image/jpeg", data: base64(JPEG) })).body.data.url;
    const second = (await upload(token, { contentType: "image/jpeg", data: base64(JPEG) })).body.data.url;
    expect(first).not.toBe(second);
  });

  it("limits sizes by purpose: 2 MB for avatars and covers, 5 MB for circle images", async () => {
    const { token } = await api.newUser();
    // A real JPEG padded after its end marker to the size wanted: decoders read up to the end marker.
    const image = (bytes: number) => base64(Buffer.concat([JPEG, Buffer.alloc(bytes - JPEG.length)]));
    expect((await upload(token, { purpose: "cover", contentType: "image/jpeg", data: image(2 * MB) })).body.code).toBe(200);
    expect((await upload(token, { purpose: "cover", contentType: "image/jpeg", data: image(2 * MB + 1) }, "en")).body).toMatchObject({
      code: 400,
      message: "The image must not exceed 2 MB",
    });
    expect((await upload(token, { purpose: "circle", contentType: "image/jpeg", data: image(5 * MB) })).body.code).toBe(200);
    expect((await upload(token, { purpose: "circle", contentType: "image/jpeg", data: image(5 * MB + 1) })).body).toMatchObject({
      code: 400,
      message: "图片大小不能超过5MB",
    });
    expect((await upload(token, { purpose: "poster", contentType: "image/jpeg", data: base64(JPEG) })).body).toMatchObject({
      code: 400,
      message: "上传用途不正确",
    });
    expect((await upload(token, { purpose: ["circle"], contentType: "image/jpeg", data: base64(JPEG) })).body.code).toBe(400);
    expect((await upload(token, { contentType: "image/jpeg", data: { nested: true } })).body.code).toBe(400);
  });

  it("asks for a session and limits how often one uploads", async () => {
    expect((await call("/file/upload", { body: { contentType: "image/jpeg", data: base64(JPEG) } })).body.code).toBe(401);
    const { token } = await api.newUser();
    let answer = await upload(token, { contentType: "image/jpeg", data: base64(JPEG) });
    let uploads = 0;
    while (answer.body.code === 200 && uploads < 500) {
      uploads++;
      answer = await upload(token, { contentType: "image/jpeg", data: base64(JPEG) });
    }
    expect(uploads).toBe(120);
    expect(answer.body).toMatchObject({ code: 429, message: "操作太频繁，请稍后再试" });
    api.advance(3_600_001);
    expect((await upload(token, { contentType: "image/jpeg", data: base64(JPEG) })).body.code).toBe(200);
  });
});
