import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { toLang, type Lang } from "@contracts/language.ts";
import { SHARE_IMAGE_SIZE, shareableArt } from "~/seo/share-image.ts";

/** Where the art a share image is made from comes from: the seed's SVG posters and the platform's stored uploads. */
export interface ShareArtSource {
  /** The SVG of a seeded poster in a language, or null when there is no such item (embedded platform only). */
  posterSvg?: (id: number, lang: Lang) => Promise<string | null>;
  /** The bytes of a platform path (`/file/download?name=…`), or null when it answers anything but 200. */
  platformBytes: (path: string) => Promise<Buffer | null>;
}

async function artBytes(src: string, lang: Lang, source: ShareArtSource): Promise<Buffer | null> {
  const art = shareableArt(src);
  if (!art) return null;
  if (art.kind === "poster") {
    const svg = await source.posterSvg?.(art.id, lang);
    return svg ? Buffer.from(svg) : null;
  }
  return source.platformBytes(art.platformPath);
}

/**
 * `GET /media/share.jpg?src=…&lang=…`: the page's lead art as the 1200×630 JPEG that messaging apps and link-preview
 * crawlers draw (they do not draw SVG), made by sharp from the same SVG poster or the stored upload, cropped to fill.
 * Only art this site serves is taken (`shareableArt`), never a URL; results are kept in memory and cached for a day.
 */
export function shareImages(source: ShareArtSource): RequestHandler {
  const made = new LRUCache<string, Buffer>({ max: 200, maxSize: 40 * 1024 * 1024, sizeCalculation: (bytes) => bytes.length });
  return async (request, response) => {
    const src = typeof request.query.src === "string" ? request.query.src : "";
    const lang = toLang(typeof request.query.lang === "string" ? request.query.lang : undefined);
    const key = `${lang}|${src}`;
    let image = made.get(key);
    if (!image) {
      const bytes = await artBytes(src, lang, source);
      if (!bytes) {
        response.status(404).type("text/plain").send("not found");
        return;
      }
      const drawn = await sharp(bytes, { density: 216, limitInputPixels: 24_000_000 })
        .resize(SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height, { fit: "cover" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer()
        .catch(() => null);
      if (!drawn) {
        response.status(404).type("text/plain").send("not found");
        return;
      }
      image = drawn;
      made.set(key, image);
    }
    response.setHeader("Content-Type", "image/jpeg");
    response.setHeader("Cache-Control", "public, max-age=86400");
    response.send(image);
  };
}
