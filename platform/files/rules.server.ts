import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ApiContext } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { type ImageRefusal, type ImageType, MAX_FRAMES } from "@contracts/images.server.ts";

const EXTENSION: Record<ImageType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };
export const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif" };
/** The names this server gives out: 32 random hex digits and the extension of the type the bytes were. */
export const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|gif)$/;
const DOWNLOAD_PREFIX = "/api/file/download?name=";

/** Uploaded images live beside the database (data/uploads); an in-memory database gets a temporary folder. */
export function uploadsDirFor(databaseFile: string): string {
  const directory = databaseFile === ":memory:" ? mkdtempSync(join(tmpdir(), "uploads-")) : join(dirname(databaseFile), "uploads");
  mkdirSync(directory, { recursive: true });
  return directory;
}

/** Stores image bytes under a new random name and answers the URL /file/download serves them at. */
export function storeImage(uploadsDir: string, bytes: Uint8Array, type: ImageType): string {
  const name = `${randomBytes(16).toString("hex")}.${EXTENSION[type]}`;
  writeFileSync(join(uploadsDir, name), bytes);
  return `${DOWNLOAD_PREFIX}${name}`;
}

/** Whether a URL is one /file/upload gave out and its file is still there (posts and profiles only point at those). */
export function isStoredImageUrl(uploadsDir: string, url: unknown): boolean {
  if (typeof url !== "string" || !url.startsWith(DOWNLOAD_PREFIX)) return false;
  const name = url.slice(DOWNLOAD_PREFIX.length);
  return STORED_NAME.test(name) && existsSync(join(uploadsDir, name));
}

/** The uploader's message for an image the pipeline refused (images.server.ts), in their language. */
export function refusalMessage(context: ApiContext, reason: ImageRefusal["reason"]): string {
  if (reason === "tooManyPixels")
    return say(
      context,
      "图片像素过多（最多2400万像素），请缩小后再上传",
      "The image has too many pixels (at most 24 megapixels). Please make it smaller and try again",
    );
  if (reason === "tooManyFrames") return say(context, `动图帧数过多（最多${MAX_FRAMES}帧）`, `The animated image has too many frames (at most ${MAX_FRAMES})`);
  return say(context, "图片已损坏或无法读取，请换一张", "The image is damaged or cannot be read. Please choose another");
}
