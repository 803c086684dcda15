import type { Db } from "../kernel/db.server.ts";

/**
 * The SQL of the content seed (`seed.server.ts`, `engagement-seed.server.ts`): items, their meta and type tags, and
 * the hot keywords. Kept beside the seed so the content area's own queries module stays the one of its paths.
 */

export interface SeedItemRow {
  kind: string;
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  status: number;
  startsAt: string | null;
  endsAt: string | null;
  authorName: string;
  authorNameEn: string;
  orgName: string;
  orgNameEn: string;
  viewCount: number;
  sort: number;
  link: string;
  extra: string;
  createdAt: string;
}

/** Inserts an item; its cover is the poster named by its id, so it is written after. */
export function insertItem(db: Db, row: SeedItemRow): number {
  const result = db
    .prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, status, starts_at, ends_at,
    author_name, author_name_en, org_name, org_name_en, view_count, sort, link, extra, created_at)
    VALUES (@kind, @title, @titleEn, @summary, @summaryEn, '', @status, @startsAt, @endsAt,
    @authorName, @authorNameEn, @orgName, @orgNameEn, @viewCount, @sort, @link, @extra, @createdAt)`)
    .run(row);
  const id = Number(result.lastInsertRowid);
  db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${id}.svg`, id);
  return id;
}

export const anyItem = (db: Db) => (db.prepare("SELECT COUNT(*) FROM items").pluck().get() as number) > 0;

export const anyContentType = (db: Db) => (db.prepare("SELECT COUNT(*) FROM content_types").pluck().get() as number) > 0;

export const insertContentType = (db: Db, kind: string, name: readonly [string, string], sort: number) =>
  Number(db.prepare("INSERT INTO content_types (kind, name, name_en, sort) VALUES (?, ?, ?, ?)").run(kind, name[0], name[1], sort).lastInsertRowid);

export interface ItemText {
  id: number;
  kind: string;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  extra: string;
}

export const itemsOfKinds = (db: Db, kinds: string[]) =>
  db
    .prepare(`SELECT id, kind, title, title_en, summary, summary_en, extra FROM items WHERE kind IN (${kinds.map(() => "?").join(",")}) ORDER BY id`)
    .all(...kinds) as ItemText[];

export interface ItemMetaRow {
  itemId: number;
  typeId: number | null;
  topic: string;
  mediaUrl: string;
  specialId: number | null;
  specialOrder: number;
  praiseCount: number;
  collectCount: number;
  notes: string;
}

export const insertItemMeta = (db: Db, row: ItemMetaRow) =>
  db
    .prepare(`INSERT INTO item_meta (item_id, type_id, topic, media_url, special_id, special_order, praise_count, collect_count, notes)
      VALUES (@itemId, @typeId, @topic, @mediaUrl, @specialId, @specialOrder, @praiseCount, @collectCount, @notes)`)
    .run(row);

export const insertKeyword = (db: Db, keyword: readonly [string, string], count: number, at: string) =>
  db.prepare("INSERT INTO search_keywords (keyword, keyword_en, search_count, updated_at) VALUES (?, ?, ?, ?)").run(keyword[0], keyword[1], count, at);
