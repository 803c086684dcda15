import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVariantStore, type VariantRequest } from "@contracts/image-variants.server.ts";
import { sniffImage } from "@contracts/images.server.ts";
import { processImage } from "@contracts/images.server.ts";
import { ALT_MAX_LENGTH, MEDIA_PREFIX, type MediaItem } from "@contracts/ops-library.ts";
import { audit, ConsoleRefusal } from "./answers.server.ts";
import type { MediaBucket } from "./media-bucket.server.ts";
import type { SqlEngine, SqlRunner } from "./sql-engine.server.ts";

/**
 * The console's media library (ADR 072): images re-encoded by the one image pipeline (ADR 041: pixel and frame limits,
 * upright, no metadata), kept where every node reaches them — as bytes in the console's store, or in an S3-compatible
 * bucket when one is configured (ADR 093) — named by their SHA-256 so their URL never changes meaning and is cached
 * for a year. A replaced image keeps serving at its URL (pages that named it stay whole); the library lists only the
 * newest of each. An image kept in the database before a bucket was configured is still served from there.
 */

const EXTENSION_OF = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" } as const;
const TYPE_OF: Record<string, keyof typeof EXTENSION_OF> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif" };

interface MediaRow {
  id: number;
  hash: string;
  content_type: keyof typeof EXTENSION_OF;
  width: number;
  height: number;
  alt_zh: string;
  alt_en: string;
  uploaded_by: string;
  uploaded_at: string;
  replaced_by: number | null;
}

/**
 * Where this node keeps the library's variants: made on first request from the bytes in the store and named by the
 * original's hash, so every node makes the same files and none needs sharing (a lost folder is made again).
 */
const DEFAULT_VARIANTS_DIRECTORY = join(tmpdir(), "econscholar-media-variants");

const COLUMNS = "id, hash, content_type, width, height, alt_zh, alt_en, uploaded_by, uploaded_at, replaced_by";

/** An image's content-addressed name (`<sha-256>.<ext>`): the last part of its URL and its key in the bucket. */
const fileName = (hash: string, type: keyof typeof EXTENSION_OF) => `${hash}.${EXTENSION_OF[type]}`;

export const mediaUrl = (hash: string, type: keyof typeof EXTENSION_OF) => `${MEDIA_PREFIX}${fileName(hash, type)}`;

const itemOf = (row: MediaRow, replaces: number | null = null): MediaItem => ({
  id: row.id,
  url: mediaUrl(row.hash, row.content_type),
  contentType: row.content_type,
  width: row.width,
  height: row.height,
  alt: { zh: row.alt_zh, en: row.alt_en },
  uploadedBy: row.uploaded_by,
  uploadedAt: row.uploaded_at,
  replaces,
});

/** Both alt texts, trimmed; a refusal naming the field that is missing or too long. */
export function altTexts(params: Record<string, unknown>): { zh: string; en: string } {
  const read = (field: "altZh" | "altEn") => {
    const value = typeof params[field] === "string" ? (params[field] as string).trim() : "";
    if (!value) throw new ConsoleRefusal(400, `${field} is required`, { field });
    if (value.length > ALT_MAX_LENGTH) throw new ConsoleRefusal(400, `${field} is longer than ${ALT_MAX_LENGTH} characters`, { field });
    return value;
  };
  return { zh: read("altZh"), en: read("altEn") };
}

