/**
 * Images (issue 26, finding 4; ADR 041): an attacker posts decompression bombs — a 20000×20000 PNG, a tiny PNG whose
 * header says 100000×100000, an animated GIF whose frames add up past the limit — as circle images, an avatar and a
 * cover, and malformed files after them; a phone photo with EXIF GPS and orientation 6 goes into a circle post and an
 * avatar. Goal: every bomb and malformed file refused with a message, the server still answering, and what others are
 * served re-encoded, upright and without EXIF or GPS.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { CAMERA_MAKE, PNG_SIGNATURE, exifHasGps, handmadeGif, hugePng, lyingPng, phonePhoto } from "../unit/image-samples";
import { callAs, newPerson, printFigures, type Person } from "./support";

type Purpose = "avatar" | "cover" | "circle";

const upload = (request: Parameters<typeof newPerson>[0], person: Person, bytes: Buffer, purpose: Purpose) =>
  callAs(request, person, "/file/upload", { purpose, name: "photo.jpg", contentType: "image/jpeg", data: bytes.toString("base64") }) as Promise<{
    code: number;
    message?: string;
    data?: { url: string };
  }>;

test("decompression bombs and malformed images are refused, and the server keeps answering", async ({ request }) => {
  test.setTimeout(120_000);
  const attacker = await newPerson(request);
  const bombs: [string, Buffer][] = [
    ["20000×20000 PNG", hugePng()],
    ["100000×100000 header PNG", lyingPng()],
    ["GIF of 5 frames of 2500×2000", handmadeGif(2500, 2000, 5)],
  ];
  const malformed: [string, Buffer][] = [
    ["truncated JPEG", (await phonePhoto(400, 300, { noise: 40 })).subarray(0, 4000)],
    ["PNG signature then SVG", Buffer.concat([PNG_SIGNATURE, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')])],
    ["JPEG start then HTML", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")])],
    ["GIF header then script", Buffer.from("GIF89a/*\x01\x00\x01\x00*/=1;</script><script>alert(document.cookie)</script>")],
  ];
  const accepted: string[] = [];
  const times: number[] = [];
  let sent = 0;
  let refused = 0;
  for (const [name, bytes] of [...bombs, ...malformed]) {
    for (const purpose of ["circle", "avatar", "cover"] as Purpose[]) {
      if (name.startsWith("GIF") && purpose !== "circle") continue;
      const started = Date.now();
      const answer = await upload(request, attacker, bytes, purpose);
      times.push(Date.now() - started);
      sent++;
      if (answer.code === 400 && answer.message) refused++;
      else accepted.push(`${name} as ${purpose} → ${answer.code} ${answer.data?.url ?? ""}`);
    }
  }
  const healthy = (await request.get("/healthz")).ok();
  // After all that, an ordinary photo still goes through.
  const ordinary = await upload(request, attacker, await phonePhoto(640, 480), "circle");

  printFigures("Images: bombs and malformed files", {
    "uploads sent": sent,
    "refused with a message": refused,
    accepted: accepted.length,
    "largest bomb in pixels": "100000×100000 (10 gigapixels) in 68 bytes",
    "slowest refusal (ms)": Math.max(...times),
    "server answering afterwards": healthy ? "yes" : "no",
  });
  expect(accepted).toEqual([]);
  expect(refused).toBe(sent);
  expect(healthy).toBe(true);
  expect(ordinary.code).toBe(200);
});

test("a phone photo posted to the circle and set as avatar is served upright, re-encoded, without EXIF or GPS", async ({ request }) => {
  test.setTimeout(120_000);
  const poster = await newPerson(request);
  const photo = await phonePhoto(2048, 1536, { noise: 15 });
  const sentMeta = await sharp(photo).metadata();
  expect([sentMeta.width, sentMeta.height, sentMeta.orientation, exifHasGps(sentMeta.exif)]).toEqual([2048, 1536, 6, true]);

  const started = Date.now();
  const circleImage = await upload(request, poster, photo, "circle");
  const uploadMs = Date.now() - started;
  expect(circleImage.code).toBe(200);
  const added = await callAs(request, poster, "/circle/add", { content: "会场外的照片", images: [circleImage.data!.url] });
  expect(added.code).toBe(200);
  const postId = added.data.id;
  const detail = await (await request.get(`/api/circle/detail?id=${postId}`)).json();
  const avatar = await upload(request, poster, photo, "avatar");
  expect(avatar.code).toBe(200);
  expect((await callAs(request, poster, "/userInfo/info", { portraitUrl: avatar.data!.url })).code).toBe(200);

  const served: { url: string; bytes: Buffer }[] = [];
  for (const url of [detail.data.images[0] as string, avatar.data!.url]) {
    const response = await request.get(url);
    expect(response.ok()).toBe(true);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
    served.push({ url, bytes: Buffer.from(await response.body()) });
  }
  const leaks: string[] = [];
  const sizes: string[] = [];
  for (const { url, bytes } of served) {
    const meta = await sharp(bytes).metadata();
    sizes.push(`${meta.width}×${meta.height}`);
    if (bytes.equals(photo)) leaks.push(`${url}: the uploaded bytes`);
    if (meta.exif || exifHasGps(meta.exif) || bytes.includes(CAMERA_MAKE)) leaks.push(`${url}: EXIF`);
    if (meta.orientation !== undefined || meta.width >= meta.height) leaks.push(`${url}: not upright (${meta.width}×${meta.height}, ${meta.orientation})`);
  }

  printFigures("Images: a phone photo with GPS and orientation 6", {
    "photo sent": `${sentMeta.width}×${sentMeta.height}, ${(photo.length / 1024).toFixed(0)} KB, orientation 6, GPS`,
    "upload of the 3 MP photo (ms)": uploadMs,
    "served as (circle, avatar)": sizes.join(", "),
    "served with EXIF, GPS, sideways or as sent": leaks.length,
  });
  expect(leaks).toEqual([]);
  expect(sizes).toEqual(["1440×1920", "480×640"]);
});
