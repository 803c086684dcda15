import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { imageUploadSchema, imageUploadValidators, profileSchema, profileValidators } from "@schemas/generated/form-kits.ts";
import type { ImageUploadForm, ProfileForm } from "@schemas/generated/forms.ts";
import { type ImagePurpose, type ImageType, processImage, sniffImage } from "@contracts/images.server.ts";
import { readVariantQuery } from "@contracts/image-variants.ts";
import { createVariantStore } from "@contracts/image-variants.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { toUserObj, type Accounts } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "../kernel/router.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import { limitCostly } from "../community/rules.server.ts";
import { updateProfile } from "./queries.server.ts";
import { isStoredImageUrl, refusalMessage, STORED_NAME, storeImage, TYPE_OF_EXTENSION } from "./rules.server.ts";

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

const uploadKit = formKit(imageUploadSchema, imageUploadValidators);

/** Checks what the bytes really are against the image-upload schema, runs them through the pipeline and stores them. */
function uploader(db: Db, accounts: Accounts, uploadsDir: string) {
  return async (context: ApiContext) => {
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
}

/** The stored image, or one of its variants (ADR 091) when `w` (and `f`) ask for one. */
function downloader(uploadsDir: string) {
  // Variants are kept beside their originals (`<name>.w720.avif`), so every node sharing the uploads folder shares them.
  const variants = createVariantStore(uploadsDir);
  return async (context: ApiContext) => {
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
  const profile = accounts.withUser((context: ApiContext, user) => {
    const body = validateBody<ProfileForm>(context, formKit(profileSchema, profileValidators));
    if (!body.ok) return body.envelope;
    const { nickname, portraitUrl } = body.value;
    if (portraitUrl && !isStoredImageUrl(uploadsDir, portraitUrl)) return fail(400, say(context, "头像图片不存在", "The avatar image does not exist"));
    updateProfile(db, user.id, { nickname, portraitUrl });
    const updated = accounts.userById(user.id);
    return ok(updated ? toUserObj(updated) : null, say(context, "保存成功", "Saved"));
  });
  return [
    { method: "POST", path: "/file/upload", handler: uploader(db, accounts, uploadsDir) },
    { method: "GET", path: "/file/download", handler: downloader(uploadsDir) },
    { method: "POST", path: "/userInfo/info", handler: profile },
  ];
}