/** The media library on either engine, its bytes in the database or in `bucket`, its phone widths made on request. */
export function createMediaLibrary(engine: SqlEngine, bucket: MediaBucket | null = null, variantsDirectory = DEFAULT_VARIANTS_DIRECTORY) {
  const variants = createVariantStore(variantsDirectory);
  const byId = (runner: SqlRunner, id: number) => runner.get<MediaRow>(`SELECT ${COLUMNS} FROM ops_media WHERE id = ?`, [id]);

  /** Re-encodes the upload (refusing what the pipeline refuses) and keeps it; the same bytes twice are one item. */
  const upload = async (input: { bytes: Uint8Array; alt: { zh: string; en: string }; by: string; at: Date; replaces?: number }): Promise<MediaItem> => {
    const type = sniffImage(input.bytes);
    if (!type) throw new ConsoleRefusal(415, "only JPEG, PNG and GIF images are taken", { field: "file" });
    const image = await processImage(input.bytes, type, "circle");
    if (!image.ok) throw new ConsoleRefusal(422, `the image was refused: ${image.reason}`, { field: "file", reason: image.reason });
    const hash = createHash("sha256").update(image.bytes).digest("hex");
    // In the bucket before the row is committed, so no row names an object that is not there; the same bytes again
    // are the same object, so a retry or a duplicate costs nothing.
    if (bucket) await bucket.put(fileName(hash, image.type), image.bytes, image.type, hash);
    return engine.transaction(async (tx) => {
      await tx.lock(`media:${hash}`);
      const replaced = input.replaces === undefined ? null : await byId(tx, input.replaces);
      if (input.replaces !== undefined && (!replaced || replaced.replaced_by !== null)) throw new ConsoleRefusal(404, "no current media item with that id");
      const existing = await tx.get<MediaRow>(`SELECT ${COLUMNS} FROM ops_media WHERE hash = ?`, [hash]);
      if (existing && existing.id === replaced?.id) throw new ConsoleRefusal(409, "the new image is the same as the one it replaces", { field: "file" });
      const row =
        existing ??
        (await tx.get<MediaRow>(
          `INSERT INTO ops_media (hash, content_type, bytes, stored_in, width, height, alt_zh, alt_en, uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
          [
            hash,
            image.type,
            bucket ? Buffer.alloc(0) : image.bytes,
            bucket ? "bucket" : "database",
            image.width,
            image.height,
            input.alt.zh,
            input.alt.en,
            input.by,
            input.at.toISOString(),
          ],
        ));
      if (!row) throw new Error("the media row was not written");
      if (replaced) await tx.run("UPDATE ops_media SET replaced_by = ? WHERE id = ?", [row.id, replaced.id]);
      await audit(tx, input.at, input.by, replaced ? "replaceMedia" : "uploadMedia", {
        detail: replaced ? `${mediaUrl(replaced.hash, replaced.content_type)} → ${itemOf(row).url}` : itemOf(row).url,
      });
      return itemOf(row, replaced?.id ?? null);
    });
  };

  /** The newest of each image, newest first; `search` matches either alt text, case-insensitively. */
  const list = async (search: string, limit: number, before: number): Promise<MediaItem[]> => {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const rows = await engine.all<MediaRow>(
      `SELECT ${COLUMNS} FROM ops_media WHERE replaced_by IS NULL AND id < ? AND (LOWER(alt_zh) LIKE ? ESCAPE '\\' OR LOWER(alt_en) LIKE ? ESCAPE '\\') ORDER BY id DESC LIMIT ?`,
      [before, pattern, pattern, limit],
    );
    return rows.map((row) => itemOf(row));
  };

  const describe = async (id: number, alt: { zh: string; en: string }, by: string, at: Date): Promise<MediaItem> =>
    engine.transaction(async (tx) => {
      const row = await tx.get<MediaRow>(`UPDATE ops_media SET alt_zh = ?, alt_en = ? WHERE id = ? RETURNING ${COLUMNS}`, [alt.zh, alt.en, id]);
      if (!row) throw new ConsoleRefusal(404, "no media item with that id");
      await audit(tx, at, by, "describeMedia", { detail: itemOf(row).url });
      return itemOf(row);
    });

  /**
   * The bytes served at a library URL's name (`<hash>.<ext>`), or one of its variants (ADR 091) when asked; null for
   * a name the library does not hold, a GIF's variant (GIFs have none) or an image that cannot be resized.
   */
  const file = async (name: string, asked: VariantRequest | null = null): Promise<{ bytes: Buffer; contentType: string } | null> => {
    const match = /^([0-9a-f]{64})\.(jpg|png|gif)$/.exec(name);
    if (!match) return null;
    const row = await engine.get<{ content_type: string; stored_in: "database" | "bucket" }>("SELECT content_type, stored_in FROM ops_media WHERE hash = ?", [
      match[1],
    ]);
    const type = TYPE_OF[match[2]];
    if (!row || row.content_type !== type) return null;
    const originalBytes = async (): Promise<Buffer | null> => {
      if (row.stored_in === "bucket") {
        if (!bucket) throw new Error(`${name} is kept in the media bucket, but MEDIA_S3_* are not set on this node`);
        return bucket.get(name);
      }
      const stored = await engine.get<{ bytes: Buffer }>("SELECT bytes FROM ops_media WHERE hash = ?", [match[1]]);
      return stored ? Buffer.from(stored.bytes) : null;
    };
    if (!asked) {
      const bytes = await originalBytes();
      return bytes && { bytes, contentType: type };
    }
    if (type === "image/gif") return null;
    const variant = await variants.get(name, type, asked, originalBytes);
    return variant?.ok ? { bytes: variant.bytes, contentType: variant.contentType } : null;
  };

  return { upload, list, describe, file };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
