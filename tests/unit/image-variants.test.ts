/**
 * Images in sizes (ADR 091): the variant maker (widths never upscale, formats, pixel limit, bad bytes refused), the
 * disk store that keeps what it made, the shared URL rules, the platform's /file/download answering variants, and
 * Art's markup (a <picture> with AVIF and WebP sources for uploads, the same one <img> as before for anything else).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasVariants, readVariantQuery, variantSrcSet, variantUrl } from "@contracts/image-variants";
import { createVariantStore, makeVariant, variantFileName } from "@contracts/image-variants.server";
import { createEmbeddedPlatform } from "@platform/index.server";
import { storeImage } from "@platform/files/index.server";
import { Art, FillArt } from "../../widgets/parts/art";
import { handmadeGif, handmadePng, hugePng, lyingPng, plainJpeg, plainPng } from "./image-samples";

const UPLOAD = "/api/file/download?name=0123456789abcdef0123456789abcdef.jpg";
const LIBRARY = `/media/${"ab".repeat(32)}.png`;
const directories: string[] = [];
const temporary = (prefix: string) => {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  directories.push(directory);
  return directory;
};

// The server's own process reads nothing but JPEG, PNG, GIF and SVG (images.server.ts); the test reads what it made.
beforeAll(() => {
  sharp.unblock({ operation: ["VipsForeignLoadHeifBuffer", "VipsForeignLoadWebpBuffer"] });
});

afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

describe("the variant maker", () => {
  it("scales a wide photo down to each width in AVIF, WebP and its own format", async () => {
    const photo = await plainJpeg(2000, 1000);
    for (const [format, libvips, type] of [
      ["avif", "heif", "image/avif"],
      ["webp", "webp", "image/webp"],
      [undefined, "jpeg", "image/jpeg"],
    ] as const) {
      const variant = await makeVariant(photo, "image/jpeg", { width: 720, format });
      if (!variant.ok) throw new Error(variant.detail);
      const read = await sharp(variant.bytes).metadata();
      expect([read.format, read.width, read.height, variant.contentType]).toEqual([libvips, 720, 360, type]);
    }
  });

  it("never makes a variant wider than the original", async () => {
    const small = await plainPng(500, 250);
    for (const width of [720, 1080] as const) {
      const variant = await makeVariant(small, "image/png", { width, format: "webp" });
      if (!variant.ok) throw new Error(variant.detail);
      expect([variant.width, variant.height]).toEqual([500, 250]);
      expect((await sharp(variant.bytes).metadata()).width).toBe(500);
    }
  });

  it("refuses bad bytes, a header that lies, another format and a pixel bomb without throwing", async () => {
    expect(await makeVariant(Buffer.from("not an image at all"), "image/png", { width: 360 })).toMatchObject({ ok: false, reason: "unreadable" });
    expect(await makeVariant(Buffer.alloc(0), "image/jpeg", { width: 360 })).toMatchObject({ ok: false, reason: "unreadable" });
    // A header within the limit with almost no pixel data behind it.
    const hollow = handmadePng(800, 600, 8, 2, deflateSync(Buffer.alloc(10)));
    expect(await makeVariant(hollow, "image/png", { width: 360, format: "avif" })).toMatchObject({ ok: false, reason: "unreadable" });
    expect(await makeVariant(lyingPng(), "image/png", { width: 360, format: "avif" })).toMatchObject({ ok: false, reason: "tooManyPixels" });
    const jpeg = await plainJpeg(400, 200);
    expect(await makeVariant(jpeg, "image/png", { width: 360 })).toMatchObject({ ok: false, reason: "unreadable" });
    expect(await makeVariant(hugePng(), "image/png", { width: 360, format: "webp" })).toMatchObject({ ok: false, reason: "tooManyPixels" });
    const truncated = (await plainJpeg(800, 600)).subarray(0, 300);
    expect(await makeVariant(truncated, "image/jpeg", { width: 360 })).toMatchObject({ ok: false, reason: "unreadable" });
  });
});

describe("the variant store", () => {
  it("makes a variant once, keeps it on disk, and shares one making between requests that arrive together", async () => {
    const directory = temporary("variants-");
    const store = createVariantStore(directory);
    const photo = await plainJpeg(1600, 900);
    let reads = 0;
    const original = async () => {
      reads++;
      return photo;
    };
    const request = { width: 360, format: "avif" } as const;
    const [first, second] = await Promise.all([store.get("a.jpg", "image/jpeg", request, original), store.get("a.jpg", "image/jpeg", request, original)]);
    expect(reads).toBe(1);
    expect(first).toEqual(second);
    expect(readdirSync(directory)).toEqual(["a.w360.avif"]);
    const again = await store.get("a.jpg", "image/jpeg", request, original);
    expect(reads).toBe(1);
    expect(again).toMatchObject({ ok: true, contentType: "image/avif", bytes: first?.ok ? first.bytes : null });
    expect(await store.get("b.jpg", "image/jpeg", request, async () => null)).toBeNull();
    expect(await store.get("c.png", "image/png", request, async () => Buffer.from("broken"))).toMatchObject({ ok: false });
    expect(existsSync(join(directory, "c.w360.avif"))).toBe(false);
  });

  it("still serves a variant it could not keep (a folder gone or read-only)", async () => {
    const directory = temporary("variants-gone-");
    const store = createVariantStore(directory);
    rmSync(directory, { recursive: true });
    const variant = await store.get("d.png", "image/png", { width: 360, format: "webp" }, async () => plainPng(800, 400));
    expect(variant).toMatchObject({ ok: true, contentType: "image/webp" });
    expect(existsSync(directory)).toBe(false);
  });

  it("names variants after their original, width and format", () => {
    expect(variantFileName("abc.jpg", { width: 720, format: "webp" })).toBe("abc.w720.webp");
    expect(variantFileName("abc.png", { width: 1080 })).toBe("abc.w1080.png");
  });
});

describe("variant URLs", () => {
  it("gives variants only to the servers' own JPEG and PNG names", () => {
    expect(hasVariants(UPLOAD)).toBe(true);
    expect(hasVariants(LIBRARY)).toBe(true);
    for (const other of [
      "/api/file/download?name=0123456789abcdef0123456789abcdef.gif",
      "/media/poster/3.svg",
      "/avatar.svg",
      "https://cdn.example.com/a.jpg",
      "data:image/png;base64,AAAA",
      `${UPLOAD}&w=360`,
      "/media/clip.mp4",
    ])
      expect(hasVariants(other), other).toBe(false);
  });

  it("adds the width and format to the original's URL, and lists every width in a srcset", () => {
    expect(variantUrl(UPLOAD, 720, "avif")).toBe(`${UPLOAD}&w=720&f=avif`);
    expect(variantUrl(LIBRARY, 360)).toBe(`${LIBRARY}?w=360`);
    expect(variantSrcSet(LIBRARY, "webp")).toBe(`${LIBRARY}?w=360&f=webp 360w, ${LIBRARY}?w=720&f=webp 720w, ${LIBRARY}?w=1080&f=webp 1080w`);
  });

  it("reads only the listed widths and formats from a request", () => {
    expect(readVariantQuery(undefined, undefined)).toBeNull();
    expect(readVariantQuery("720", undefined)).toEqual({ width: 720 });
    expect(readVariantQuery("1080", "avif")).toEqual({ width: 1080, format: "avif" });
    for (const [w, f] of [
      ["700", undefined],
      ["720", "png"],
      [undefined, "webp"],
      ["99999", "webp"],
      [["720"], undefined],
    ])
      expect(readVariantQuery(w, f), `${w} ${f}`).toBe("invalid");
  });
});

describe("/file/download in sizes", () => {
  it("serves a stored image's variants as immutable, refuses other sizes, and gives GIFs none", async () => {
    const directory = temporary("files-variants-");
    const platform = createEmbeddedPlatform({ file: join(directory, "p.sqlite"), now: () => new Date("2027-05-01T08:00:00Z"), seed: false, log: () => {} });
    try {
      const uploads = join(directory, "uploads");
      const jpeg = storeImage(uploads, await plainJpeg(1280, 720), "image/jpeg").replace("/api", "");
      const gif = storeImage(uploads, handmadeGif(4, 4, 1), "image/gif").replace("/api", "");
      const get = (path: string) => platform.api.fetch(new Request(`http://platform${path}`));

      const avif = await get(`${jpeg}&w=720&f=avif`);
      expect(avif.status).toBe(200);
      expect(avif.headers.get("content-type")).toBe("image/avif");
      expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(720);
      const fallback = await get(`${jpeg}&w=360`);
      expect(fallback.headers.get("content-type")).toBe("image/jpeg");
      expect((await sharp(Buffer.from(await fallback.arrayBuffer())).metadata()).width).toBe(360);
      expect((await get(jpeg)).headers.get("content-type")).toBe("image/jpeg");

      expect((await get(`${jpeg}&w=500&f=webp`)).status).toBe(400);
      expect((await get(`${jpeg}&w=720&f=tiff`)).status).toBe(400);
      expect((await get(`${gif}&w=360&f=webp`)).status).toBe(404);
      expect((await get(gif)).status).toBe(200);
      // A variant's own file name is never served as an original.
      const stem = jpeg.slice(jpeg.indexOf("=") + 1, -4);
      expect((await get(`/file/download?name=${stem}.w720.avif`)).status).toBe(404);
    } finally {
      platform.close();
    }
  });
});

describe("Art in sizes", () => {
  const render = (props: Parameters<typeof Art>[0]) => renderToString(createElement(Art, props));

  it("offers an upload as AVIF, then WebP, then its own format, in phone widths, sized by where it shows", () => {
    const html = render({ src: UPLOAD, alt: "", shape: "poster", placement: "below", span: "half" });
    const sizes = "(min-width: 720px) 340px, 45vw";
    expect(html).toBe(
      `<picture class="art-picture"><source type="image/avif" srcSet="${variantSrcSet(UPLOAD, "avif").replaceAll("&", "&amp;")}" sizes="${sizes}"/>` +
        `<source type="image/webp" srcSet="${variantSrcSet(UPLOAD, "webp").replaceAll("&", "&amp;")}" sizes="${sizes}"/>` +
        `<img src="${UPLOAD}" srcSet="${variantSrcSet(UPLOAD).replaceAll("&", "&amp;")}" sizes="${sizes}" alt="" width="640" height="360" loading="lazy" decoding="async"/></picture>`,
    );
  });

  it("sizes banners across the page and portraits at their fixed size by default", () => {
    expect(render({ src: LIBRARY, alt: "", shape: "banner", placement: "visible" })).toContain('sizes="(min-width: 720px) 720px, 100vw"');
    expect(render({ src: LIBRARY, alt: "", shape: "portrait", placement: "below" })).toContain('sizes="96px"');
  });

  it("keeps the size the markup gives an avatar or a thumbnail, and picks the variant by its span", () => {
    const avatar = render({ src: UPLOAD, alt: "", shape: "portrait", placement: "below", box: { width: 32, height: 32 } });
    expect(avatar).toContain('sizes="96px"');
    expect(avatar).toContain('alt="" width="32" height="32" loading="lazy" decoding="async"/></picture>');
    const thumbnail = render({ src: UPLOAD, alt: "", shape: "poster", span: "thumb", placement: "visible", box: { width: 96, height: 54 } });
    expect(thumbnail).toContain('<source type="image/avif"');
    expect(thumbnail).toContain('sizes="132px" alt="" width="96" height="54" decoding="async"/></picture>');
  });

  it("preloads the lead upload as the AVIF srcset it will use", () => {
    const html = render({ src: UPLOAD, alt: "", shape: "poster", placement: "lead" });
    expect(html).toContain(
      `<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="${variantSrcSet(UPLOAD, "avif").replaceAll("&", "&amp;")}" imageSizes="(min-width: 720px) 720px, 100vw"/>`,
    );
    expect(html.match(/<link /g)).toHaveLength(1);
  });

  it("fills a circle grid's cell with an upload in sizes, lazily, and leaves other images one <img>", () => {
    const html = renderToString(createElement(FillArt, { src: UPLOAD, alt: "图 1", sizes: "118px" }));
    expect(html).toContain('<source type="image/avif"');
    expect(html).toContain(
      `<img src="${UPLOAD}" srcSet="${variantSrcSet(UPLOAD).replaceAll("&", "&amp;")}" sizes="118px" alt="图 1" loading="lazy"/></picture>`,
    );
    expect(renderToString(createElement(FillArt, { src: "/api/file/download?name=2-1.png", alt: "图 1", sizes: "118px" }))).toBe(
      '<img src="/api/file/download?name=2-1.png" alt="图 1" loading="lazy"/>',
    );
  });

  it("renders art without variants exactly as before: one <img>", () => {
    // (React itself hints a visible <img>'s src as a preload when it renders a lone fragment.)
    expect(render({ src: "/media/poster/3.svg", alt: "", shape: "poster", placement: "visible", className: "detail-cover" })).toBe(
      '<link rel="preload" as="image" href="/media/poster/3.svg"/><img class="detail-cover" src="/media/poster/3.svg" alt="" width="640" height="360" decoding="async"/>',
    );
    expect(render({ src: "https://cdn.example.com/a.jpg", alt: "x", shape: "portrait", placement: "below" })).toBe(
      '<img src="https://cdn.example.com/a.jpg" alt="x" width="96" height="96" loading="lazy" decoding="async"/>',
    );
    expect(render({ src: "/media/poster/3.svg", alt: "", shape: "poster", placement: "lead" })).toContain(
      '<link rel="preload" href="/media/poster/3.svg" as="image" fetchPriority="high"/>',
    );
  });
});
