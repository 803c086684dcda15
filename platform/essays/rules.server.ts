import type { EssayForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { publicName, publicNameEn, type Accounts, type UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { isStoredImageUrl } from "../files/index.server.ts";
import { COVER_SIZE, storedImageSize } from "@contracts/images.server.ts";
import { type CommentTarget, limitCostly, refuseRiskWords } from "../community/rules.server.ts";
import { plainText, sanitizeRichText } from "../rich-text/index.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { EssayRow, Visibility } from "./queries.server.ts";
import type { EssayRendering } from "./rendering.server.ts";

/** What the essay handlers work with. */
export interface EssayArea {
  db: Db;
  accounts: Accounts;
  uploadsDir: string;
  rendering: EssayRendering;
}

/** The fields the editor edits. */
export interface EssayFields {
  title: string;
  intro: string;
  content: string;
  cover: string;
  visibility: Visibility;
}

/** A writer keeps at most this many drafts; autosave updates one, so only a flood of new drafts reaches it. */
const MAX_DRAFTS = 50;
/** A summary made from the text when the writer gives no intro. */
const SUMMARY_CHARS = 120;

function summaryOf(intro: string, content: string): string {
  if (intro) return intro;
  const text = plainText(content);
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text;
}

/** The text as the editor edits it: the released fields with the pending edits applied. */
export function editableOf(row: EssayRow): EssayFields {
  const current: EssayFields = { title: row.title, intro: row.intro, content: row.content, cover: row.cover, visibility: row.visibility };
  return row.pending ? { ...current, ...(JSON.parse(row.pending) as Partial<EssayFields>) } : current;
}

/** The writer's rich text: allow-listed HTML; a formula-only or image-only text is not empty. */
function isEmptyContent(html: string): boolean {
  return !plainText(html) && !/<(img|math)\b/i.test(html);
}

/**
 * The article from a validated body, content sanitised. A body is the whole article as the editor shows it: a field
 * left out is empty (validateBody drops blank strings, so "cleared" and "left out" are the same thing).
 */
export const fieldsFrom = (body: EssayForm): EssayFields => ({
  title: body.title ?? "",
  intro: body.intro ?? "",
  content: body.content !== undefined ? sanitizeRichText(body.content) : "",
  cover: body.cover ?? "",
  visibility: body.visibility ?? "public",
});

/** The essay the writer names, or the envelope refusing: 404 unknown or removed, 403 someone else's. */
export function ownEssay(db: Db, context: ApiContext, user: UserRow, id: number): { row: EssayRow } | { envelope: Envelope } {
  const row = queries.essayById(db, id);
  if (!row) return { envelope: fail(404, say(context, "文章不存在", "No such article")) };
  if (row.user_id !== user.id) return { envelope: fail(403, say(context, "只能编辑或删除自己的文章", "You can only edit or delete your own articles")) };
  return { row };
}

/**
 * A cover must be an image /file/upload gave out that is still stored (the schema already checked its shape), of
 * the spec's 750×420 (§5), as the article editor crops it (ADR 041). The cover the article already has is kept as it
 * is (older ones may differ).
 */
function coverMissing(area: EssayArea, context: ApiContext, cover: string, existing: EssayRow | null): Envelope | null {
  if (!cover || cover === existing?.cover) return null;
  if (!isStoredImageUrl(area.uploadsDir, cover))
    return fail(400, say(context, "封面图片不存在，请重新上传", "The cover image is gone. Please upload it again"));
  const size = storedImageSize(area.uploadsDir, cover.slice(cover.indexOf("name=") + "name=".length));
  if (size?.width !== COVER_SIZE.width || size.height !== COVER_SIZE.height)
    return fail(
      400,
      say(context, `封面图片须为${COVER_SIZE.width}×${COVER_SIZE.height}像素`, `The cover must be ${COVER_SIZE.width}×${COVER_SIZE.height} pixels`),
    );
  return null;
}

/** Writes the fields as the essay's text (a new essay when id is null), in one transaction; answers the id. */
function writeEssay(area: EssayArea, user: UserRow, id: number | null, fields: EssayFields, status: "draft" | "released", now: string): number {
  return area.db.transaction((): number => {
    const values: queries.EssayValues = {
      ...fields,
      summary: summaryOf(fields.intro, fields.content),
      author: publicName(user),
      authorEn: publicNameEn(user),
      userId: user.id,
      status,
      now,
      releasedAt: status === "released" ? now : null,
    };
    const written = id ?? queries.insertEssay(area.db, values);
    if (id !== null) queries.updateEssay(area.db, id, values);
    area.rendering.renderStaleEssays(written);
    return written;
  })();
}

/** Saves a draft, or the pending edits of a released essay (readers keep the released text until the next release). */
export function saveDraft(area: EssayArea, context: ApiContext, user: UserRow, fields: EssayFields, existing: EssayRow | null): Envelope {
  const { db } = area;
  const now = context.now().toISOString();
  const refusal = coverMissing(area, context, fields.cover, existing);
  if (refusal) return refusal;
  if (existing?.essay_status === "released") {
    queries.savePending(db, existing.item_id, JSON.stringify(fields), now);
    return ok({ id: existing.item_id, status: "released", updateTime: now }, say(context, "已保存", "Saved"));
  }
  if (!existing) {
    if (queries.draftCount(db, user.id) >= MAX_DRAFTS)
      return fail(400, say(context, `草稿最多${MAX_DRAFTS}篇，请先发布或删除一些`, `You can keep at most ${MAX_DRAFTS} drafts. Release or delete some first`));
    const limited = limitCostly(context, db, user.id, "draft");
    if (limited) return limited;
  }
  const id = writeEssay(area, user, existing?.item_id ?? null, fields, "draft", now);
  return ok({ id, status: "draft", updateTime: now }, say(context, "草稿已保存", "Draft saved"));
}

/** Releases an essay: title, cover and content required, the cover stored, no risk word, within the posting limits. */
export function releaseEssay(area: EssayArea, context: ApiContext, user: UserRow, fields: EssayFields, existing: EssayRow | null): Envelope {
  if (!fields.title || !fields.cover || isEmptyContent(fields.content))
    return fail(400, say(context, "标题/内容/封面不能为空", "title/content/cover cannot be empty"), {
      fields: { title: !fields.title, content: isEmptyContent(fields.content), cover: !fields.cover },
    });
  const refusal =
    coverMissing(area, context, fields.cover, existing) ??
    refuseRiskWords(context, area.db, fields.title, fields.intro, plainText(fields.content)) ??
    limitCostly(context, area.db, user.id, "post");
  if (refusal) return refusal;
  const now = context.now().toISOString();
  const id = writeEssay(area, user, existing?.item_id ?? null, fields, "released", now);
  return ok({ id, status: "released", updateTime: now }, say(context, "发布成功", "Released"));
}

/** Essays take comments from those who may read them; the count on the essay follows. */
export function essayCommentTarget(db: Db): CommentTarget {
  return {
    kind: "essay",
    ownerIfVisible: (targetId, viewerId) => queries.visibleWriter(db, targetId, viewerId)?.user_id ?? null,
    onCountChange: (targetId, delta) => {
      queries.addCommentCount(db, targetId, delta);
    },
  };
}
