import type { Db } from "../kernel/db.server.ts";
import type { ItemRow } from "../content/index.server.ts";
import { notBlockedSql, visibleSql } from "../community/visibility.server.ts";

export type Visibility = "public" | "self" | "followers" | "mutual";

export interface EssayRow extends ItemRow {
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

/** An essay's stored text and its rendering (ADR 049). */
export interface StoredText {
  item_id: number;
  content: string;
  content_en: string;
  content_html: string | null;
  content_en_html: string | null;
  rendered_with: string | null;
}

/** What one save writes into the items row and the essays row. */
export interface EssayValues {
  title: string;
  intro: string;
  content: string;
  cover: string;
  visibility: Visibility;
  summary: string;
  author: string;
  authorEn: string;
  userId: number;
  status: "draft" | "released";
  now: string;
  releasedAt: string | null;
}

const ESSAY_COLUMNS = `i.*, e.item_id, e.user_id, e.intro, e.content, e.content_en, e.content_html, e.content_en_html, e.rendered_with, e.visibility, e.status AS essay_status, e.pending,
  e.comment_count, e.updated_at, e.released_at, u.nickname, u.nickname_en, u.user_name, u.portrait_url, m.praise_count, m.collect_count`;
const ESSAY_JOINS = "FROM essays e JOIN items i ON i.id = e.item_id JOIN users u ON u.id = e.user_id LEFT JOIN item_meta m ON m.item_id = e.item_id";
/** Released essays the viewer (@viewer) may read. */
const VISIBLE = `e.status = 'released' AND ${visibleSql("e.user_id", "e.visibility")}`;
/** What lists show the viewer: what they may read, less writers they blocked (the page itself still opens, to unblock). */
const LISTED = `${VISIBLE} AND ${notBlockedSql("e.user_id")}`;

/** The lists of essays: which essays (over `e`, bound with @viewer and @now) in which order. */
export const ESSAY_LISTS = {
  latest: { where: LISTED, order: "e.released_at DESC, e.item_id DESC" },
  // Hot: praise, collection and comments weigh most, reads count by their order of magnitude, and age wears a score
  // down (a month-old essay needs about ten times the interest of today's).
  hot: {
    where: LISTED,
    order: `(COALESCE(m.praise_count, 0) * 3 + COALESCE(m.collect_count, 0) * 5 + e.comment_count * 2 + ln(1 + i.view_count))
      / pow(1 + (julianday(@now) - julianday(e.released_at)) / 7, 1.5) DESC, e.item_id DESC`,
  },
  drafts: { where: "e.user_id = @viewer AND e.status = 'draft'", order: "e.updated_at DESC, e.item_id DESC" },
  mine: { where: "e.user_id = @viewer AND e.status = 'released'", order: "e.released_at DESC, e.item_id DESC" },
} as const;

export type EssayList = keyof typeof ESSAY_LISTS;

export const essayById = (db: Db, id: number) =>
  db.prepare(`SELECT ${ESSAY_COLUMNS} ${ESSAY_JOINS} WHERE e.item_id = ? AND e.status <> 'removed'`).get(id) as EssayRow | undefined;

/** The essay if the viewer may read it: released and visible, or the viewer's own (drafts included). */
export const readableBy = (db: Db, id: number, viewer: number) =>
  Boolean(
    db
      .prepare(`SELECT e.user_id FROM essays e WHERE e.item_id = @id AND ((e.user_id = @viewer AND e.status <> 'removed') OR (${VISIBLE}))`)
      .get({ id, viewer }),
  );

/** The writer of a released essay the viewer may read, or undefined. */
export const visibleWriter = (db: Db, id: number, viewer: number) =>
  db.prepare(`SELECT e.user_id FROM essays e WHERE e.item_id = @id AND ${VISIBLE}`).get({ id, viewer }) as { user_id: number } | undefined;

export function essaysPage(db: Db, list: EssayList, viewer: number, now: string, limit: number, offset: number) {
  const { where, order } = ESSAY_LISTS[list];
  const bind = { viewer, now };
  const total = db.prepare(`SELECT COUNT(*) FROM essays e WHERE ${where}`).pluck().get(bind) as number;
  const rows = db
    .prepare(`SELECT ${ESSAY_COLUMNS} ${ESSAY_JOINS} WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...bind, limit, offset }) as EssayRow[];
  return { rows, total };
}

export const draftCount = (db: Db, userId: number) =>
  db.prepare("SELECT COUNT(*) FROM essays WHERE user_id = ? AND status = 'draft'").pluck().get(userId) as number;

export function insertEssay(db: Db, values: EssayValues): number {
  const itemId = Number(
    db
      .prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, link, created_at)
        VALUES ('essay', @title, '', @summary, '', @cover, @author, @authorEn, '/essayInfo?id={id}', @now)`)
      .run(values).lastInsertRowid,
  );
  db.prepare(`INSERT INTO essays (item_id, user_id, intro, content, visibility, status, updated_at, released_at)
    VALUES (@id, @userId, @intro, @content, @visibility, @status, @now, @releasedAt)`).run({ ...values, id: itemId });
  return itemId;
}

