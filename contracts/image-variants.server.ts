/**
 * The variant maker (ADR 091): one width of a stored JPEG or PNG, as AVIF, WebP or its own format, on sharp. A
 * variant is made the first time it is asked for and kept on disk beside (or for) its original, so each costs its
 * encoding once; the widths and formats are the few the shared contract lists (image-variants.ts), never what a
 * request makes up.
 *
 * The input is the server's own encoding (processImage or the seed), but it is read with the same guards as an upload:
 * the header first (more than MAX_PIXELS refused before a pixel is decoded), then decoded with that pixel limit, a
 * time limit, and only the loaders images.server.ts leaves unblocked. Bytes libvips cannot read are a refusal, never an
 * exception that escapes. A variant is never wider than its original: an original narrower than the width asked for
 * is encoded at its own width.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { VARIANT_CONTENT_TYPE, type VariantFormat, type VariantWidth } from "./image-variants.ts";
import { MAX_PIXELS } from "./images.server.ts";

export type VariantSourceType = "image/jpeg" | "image/png";

export interface Variant {
  ok: true;
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** A variant as served: its bytes and their type. */
export type ServedVariant = Pick<Variant, "ok" | "bytes" | "contentType">;

export interface VariantRefusal {
  ok: false;
  reason: "tooManyPixels" | "unreadable";
  /** What libvips said, for logs and tests. */
  detail: string;
}

export interface VariantRequest {
  width: VariantWidth;
  /** Absent: the original's own format. */
  format?: VariantFormat;
}

const LIBVIPS_FORMAT: Record<VariantSourceType, string> = { "image/jpeg": "jpeg", "image/png": "png" };
const TIMEOUT_SECONDS = 15;
// AVIF at effort 3 is about a tenth of effort 9's CPU for a few percent more bytes; quality 50 is visually close to
// JPEG 80 on photos and charts alike. WebP 75 is its default look.
const AVIF = { quality: 50, effort: 3 };
const WEBP = { quality: 75, effort: 4 };
const JPEG_QUALITY = 80;

const refusal = (reason: VariantRefusal["reason"], detail: string): VariantRefusal => ({ ok: false, reason, detail });

/** One variant of a stored image sniffed as `type`: the width asked for (at most the original's) in the format asked for. */
export async function makeVariant(input: Buffer, type: VariantSourceType, request: VariantRequest): Promise<Variant | VariantRefusal> {
  try {
    if (input.length === 0) return refusal("unreadable", "empty");
    const header = await sharp(input, { limitInputPixels: false, failOn: "error" }).metadata();
    if (header.format !== LIBVIPS_FORMAT[type]) return refusal("unreadable", `expected ${type}, libvips read ${header.format}`);
    if (!(header.width > 0 && header.height > 0) || header.width * header.height > MAX_PIXELS)
      return refusal("tooManyPixels", `${header.width}×${header.height}`);
    const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error", animated: false })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .resize({ width: request.width, withoutEnlargement: true });
    if (request.format === "avif") pipeline.avif(AVIF);
    else if (request.format === "webp") pipeline.webp(WEBP);
    else if (type === "image/jpeg") pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
    else pipeline.png(header.isPalette ? { palette: true, quality: 100, compressionLevel: 9 } : { compressionLevel: 9 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const contentType = request.format ? VARIANT_CONTENT_TYPE[request.format] : type;
    return { ok: true, bytes: data, contentType, width: info.width, height: info.height };
  } catch (error) {
    return refusal("unreadable", error instanceof Error ? error.message : String(error));
  }
}

/** The file name a variant of `name` (`<stem>.jpg`) is kept under: `<stem>.w720.avif`, `<stem>.w360.jpg`. */
export function variantFileName(name: string, request: VariantRequest): string {
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}.w${request.width}.${request.format ?? name.slice(dot + 1)}`;
}

/** Writes a made variant whole under its name; a folder that cannot take it only means it is made again next time. */
function keep(file: string, bytes: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/**
 * Variants kept in a folder: the first request of each makes it (one at a time, so at most one image is being
 * encoded per process whatever arrives together; requests for the same variant meanwhile share that work) and
 * writes it there, later ones read it back. Files are written whole under a temporary name and renamed, so a reader
 * never sees half a variant, and two processes making the same variant write the same bytes.
 */
export function createVariantStore(directory: string) {
  mkdirSync(directory, { recursive: true });
  const making = new Map<string, Promise<Variant | VariantRefusal | null>>();
  let queue: Promise<unknown> = Promise.resolve();

  const make = (file: string, original: Buffer, type: VariantSourceType, request: VariantRequest) => {
    const turn = queue.then(async () => {
      const variant = await makeVariant(original, type, request);
      if (variant.ok) keep(file, variant.bytes);
      return variant;
    });
    queue = turn.catch(() => undefined);
    return turn;
  };

  /** The variant of the original stored as `name`, from disk or made now; null when there is no such original. */
  const get = async (
    name: string,
    type: VariantSourceType,
    request: VariantRequest,
    original: () => Promise<Buffer | null>,
  ): Promise<ServedVariant | VariantRefusal | null> => {
    const file = join(directory, variantFileName(name, request));
    const contentType = request.format ? VARIANT_CONTENT_TYPE[request.format] : type;
    if (existsSync(file)) return { ok: true, bytes: readFileSync(file), contentType };
    const pending = making.get(file);
    if (pending) return pending;
    const work = original()
      .then((bytes) => (bytes ? make(file, bytes, type, request) : null))
      .finally(() => making.delete(file));
    making.set(file, work);
    return work;
  };

  return { get };
}

export type VariantStore = ReturnType<typeof createVariantStore>;
