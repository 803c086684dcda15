/**
 * The one way an uploaded image is turned into what this server stores and serves (ADR 041), on sharp (libvips).
 *
 * An upload's bytes are never stored as sent. The header is read first and an image of more than MAX_PIXELS pixels
 * (all frames of an animation together) or more than MAX_FRAMES frames is refused before a pixel is decoded: a
 * decompression bomb (a 1 MB PNG of 20000×20000, a 70-byte PNG whose header says 100000×100000) costs a header
 * read. What is let through is decoded with the same pixel limit given to libvips, turned upright by its EXIF
 * orientation, scaled to fit the purpose's longest side, and encoded again as the type it came in (JPEG as JPEG, PNG
 * as PNG, GIF as GIF, animation kept), without any metadata: no EXIF (GPS, camera, orientation), XMP, IPTC, ICC or
 * text chunks. Anything libvips cannot read (truncated, damaged, a header that lies, a type other than the sniffed
 * one) is a refusal, never an exception that escapes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

export type ImageType = "image/jpeg" | "image/png" | "image/gif";
export type ImagePurpose = "avatar" | "cover" | "circle";

/** The most pixels an upload may have, all frames counted: 24 MP, a phone's largest photo. */
export const MAX_PIXELS = 24_000_000;
/** The most frames an animated GIF may have. */
export const MAX_FRAMES = 200;
/**
 * The longest side each purpose is stored at, larger images scaled down (never up). They are the browser's own:
 * the profile editor scales avatars to 640 px, the article editor covers to 750×420 and body images to 1280 px (both
 * upload with the purpose cover), the circle's composer its images to 1920 px.
 */
export const LONGEST_SIDE: Record<ImagePurpose, number> = { avatar: 640, cover: 1280, circle: 1920 };
/** An article's cover (spec §5): exactly this size, as the article editor crops it. */
export const COVER_SIZE = { width: 750, height: 420 } as const;
/** Seconds libvips may spend on one image before it gives up (a pathological but small file). */
const TIMEOUT_SECONDS = 15;
/** Images processed at once; the rest wait their turn, so memory stays bounded whatever arrives together. */
const AT_ONCE = 2;
const JPEG_QUALITY = 82;

const FORMAT_OF: Record<ImageType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif" };

// libvips keeps recent operations cached (up to 50 MB); uploads are each seen once, so nothing is kept.
sharp.cache(false);
// Only the loaders this process needs exist: the three uploads need, and SVG from memory for the art the server draws
// itself (posters, share images; ADR 050). No TIFF, HEIF, WebP, PDF or other parser is ever reached, whatever the bytes
// say. An upload never reaches the SVG loader: it is sniffed as JPEG, PNG or GIF by its magic bytes first (which
// libvips reads the same way), and refused unless libvips read the sniffed format.
sharp.block({ operation: ["VipsForeignLoad"] });
sharp.unblock({ operation: ["VipsForeignLoadJpegBuffer", "VipsForeignLoadPngBuffer", "VipsForeignLoadNsgifBuffer", "VipsForeignLoadSvgBuffer"] });

export interface ProcessedImage {
  ok: true;
  bytes: Buffer;
  type: ImageType;
  width: number;
  /** The height of one frame. */
  height: number;
  frames: number;
}

export interface ImageRefusal {
  ok: false;
  reason: "tooManyPixels" | "tooManyFrames" | "unreadable";
  /** What libvips said, for logs and tests; never shown to the uploader. */
  detail: string;
}

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished image hands its turn straight to the next waiting one, so no newcomer slips in between.
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const refusal = (reason: ImageRefusal["reason"], detail: string): ImageRefusal => ({ ok: false, reason, detail });

/**
 * Makes the image to store from uploaded bytes the caller sniffed as `type`: a refusal for bombs and anything
 * unreadable, else new bytes of the same type, upright, scaled to the purpose and without metadata.
 */
export async function processImage(bytes: Uint8Array, type: ImageType, purpose: ImagePurpose): Promise<ProcessedImage | ImageRefusal> {
  try {
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (input.length === 0) return refusal("unreadable", "empty");
    // The header only: libvips reads dimensions and frame count without decoding pixels.
    const header = await sharp(input, { limitInputPixels: false, failOn: "error" }).metadata();
    if (header.format !== FORMAT_OF[type]) return refusal("unreadable", `sniffed ${type}, libvips read ${header.format}`);
    const frames = type === "image/gif" ? Math.max(1, header.pages ?? 1) : 1;
    if (frames > MAX_FRAMES) return refusal("tooManyFrames", `${frames} frames`);
    const pixels = header.width * header.height * frames;
    if (!(header.width > 0 && header.height > 0) || pixels > MAX_PIXELS) return refusal("tooManyPixels", `${header.width}×${header.height}×${frames}`);
    return await inTurn(() => reencode(input, type, purpose, header.isPalette));
  } catch (error) {
    return refusal("unreadable", error instanceof Error ? error.message : String(error));
  }
}

async function reencode(input: Buffer, type: ImageType, purpose: ImagePurpose, palette: boolean): Promise<ProcessedImage> {
  const side = LONGEST_SIDE[purpose];
  const pipeline = sharp(input, {
    limitInputPixels: MAX_PIXELS,
    failOn: "error",
    autoOrient: true,
    animated: type === "image/gif",
  })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
  if (type === "image/jpeg") pipeline.jpeg({ quality: JPEG_QUALITY });
  else if (type === "image/png") pipeline.png(palette ? { palette: true, quality: 100, compressionLevel: 9 } : { compressionLevel: 9 });
  else pipeline.gif();
  // No keepMetadata/withMetadata: libvips writes none of the input's EXIF, XMP, IPTC, ICC or comments.
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  const frames = info.pages ?? 1;
  return { ok: true, bytes: data, type, width: info.width, height: info.pageHeight ?? info.height, frames };
}

/**
 * The width and height of an image this server stored (its own encoding, written by processImage or the seed), read
 * from the header without libvips, synchronously: PNG IHDR, JPEG SOFn, GIF logical screen. Null when unknown.
 */
export function storedImageSize(uploadsDir: string, name: string): { width: number; height: number } | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(uploadsDir, name));
  } catch {
    return null;
  }
  if (bytes.length >= 24 && bytes.readUInt32BE(12) === 0x49484452) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && bytes.subarray(0, 3).toString("latin1") === "GIF") return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame header, height then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    at += 2 + length;
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The image type the bytes really are, by their magic numbers (JPEG FF D8 FF, the 8-byte PNG signature, GIF87a or
 * GIF89a), whatever name or type the client claimed; null for anything else, a truncated header included.
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length > 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return "image/jpeg";
  if (buffer.length > PNG_SIGNATURE.length && buffer.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return "image/png";
  const gifHeader = buffer.subarray(0, 6).toString("latin1");
  if (buffer.length > 6 && (gifHeader === "GIF87a" || gifHeader === "GIF89a")) return "image/gif";
  return null;
}