export function updateEssay(db: Db, id: number, values: EssayValues): void {
  db.prepare(
    "UPDATE items SET title = @title, title_en = '', summary = @summary, summary_en = '', cover = @cover, author_name = @author, author_name_en = @authorEn WHERE id = @id",
  ).run({ ...values, id });
  db.prepare(`UPDATE essays SET intro = @intro, content = @content, content_en = '', visibility = @visibility, status = @status,
    pending = NULL, updated_at = @now, released_at = COALESCE(released_at, @releasedAt) WHERE item_id = @id`).run({ ...values, id });
}

export const savePending = (db: Db, id: number, pending: string, at: string) =>
  db.prepare("UPDATE essays SET pending = ?, updated_at = ? WHERE item_id = ?").run(pending, at, id);

export const markRemoved = (db: Db, id: number, at: string) =>
  db.prepare("UPDATE essays SET status = 'removed', pending = NULL, updated_at = ? WHERE item_id = ?").run(at, id);

export const countView = (db: Db, id: number) => db.prepare("UPDATE items SET view_count = view_count + 1 WHERE id = ?").run(id);

export const hasMarked = (db: Db, table: "praises" | "collects", userId: number, itemId: number) =>
  Boolean(db.prepare(`SELECT 1 FROM ${table} WHERE user_id = ? AND item_id = ?`).get(userId, itemId));

export const follows = (db: Db, followerId: number, followeeId: number) =>
  Boolean(db.prepare("SELECT 1 FROM user_follows WHERE follower_id = ? AND followee_id = ?").get(followerId, followeeId));

export const addCommentCount = (db: Db, id: number, delta: number) =>
  db.prepare("UPDATE essays SET comment_count = MAX(0, comment_count + ?) WHERE item_id = ?").run(delta, id);

/** Texts rendered by another renderer than `renderer`, or not yet: every essay's, or one essay's. */
export function staleTexts(db: Db, renderer: string, id?: number): StoredText[] {
  return (
    id === undefined
      ? db.prepare("SELECT item_id, content, content_en FROM essays WHERE rendered_with IS NOT @renderer").all({ renderer })
      : db.prepare("SELECT item_id, content, content_en FROM essays WHERE item_id = @id AND rendered_with IS NOT @renderer").all({ id, renderer })
  ) as StoredText[];
}

export const storeRendering = (db: Db, id: number, html: string, htmlEn: string | null, renderer: string) =>
  db
    .prepare("UPDATE essays SET content_html = @html, content_en_html = @htmlEn, rendered_with = @renderer WHERE item_id = @id")
    .run({ id, html, htmlEn, renderer });

// The seed's writes (seed.server.ts).

export const userIdByName = (db: Db, userName: string) => db.prepare("SELECT id FROM users WHERE user_name = ?").pluck().get(userName) as number | undefined;

export const insertWriter = (db: Db, userName: string, nickname: string, nicknameEn: string, at: string) =>
  Number(
    db.prepare("INSERT INTO users (user_name, nickname, nickname_en, created_at) VALUES (?, ?, ?, ?)").run(userName, nickname, nicknameEn, at).lastInsertRowid,
  );

/** A seeded essay's item, released: its cover is the poster named by its id, written after. */
export function insertSeedEssayItem(db: Db, title: [string, string], intro: [string, string], writer: [string, string], views: number, at: string): number {
  const id = Number(
    db
      .prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, view_count, link, created_at)
        VALUES ('essay', ?, ?, ?, ?, '', ?, ?, ?, '/essayInfo?id={id}', ?)`)
      .run(title[0], title[1], intro[0], intro[1], writer[0], writer[1], views, at).lastInsertRowid,
  );
  db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${id}.svg`, id);
  return id;
}

/** A released essay of an item, its intro, content in both languages and visibility, written and released at `at`. */
export const insertReleasedEssay = (db: Db, itemId: number, userId: number, intro: string, content: [string, string], visibility: string, at: string) =>
  db
    .prepare(`INSERT INTO essays (item_id, user_id, intro, content, content_en, visibility, status, updated_at, released_at)
      VALUES (?, ?, ?, ?, ?, ?, 'released', ?, ?)`)
    .run(itemId, userId, intro, content[0], content[1], visibility, at, at);

export interface LegacyEssayItem {
  id: number;
  summary: string;
  summary_en: string;
  author_name: string;
  author_name_en: string;
  created_at: string;
}

export const essayItemsWithoutEssay = (db: Db) =>
  db
    .prepare(
      "SELECT id, summary, summary_en, author_name, author_name_en, created_at FROM items WHERE kind = 'essay' AND id NOT IN (SELECT item_id FROM essays)",
    )
    .all() as LegacyEssayItem[];

export const scholarCodeByName = (db: Db, name: string) =>
  db.prepare("SELECT author_code FROM scholars WHERE name = ? ORDER BY id LIMIT 1").pluck().get(name) as string | undefined;
