import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { imageUploadSchema, imageUploadValidators, profileSchema, profileValidators } from "@schemas/generated/form-kits.ts";
import type { ImageUploadForm, ProfileForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import { toUserObj, type Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { limitCostly } from "./community/rules.server.ts";
import { type ImagePurpose, type ImageRefusal, type ImageType, MAX_FRAMES, processImage, sniffImage } from "@contracts/images.server.ts";
import { readVariantQuery } from "@contracts/image-variants.ts";
import { createVariantStore } from "@contracts/image-variants.server.ts";

export type { ImageType };

const EXTENSION: Record<ImageType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };
const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif" };
/** The names this server gives out: 32 random hex digits and the extension of the type the bytes were. */
const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|gif)$/;

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
  return `/api/file/download?name=${name}`;
}

/** Whether a URL is one /file/upload gave out and its file is still there (posts and profiles only point at those). */
export function isStoredImageUrl(uploadsDir: string, url: unknown): boolean {
  if (typeof url !== "string" || !url.startsWith("/api/file/download?name=")) return false;
  const name = url.slice("/api/file/download?name=".length);
  return STORED_NAME.test(name) && existsSync(join(uploadsDir, name));
}

const plainAnswer = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain" } });

/** An image's bytes as served: never read as anything else, cached for a year (its URL never changes meaning). */
function imageAnswer(bytes: Buffer, contentType: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": contentType,
      // Never read as anything but the image it was stored as: a polyglot (a GIF header before a script) stays a GIF.
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

/** The uploader's message for an image the pipeline refused (images.server.ts), in their language. */
function refusalMessage(context: ApiContext, reason: ImageRefusal["reason"]): string {
  if (reason === "tooManyPixels")
    return say(
      context,
      "图片像素过多（最多2400万像素），请缩小后再上传",
      "The image has too many pixels (at most 24 megapixels). Please make it smaller and try again",
    );
  if (reason === "tooManyFrames") return say(context, `动图帧数过多（最多${MAX_FRAMES}帧）`, `The animated image has too many frames (at most ${MAX_FRAMES})`);
  return say(context, "图片已损坏或无法读取，请换一张", "The image is damaged or cannot be read. Please choose another");
}

/**
 * Image upload and download (spec §7 /file/upload, /file/download) and the user's own profile (/userInfo/info).
 * The body is JSON with the image as base64 (the API takes JSON and form bodies only; the body limit of this one path
 * is raised for it). The image-upload schema the browser checks the chosen file with checks here what the bytes really
 * are: their sniffed type and their decoded size, for the purpose named (avatar when none is). What passes goes
 * through the image pipeline (ADR 041): bombs and unreadable files are refused, and what is stored is the pipeline's
 * own encoding, upright, scaled to the purpose and without metadata.
 */
export function fileRoutes(db: Db, accounts: Accounts, uploadsDir: string): RouteDefinition[] {
  const uploadKit = formKit(imageUploadSchema, imageUploadValidators);

  const upload = async (context: ApiContext) => {
    const who = accounts.current(context);
    if ("envelope" in who) return who.envelope;
    const limited = limitCostly(context, db, who.user.id, "upload");
    if (limited) return limited;
    const data = typeof context.params.data === "string" ? context.params.data : "";
    const bytes = Buffer.from(data.replace(/^data:[^,]*,/, ""), "base64");
    const type = sniffImage(bytes);
    const checked = validateBody<ImageUploadForm>(
      { ...context, params: { purpose: context.params.purpose, contentType: type ?? "unrecognised", size: bytes.length } },
      uploadKit,
    );
    if (!checked.ok) return checked.envelope;
    const image = await processImage(bytes, type as ImageType, (checked.value.purpose ?? "avatar") as ImagePurpose);
    if (!image.ok) return fail(400, refusalMessage(context, image.reason));
    return ok({ url: storeImage(uploadsDir, image.bytes, image.type) });
  };

  // Variants are kept beside their originals (`<name>.w720.avif`), so every node sharing the uploads folder shares them.
  const variants = createVariantStore(uploadsDir);

  /** The stored image, or one of its variants (ADR 091) when `w` (and `f`) ask for one. */
  const download = async (context: ApiContext) => {
    const name = String(context.params.name ?? "");
    const file = join(uploadsDir, name);
    if (!STORED_NAME.test(name) || !existsSync(file)) return plainAnswer(404, "not found");
    const type = TYPE_OF_EXTENSION[name.slice(-3)];
    const asked = readVariantQuery(context.params.w, context.params.f);
    if (asked === null) return imageAnswer(readFileSync(file), type);
    if (asked === "invalid") return plainAnswer(400, "w must be 360, 720 or 1080 and f avif or webp");
    // A GIF may be animated: it is served as it is, in no other size.
    if (type === "image/gif") return plainAnswer(404, "GIF images have no variants");
    const variant = await variants.get(name, type, asked, async () => readFileSync(file));
    if (!variant) return plainAnswer(404, "not found");
    if (!variant.ok) return plainAnswer(422, `the image cannot be resized (${variant.reason})`);
    return imageAnswer(variant.bytes, variant.contentType);
  };

  const profile = accounts.withUser((context: ApiContext, user) => {
    const body = validateBody<ProfileForm>(context, formKit(profileSchema, profileValidators));
    if (!body.ok) return body.envelope;
    const { nickname, portraitUrl } = body.value;
    if (portraitUrl && !isStoredImageUrl(uploadsDir, portraitUrl)) return fail(400, say(context, "头像图片不存在", "The avatar image does not exist"));
    if (nickname !== undefined) db.prepare("UPDATE users SET nickname = ? WHERE id = ?").run(nickname, user.id);
    if (portraitUrl !== undefined) db.prepare("UPDATE users SET portrait_url = ? WHERE id = ?").run(portraitUrl, user.id);
    const updated = accounts.userById(user.id);
    return ok(updated ? toUserObj(updated) : null, say(context, "保存成功", "Saved"));
  });

  return [
    { method: "POST", path: "/file/upload", handler: upload },
    { method: "GET", path: "/file/download", handler: download },
    { method: "POST", path: "/userInfo/info", handler: profile },
  ];
}
