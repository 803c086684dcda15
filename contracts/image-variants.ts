/**
 * Images in sizes (ADR 091): the widths and formats an uploaded raster image is served in, and how a variant is
 * addressed. Shared by the browser (Art builds `srcset`s from it) and the servers that make the variants (the
 * platform's /file/download, the console's media library), so both read one rule.
 *
 * A variant is the original's URL with `w` (one of VARIANT_WIDTHS) and, for another format, `f` (avif or webp):
 * `/api/file/download?name=<32 hex>.jpg&w=720&f=avif`, `/media/<sha-256>.png?w=360`. The originals' names never change
 * meaning (random or content-addressed), so neither do their variants': every one is cached for a year as immutable.
 * Only the servers' own JPEG and PNG names have variants; GIFs (possibly animated), SVGs, data URLs and anything
 * from elsewhere are served and shown as they are.
 */

/** Phone widths in device pixels: a 390 px screen at 1×, 2× (a half-width poster or a full-width one) and 3×. */
export const VARIANT_WIDTHS = [360, 720, 1080] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
/** Formats made besides the original's own, best first: the order of a <picture>'s <source>s. */
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_CONTENT_TYPE: Record<VariantFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** Upload URLs the platform gives out (platform/files/rules.server.ts) and the console library's (server/ops/store). */
const UPLOAD = /^\/api\/file\/download\?name=[a-f0-9]{32}\.(?:jpg|png)$/;
const LIBRARY = /^\/media\/[a-f0-9]{64}\.(?:jpg|png)$/;

/** Whether the image at this URL is served in sizes: the servers' own JPEG and PNG names, nothing else. */
export function hasVariants(src: string): boolean {
  return UPLOAD.test(src) || LIBRARY.test(src);
}

/** The URL of one variant: the width, in the given format or (none) the original's. */
export function variantUrl(src: string, width: VariantWidth, format?: VariantFormat): string {
  const query = format ? `w=${width}&f=${format}` : `w=${width}`;
  return `${src}${src.includes("?") ? "&" : "?"}${query}`;
}

/** A `srcset` of every width in one format (or the original's), for an image that has variants. */
export function variantSrcSet(src: string, format?: VariantFormat): string {
  return VARIANT_WIDTHS.map((width) => `${variantUrl(src, width, format)} ${width}w`).join(", ");
}

/**
 * What a request's `w` and `f` ask for: null for the original (neither given), the variant, or "invalid" for any
 * other width or format (only the listed ones are ever made, so no request can make the server resize at will).
 */
export function readVariantQuery(w: unknown, f: unknown): { width: VariantWidth; format?: VariantFormat } | null | "invalid" {
  if (w === undefined && f === undefined) return null;
  const width = VARIANT_WIDTHS.find((candidate) => String(candidate) === w);
  if (!width) return "invalid";
  if (f === undefined) return { width };
  const format = VARIANT_FORMATS.find((candidate) => candidate === f);
  return format ? { width, format } : "invalid";
}
