import type { Db } from "../kernel/db.server.ts";
import { publicItemSql } from "../essays/visibility.server.ts";
import { searchPhrase } from "./search-phrase.server.ts";

export interface ItemRow {
  id: number;
  kind: string;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  cover: string;
  status: number;
  starts_at: string | null;
  ends_at: string | null;
  author_name: string;
  author_name_en: string;
  org_name: string;
  org_name_en: string;
  view_count: number;
  link: string;
  extra: string;
}

/** A condition on items with its arguments (`id` and `kind` are the items' columns). */
export interface ItemCondition {
  sql: string;
  args: unknown[];
}

/** Which items a list holds; an absent field does not narrow it. */
export interface ItemFilter {
  kinds: string[];
  statuses?: number[];
  keyword?: string;
  where?: ItemCondition[];
}

export type ItemOrder = "sort" | "newest" | "popular" | "startsSoon" | "sequence";

const ORDER_SQL: Record<ItemOrder, string> = {
  sort: "sort DESC, id DESC",
  newest: "created_at DESC, id DESC",
  popular: "view_count DESC, id DESC",
  startsSoon: "sort DESC, starts_at ASC, id ASC",
  sequence: "id ASC",
};

const placeholders = (values: unknown[]) => values.map(() => "?").join(",");

/**
 * Full text over titles and summaries in both languages; trigram FTS for 3+ characters, LIKE below that. The one
 * place a phrase reaches FTS: it is cleaned here again whatever the caller did.
 */
function keywordCondition(raw: string): ItemCondition {
  const keyword = searchPhrase(raw);
  if (Array.from(keyword).length >= 3) {
    const phrase = `"${keyword.replaceAll('"', '""')}"`;
    return { sql: "id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)", args: [phrase] };
  }
  const like = `%${keyword.replace(/[%_\\]/g, "\\$&")}%`;
  return {
    sql: "(title LIKE ? ESCAPE '\\' OR title_en LIKE ? ESCAPE '\\' OR summary LIKE ? ESCAPE '\\' OR summary_en LIKE ? ESCAPE '\\')",
    args: [like, like, like, like],
  };
}

/** The WHERE clause of a list: its kinds, public items only (no answer of a list depends on who asks), the rest. */
function whereOf(filter: ItemFilter): ItemCondition {
  const conditions: ItemCondition[] = [
    { sql: `kind IN (${placeholders(filter.kinds)})`, args: filter.kinds },
    { sql: publicItemSql(), args: [] },
  ];
  if (filter.statuses?.length) conditions.push({ sql: `status IN (${placeholders(filter.statuses)})`, args: filter.statuses });
  conditions.push(...(filter.where ?? []));
  const keyword = searchPhrase(filter.keyword);
  if (keyword) conditions.push(keywordCondition(keyword));
  return { sql: conditions.map((condition) => condition.sql).join(" AND "), args: conditions.flatMap((condition) => condition.args) };
}

export function countItems(db: Db, filter: ItemFilter): number {
  const where = whereOf(filter);
  return db
    .prepare(`SELECT COUNT(*) FROM items WHERE ${where.sql}`)
    .pluck()
    .get(...where.args) as number;
}

export function itemsPage(db: Db, filter: ItemFilter, order: ItemOrder, limit: number, offset: number): ItemRow[] {
  const where = whereOf(filter);
  return db.prepare(`SELECT * FROM items WHERE ${where.sql} ORDER BY ${ORDER_SQL[order]} LIMIT ? OFFSET ?`).all(...where.args, limit, offset) as ItemRow[];
}

/** An item of one of the kinds, whoever may see it (the plain details of content.routes). */
export function itemOfKinds(db: Db, id: number, kinds: string[]): ItemRow | undefined {
  return db.prepare(`SELECT * FROM items WHERE id = ? AND kind IN (${placeholders(kinds)})`).get(id, ...kinds) as ItemRow | undefined;
}

/** An item of one of the kinds that everyone may see. */
export function publicItemOfKinds(db: Db, id: number, kinds: string[]): ItemRow | undefined {
  return db.prepare(`SELECT * FROM items WHERE id = ? AND kind IN (${placeholders(kinds)}) AND ${publicItemSql()}`).get(id, ...kinds) as ItemRow | undefined;
}

/** Items sharing a type tag (content_types through item_meta). */
export const ofType = (typeId: number): ItemCondition => ({ sql: "id IN (SELECT item_id FROM item_meta WHERE type_id = ?)", args: [typeId] });

/** Other items on the same topic as item `id`. */
export const onTopicOf = (id: number): ItemCondition => ({
  sql: "id <> ? AND id IN (SELECT item_id FROM item_meta WHERE topic <> '' AND topic = (SELECT topic FROM item_meta WHERE item_id = ?))",
  args: [id, id],
});

/** The videos of a video special. */
export const inSpecial = (specialId: number): ItemCondition => ({ sql: "id IN (SELECT item_id FROM item_meta WHERE special_id = ?)", args: [specialId] });

/** Items with the same type tag as item `id`. */
export const ofTypeOf = (id: number): ItemCondition => ({
  sql: "id IN (SELECT item_id FROM item_meta WHERE type_id = (SELECT type_id FROM item_meta WHERE item_id = ?))",
  args: [id],
});

export interface MetaRow {
  type_id: number | null;
  type_name: string | null;
  type_name_en: string | null;
  topic: string;
  media_url: string;
  special_id: number | null;
  praise_count: number;
  collect_count: number;
  notes: string;
}

/** An item's type, topic, media and counters (item_meta), with its type's names. */
export function metaOf(db: Db, id: number): MetaRow | undefined {
  return db
    .prepare(`SELECT m.*, t.name AS type_name, t.name_en AS type_name_en FROM item_meta m LEFT JOIN content_types t ON t.id = m.type_id WHERE m.item_id = ?`)
    .get(id) as MetaRow | undefined;
}

export function hasPraised(db: Db, userId: number, itemId: number): boolean {
  return Boolean(db.prepare("SELECT 1 FROM praises WHERE user_id = ? AND item_id = ?").get(userId, itemId));
}

export function hasCollected(db: Db, userId: number, itemId: number): boolean {
  return Boolean(db.prepare("SELECT 1 FROM collects WHERE user_id = ? AND item_id = ?").get(userId, itemId));
}

export function videoCommentCount(db: Db, videoId: number): number {
  return db.prepare("SELECT COUNT(*) FROM video_comments WHERE video_id = ? AND deleted_at IS NULL").pluck().get(videoId) as number;
}

export function videosInSpecial(db: Db, specialId: number): number {
  return db.prepare("SELECT COUNT(*) FROM item_meta WHERE special_id = ?").pluck().get(specialId) as number;
}

/** The type tags of a kind (the filters of /videoList and /docList), in their order. */
export function typesOf(db: Db, kind: string): { id: number; name: string; name_en: string }[] {
  return db.prepare("SELECT id, name, name_en FROM content_types WHERE kind = ? ORDER BY sort DESC, id").all(kind) as {
    id: number;
    name: string;
    name_en: string;
  }[];
}

export interface ReleaseRow {
  version_name: string;
  version_code: number;
  download_url: string;
  notes: string;
  notes_en: string;
  released_at: string;
}

/** The newest release of an app. */
export function latestRelease(db: Db, platform: "android" | "ios"): ReleaseRow | undefined {
  return db
    .prepare(
      `SELECT version_name, version_code, download_url, notes, notes_en, released_at FROM app_releases
       WHERE platform = ? ORDER BY version_code DESC LIMIT 1`,
    )
    .get(platform) as ReleaseRow | undefined;
}
