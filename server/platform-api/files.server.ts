import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { avatarUploadSchema, avatarUploadValidators, profileSchema, profileValidators } from "@schemas/generated/form-kits.ts";
import type { AvatarUploadForm, ProfileForm } from "@schemas/generated/forms.ts";
import type { Db } from "./db.server.ts";
import { toUserObj, type Accounts } from "./accounts.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./router.server.ts";
import { allowAll, formKit, say, validateBody } from "./support.server.ts";

const UPLOADS_PER_HOUR = 30;
const UPLOADS_PER_HOUR_PER_ADDRESS = 100;
const NAME = /^[A-Za-z0-9]+\.(jpg|png)$/;

/** Uploaded images live beside the database (data/uploads); an in-memory database gets a temporary folder. */
export function uploadsDirFor(databaseFile: string): string {
  const directory = databaseFile === ":memory:" ? mkdtempSync(join(tmpdir(), "uploads-")) : join(dirname(databaseFile), "uploads");
  mkdirSync(directory, { recursive: true });
  return directory;
}

/** The type the bytes really are, whatever the client claimed: only JPEG and PNG are kept. */
function sniff(bytes: Buffer): "image/jpeg" | "image/png" | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  return null;
}

/**
 * Image upload and download (spec §7 /file/upload, /file/download) and the user's own profile (/userInfo/info).
 * The body is JSON with the image as base64, because the API takes JSON and form bodies only; the browser compresses
 * avatars first, so they stay far below the body limit. The same avatar-upload schema as the browser checks type and size.
 */
export function fileRoutes(db: Db, accounts: Accounts, uploadsDir: string): RouteDefinition[] {
  const upload = accounts.withUser((context: ApiContext, user) => {
    const data = typeof context.params.data === "string" ? context.params.data : "";
    const bytes = Buffer.from(data.replace(/^data:[^,]*,/, ""), "base64");
    const checked = validateBody<AvatarUploadForm>(
      { ...context, params: { contentType: context.params.contentType, size: bytes.length } },
      formKit(avatarUploadSchema, avatarUploadValidators),
    );
    if (!checked.ok) return checked.envelope;
    const type = sniff(bytes);
    if (!type || type !== checked.value.contentType) return fail(400, say(context, "请上传JPG或PNG格式的图片", "Please upload a JPG or PNG image"));
    const limits = [
      { bucket: `upload:${user.id}`, max: UPLOADS_PER_HOUR },
      { bucket: `upload-ip:${context.ip}`, max: UPLOADS_PER_HOUR_PER_ADDRESS },
    ];
    if (!allowAll(db, limits, 3_600_000, context.now().getTime())) {
      return fail(429, say(context, "上传过于频繁，请稍后再试", "Too many uploads. Please try again later"));
    }
    const name = `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${type === "image/png" ? "png" : "jpg"}`;
    const file = join(uploadsDir, name);
    if (!existsSync(file)) writeFileSync(file, bytes);
    return ok({ url: `/api/file/download?name=${name}` });
  });

  const download = (context: ApiContext) => {
    const name = String(context.params.name ?? "");
    const file = join(uploadsDir, name);
    if (!NAME.test(name) || !existsSync(file)) return new Response("not found", { status: 404, headers: { "Content-Type": "text/plain" } });
    return new Response(new Uint8Array(readFileSync(file)), {
      headers: { "Content-Type": name.endsWith(".png") ? "image/png" : "image/jpeg", "Cache-Control": "public, max-age=31536000, immutable" },
    });
  };

  const profile = accounts.withUser((context: ApiContext, user) => {
    const body = validateBody<ProfileForm>(context, formKit(profileSchema, profileValidators));
    if (!body.ok) return body.envelope;
    const { nickname, portraitUrl } = body.value;
    if (portraitUrl && !existsSync(join(uploadsDir, portraitUrl.split("name=")[1])))
      return fail(400, say(context, "头像图片不存在", "The avatar image does not exist"));
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
