import { essaySchema, essayValidators } from "@schemas/generated/form-kits.ts";
import type { EssayForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import { publicName, publicNameEn, type Accounts, type UserRow } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { paging, toItem, type ItemRow } from "./content.server.ts";
import { isStoredImageUrl } from "./files.server.ts";
import { COVER_SIZE, storedImageSize } from "./images.server.ts";
import { type CommentTarget, isBlocked, limitCostly, notBlockedSql, positiveId, refuseRiskWords, viewerIdOf, visibleSql } from "./community.server.ts";
import { createEssayRendering } from "./essay-rendering.server.ts";
import { plainText, sanitizeRichText } from "./rich-text.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";

/**
 * Articles people write (spec §3, §4, §7 /essay/*), ADR 023. An essay is an item of kind 'essay' plus its essays row.
 * Drafts autosave; a released essay's later edits wait in `pending` until released again, so readers never see half an
 * edit. Visibility (public, only me, followers, mutual follows) is applied in SQL on every read, blocked writers vanish
 * from the blocker's lists, and only the writer edits or removes.
 */

type Visibility = "public" | "self" | "followers" | "mutual";

/** The fields the editor edits. */
interface EssayFields {
  title: string;
  intro: string;
  content: string;
  cover: string;
  visibility: Visibility;
}

interface EssayRow extends ItemRow {
  item_id: number;
  user_id: number;
  intro: string;
  content: string;
  content_en: string;
  content_html: string | null;
  content_en_html: string | null;
  rendered_with: string | null;
  visibility: Visibility;
  essay_status: "draft" | "released" | "removed";
  pending: string | null;
  comment_count: number;
  updated_at: string;
  released_at: string | null;
  created_at: string;
  nickname: string;
  nickname_en: string;
  user_name: string;
  portrait_url: string;
  praise_count: number | null;
  collect_count: number | null;
}

/** A writer keeps at most this many drafts; autosave updates one, so only a flood of new drafts reaches it. */
const MAX_DRAFTS = 50;
/** A summary made from the text when the writer gives no intro. */
const SUMMARY_CHARS = 120;

const ESSAY_COLUMNS = `i.*, e.item_id, e.user_id, e.intro, e.content, e.content_en, e.content_html, e.content_en_html, e.rendered_with, e.visibility, e.status AS essay_status, e.pending,
  e.comment_count, e.updated_at, e.released_at, u.nickname, u.nickname_en, u.user_name, u.portrait_url, m.praise_count, m.collect_count`;
const ESSAY_JOINS = "FROM essays e JOIN items i ON i.id = e.item_id JOIN users u ON u.id = e.user_id LEFT JOIN item_meta m ON m.item_id = e.item_id";
/** Released essays the viewer (@viewer) may read. */
const VISIBLE = `e.status = 'released' AND ${visibleSql("e.user_id", "e.visibility")}`;
/** What lists show the viewer: what they may read, less writers they blocked (the page itself still opens, to unblock). */
const LISTED = `${VISIBLE} AND ${notBlockedSql("e.user_id")}`;

function summaryOf(intro: string, content: string): string {
  if (intro) return intro;
  const text = plainText(content);
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text;
}

/** What a list shows: the item (title, summary, cover, link) with the writer, counts and state. */
function toListEssay(row: EssayRow) {
  const item = toItem(row);
  return {
    ...item,
    // A writer's own title is one language; only seeded bilingual essays carry a separate English one. A draft may
    // have no title yet: its list entry still needs words to tap.
    ...(row.title ? { titleEn: row.title_en || undefined } : { title: "无标题草稿", titleEn: "Untitled draft" }),
    summaryEn: row.summary_en || undefined,
    userId: row.user_id,
    userName: publicName(row),
    // The writer's English name, which English pages show in place of userName (a sibling `…En`, ADR 030).
    userNameEn: publicNameEn(row),
    portraitUrl: row.portrait_url,
    intro: row.intro,
    visibility: row.visibility,
    status: row.essay_status,
    praiseCount: row.praise_count ?? 0,
    collectCount: row.collect_count ?? 0,
    commentCount: row.comment_count,
    createTime: row.created_at,
    updateTime: row.updated_at,
    releaseTime: row.released_at,
    hasPendingEdits: row.pending !== null,
    // A draft opens in the editor; a released essay on its page.
    link: row.essay_status === "draft" ? `/essayEdit?id=${row.item_id}` : item.link,
  };
}

function editableOf(row: EssayRow): EssayFields {
  const current: EssayFields = { title: row.title, intro: row.intro, content: row.content, cover: row.cover, visibility: row.visibility };
  return row.pending ? { ...current, ...(JSON.parse(row.pending) as Partial<EssayFields>) } : current;
}

/** The writer's rich text: allow-listed HTML; a formula-only or image-only text is not empty. */
function isEmptyContent(html: string): boolean {
  return !plainText(html) && !/<(img|math)\b/i.test(html);
}

export interface Essays {
  routes: RouteDefinition[];
  commentTarget: CommentTarget;
}

export function createEssays(db: Db, accounts: Accounts, uploadsDir: string): Essays {
  const kit = formKit(essaySchema, essayValidators);
  const rendering = createEssayRendering(db);
  // Seeded essays, and every essay after a renderer change, are rendered once here rather than on their first reads.
  rendering.renderStaleEssays();
  const byId = db.prepare(`SELECT ${ESSAY_COLUMNS} ${ESSAY_JOINS} WHERE e.item_id = ? AND e.status <> 'removed'`);
  const essayOf = (id: number) => byId.get(id) as EssayRow | undefined;
  /** The essay if the viewer may read it: released and visible, or the viewer's own (drafts included). */
  const readableBy = db.prepare(`SELECT e.user_id FROM essays e WHERE e.item_id = @id AND ((e.user_id = @viewer AND e.status <> 'removed') OR (${VISIBLE}))`);

  const idParam = (context: ApiContext): number | null => positiveId(context.params.id);

  /** The essay the writer names, or the envelope refusing: 404 unknown or removed, 403 someone else's. */
  const ownEssay = (context: ApiContext, user: UserRow, id: number): { row: EssayRow } | { envelope: Envelope } => {
    const row = essayOf(id);
    if (!row) return { envelope: fail(404, say(context, "文章不存在", "No such article")) };
    if (row.user_id !== user.id) return { envelope: fail(403, say(context, "只能编辑或删除自己的文章", "You can only edit or delete your own articles")) };
    return { row };
  };

  /**
   * The article from a validated body, content sanitised. A body is the whole article as the editor shows it: a field
   * left out is empty (validateBody drops blank strings, so "cleared" and "left out" are the same thing).
   */
  const fieldsFrom = (body: EssayForm): EssayFields => ({
    title: body.title ?? "",
    intro: body.intro ?? "",
    content: body.content !== undefined ? sanitizeRichText(body.content) : "",
    cover: body.cover ?? "",
    visibility: body.visibility ?? "public",
  });

  /**
   * A cover must be an image /file/upload gave out that is still stored (the schema already checked its shape), of
   * the spec's 750×420 (§5), as the article editor crops it (ADR 041).
   */
  /** A new cover must be stored and 750×420; the cover the article already has is kept as it is (older ones may differ). */
  const coverMissing = (context: ApiContext, cover: string, existing: EssayRow | null): Envelope | null => {
    if (!cover || cover === existing?.cover) return null;
    if (!isStoredImageUrl(uploadsDir, cover)) return fail(400, say(context, "封面图片不存在，请重新上传", "The cover image is gone. Please upload it again"));
    const size = storedImageSize(uploadsDir, cover.slice(cover.indexOf("name=") + "name=".length));
    if (size?.width !== COVER_SIZE.width || size.height !== COVER_SIZE.height)
      return fail(
        400,
        say(context, `封面图片须为${COVER_SIZE.width}×${COVER_SIZE.height}像素`, `The cover must be ${COVER_SIZE.width}×${COVER_SIZE.height} pixels`),
      );
    return null;
  };

  const insertItem = db.prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, link, created_at)
    VALUES ('essay', @title, '', @summary, '', @cover, @author, @authorEn, '/essayInfo?id={id}', @now)`);
  const insertEssay = db.prepare(`INSERT INTO essays (item_id, user_id, intro, content, visibility, status, updated_at, released_at)
    VALUES (@id, @userId, @intro, @content, @visibility, @status, @now, @releasedAt)`);
  const updateItem = db.prepare(
    "UPDATE items SET title = @title, title_en = '', summary = @summary, summary_en = '', cover = @cover, author_name = @author, author_name_en = @authorEn WHERE id = @id",
  );
  const updateEssay = db.prepare(`UPDATE essays SET intro = @intro, content = @content, content_en = '', visibility = @visibility, status = @status,
    pending = NULL, updated_at = @now, released_at = COALESCE(released_at, @releasedAt) WHERE item_id = @id`);

  /** Writes the fields as the essay's text (a new essay when id is null), in one transaction; answers the id. */
  const write = db.transaction((user: UserRow, id: number | null, fields: EssayFields, status: "draft" | "released", now: string): number => {
    const values = {
      ...fields,
      summary: summaryOf(fields.intro, fields.content),
      author: publicName(user),
      authorEn: publicNameEn(user),
      userId: user.id,
      status,
      now,
      releasedAt: status === "released" ? now : null,
    };
    if (id === null) {
      const itemId = Number(insertItem.run(values).lastInsertRowid);
      insertEssay.run({ ...values, id: itemId });
      rendering.renderStaleEssays(itemId);
      return itemId;
    }
    updateItem.run({ ...values, id });
    updateEssay.run({ ...values, id });
    rendering.renderStaleEssays(id);
    return id;
  });

  const saveDraft = accounts.withUser((context, user) => {
    const body = validateBody<EssayForm>(context, kit);
    if (!body.ok) return body.envelope;
    const now = context.now().toISOString();
    let existing: EssayRow | null = null;
    if (body.value.id !== undefined) {
      const own = ownEssay(context, user, body.value.id);
      if ("envelope" in own) return own.envelope;
      existing = own.row;
    }
    const fields = fieldsFrom(body.value);
    const refusal = coverMissing(context, fields.cover, existing);
    if (refusal) return refusal;
    if (existing?.essay_status === "released") {
      // Readers keep the released text; the edits wait for the next release.
      db.prepare("UPDATE essays SET pending = ?, updated_at = ? WHERE item_id = ?").run(JSON.stringify(fields), now, existing.item_id);
      return ok({ id: existing.item_id, status: "released", updateTime: now }, say(context, "已保存", "Saved"));
    }
    if (!existing) {
      const drafts = db.prepare("SELECT COUNT(*) FROM essays WHERE user_id = ? AND status = 'draft'").pluck().get(user.id) as number;
      if (drafts >= MAX_DRAFTS)
        return fail(
          400,
          say(context, `草稿最多${MAX_DRAFTS}篇，请先发布或删除一些`, `You can keep at most ${MAX_DRAFTS} drafts. Release or delete some first`),
        );
      const limited = limitCostly(context, db, user.id, "draft");
      if (limited) return limited;
    }
    const id = write(user, existing?.item_id ?? null, fields, "draft", now);
    return ok({ id, status: "draft", updateTime: now }, say(context, "草稿已保存", "Draft saved"));
  });

  const release = accounts.withUser((context, user) => {
    const body = validateBody<EssayForm>(context, kit);
    if (!body.ok) return body.envelope;
    let existing: EssayRow | null = null;
    if (body.value.id !== undefined) {
      const own = ownEssay(context, user, body.value.id);
      if ("envelope" in own) return own.envelope;
      existing = own.row;
    }
    const fields = fieldsFrom(body.value);
    if (!fields.title || !fields.cover || isEmptyContent(fields.content))
      return fail(400, say(context, "标题/内容/封面不能为空", "title/content/cover cannot be empty"), {
        fields: { title: !fields.title, content: isEmptyContent(fields.content), cover: !fields.cover },
      });
    const refusal =
      coverMissing(context, fields.cover, existing) ??
      refuseRiskWords(context, db, fields.title, fields.intro, plainText(fields.content)) ??
      limitCostly(context, db, user.id, "post");
    if (refusal) return refusal;
    const now = context.now().toISOString();
    const id = write(user, existing?.item_id ?? null, fields, "released", now);
    return ok({ id, status: "released", updateTime: now }, say(context, "发布成功", "Released"));
  });

  const remove = accounts.withUser((context, user) => {
    const id = idParam(context);
    if (id === null) return fail(400, say(context, "id必须是正整数", "id must be a positive integer"));
    const own = ownEssay(context, user, id);
    if ("envelope" in own) return own.envelope;
    db.prepare("UPDATE essays SET status = 'removed', pending = NULL, updated_at = ? WHERE item_id = ?").run(context.now().toISOString(), id);
    return ok({ id }, say(context, "已删除", "Deleted"));
  });

  const detail = (context: ApiContext) => {
    const id = idParam(context);
    if (id === null) return fail(400, say(context, "id必须是正整数", "id must be a positive integer"));
    const viewer = viewerIdOf(accounts, context);
    // Someone else's draft, or an essay the viewer may not see, is simply not there (404, the same as a missing one).
    if (!readableBy.get({ id, viewer })) return fail(404, say(context, "文章不存在", "No such article"));
    const row = essayOf(id) as EssayRow;
    const reading = rendering.readingText(row);
    const mine = row.user_id === viewer;
    if (!mine && row.essay_status === "released") db.prepare("UPDATE items SET view_count = view_count + 1 WHERE id = ?").run(id);
    const flag = (table: "praises" | "collects") => Boolean(db.prepare(`SELECT 1 FROM ${table} WHERE user_id = ? AND item_id = ?`).get(viewer, id));
    const follows = db.prepare("SELECT 1 FROM user_follows WHERE follower_id = ? AND followee_id = ?");
    return ok({
      ...toListEssay(row),
      viewCount: row.view_count + (mine ? 0 : 1),
      // A seeded bilingual essay answers both texts as siblings (a page loaded on the server does not say its
      // language); what people write is one text for every reader.
      content: reading.html,
      contentEn: reading.htmlEn ?? undefined,
      introEn: row.content_en && row.intro ? row.summary_en : undefined,
      praised: flag("praises"),
      collected: flag("collects"),
      mine,
      author: {
        userId: row.user_id,
        userName: publicName(row),
        userNameEn: publicNameEn(row),
        portraitUrl: row.portrait_url,
        self: mine,
        followed: Boolean(follows.get(viewer, row.user_id)),
        blocked: viewer !== 0 && isBlocked(db, viewer, row.user_id),
      },
      // Only the writer gets the text as the editor edits it (formulas as source, pending edits applied).
      editable: mine ? editableOf(row) : undefined,
    });
  };

  const listOf = (where: string, order: string) => (context: ApiContext, viewer: number) => {
    const { pageNum, pageSize } = paging(context.params);
    const bind = { viewer, now: context.now().toISOString() };
    const total = db.prepare(`SELECT COUNT(*) FROM essays e WHERE ${where}`).pluck().get(bind) as number;
    const rows = db
      .prepare(`SELECT ${ESSAY_COLUMNS} ${ESSAY_JOINS} WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
      .all({ ...bind, limit: pageSize, offset: (pageNum - 1) * pageSize }) as EssayRow[];
    return ok({ list: rows.map(toListEssay), total, pageNum, pageSize });
  };
  const forViewer = (list: ReturnType<typeof listOf>) => (context: ApiContext) => list(context, viewerIdOf(accounts, context));
  const forWriter = (list: ReturnType<typeof listOf>) => accounts.withUser((context, user) => list(context, user.id));

  const latest = listOf(LISTED, "e.released_at DESC, e.item_id DESC");
  // Hot: praise, collection and comments weigh most, reads count by their order of magnitude, and age wears a score
  // down (a month-old essay needs about ten times the interest of today's).
  const hot = listOf(
    LISTED,
    `(COALESCE(m.praise_count, 0) * 3 + COALESCE(m.collect_count, 0) * 5 + e.comment_count * 2 + ln(1 + i.view_count))
      / pow(1 + (julianday(@now) - julianday(e.released_at)) / 7, 1.5) DESC, e.item_id DESC`,
  );
  const drafts = listOf("e.user_id = @viewer AND e.status = 'draft'", "e.updated_at DESC, e.item_id DESC");
  const mine = listOf("e.user_id = @viewer AND e.status = 'released'", "e.released_at DESC, e.item_id DESC");

  const commentTarget: CommentTarget = {
    kind: "essay",
    ownerIfVisible: (targetId, viewerId) => {
      const row = db.prepare(`SELECT e.user_id FROM essays e WHERE e.item_id = @id AND ${VISIBLE}`).get({ id: targetId, viewer: viewerId }) as
        | { user_id: number }
        | undefined;
      return row ? row.user_id : null;
    },
    onCountChange: (targetId, delta) => {
      db.prepare("UPDATE essays SET comment_count = MAX(0, comment_count + ?) WHERE item_id = ?").run(delta, targetId);
    },
  };

  return {
    commentTarget,
    routes: [
      { method: "ANY", path: "/essay/list", handler: forViewer(latest) },
      { method: "ANY", path: "/essay/hot", handler: forViewer(hot) },
      { method: "ANY", path: "/essay/detail", handler: detail },
      { method: "POST", path: "/essay/saveDraft", handler: saveDraft },
      { method: "POST", path: "/essay/release", handler: release },
      { method: "POST", path: "/essay/remove", handler: remove },
      { method: "ANY", path: "/essay/drafts", handler: forWriter(drafts) },
      { method: "ANY", path: "/essay/mine", handler: forWriter(mine) },
    ],
  };
}
