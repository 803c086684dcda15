import type { LibraryKind } from "@contracts/library.ts";
import type { Db } from "../kernel/db.server.ts";
import { visibleSql } from "../community/visibility.server.ts";
import { seenItemSql } from "../essays/visibility.server.ts";

/** The platform's item kind behind each reference kind: an "article" is an essay item. */
export const ITEM_KIND: Record<LibraryKind, string> = {
  paper: "paper",
  report: "report",
  book: "book",
  article: "essay",
  video: "video",
  audiobook: "audiobook",
  live: "live",
};

export interface EntryRow {
  item_id: number;
  kind: string;
  title: string;
  title_en: string;
  link: string;
  note: string;
  tags: string;
  saved_at: string;
  updated_at: string;
}

export interface EntryValues {
  viewer: number;
  id: number;
  note: string;
  tags: string;
  now: string;
}

/** A list's filters: the viewer's own entries, of one kind and with one tag when given. */
export interface ListFilter {
  viewer: number;
  kind: LibraryKind | null;
  tag: string | null;
}

// An essay the viewer may not read (a draft, followers only…) cannot be saved, and one hidden after saving leaves the list.
const SEEN = seenItemSql(visibleSql("e.user_id", "e.visibility"), "i.id", "i.kind");
const ENTRY_COLUMNS = "l.item_id, i.kind, i.title, i.title_en, i.link, l.note, l.tags, l.saved_at, l.updated_at";
const ENTRY_FROM = "FROM library_entries l JOIN items i ON i.id = l.item_id";
const NEWEST_FIRST = "ORDER BY l.saved_at DESC, l.item_id DESC";

/** Whether an item of this kind exists and the viewer may see it. */
export const visibleItem = (db: Db, viewer: number, id: number, kind: LibraryKind) =>
  Boolean(db.prepare(`SELECT i.id FROM items i WHERE i.id = @id AND i.kind = @kind AND ${SEEN}`).pluck().get({ id, kind: ITEM_KIND[kind], viewer }));

export const entryOf = (db: Db, viewer: number, id: number) =>
  db.prepare(`SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE l.user_id = @viewer AND l.item_id = @id AND ${SEEN}`).get({ viewer, id }) as EntryRow | undefined;

export const isSaved = (db: Db, viewer: number, id: number) =>
  Boolean(db.prepare("SELECT 1 FROM library_entries WHERE user_id = ? AND item_id = ?").get(viewer, id));

export const entryCount = (db: Db, viewer: number) => db.prepare("SELECT COUNT(*) FROM library_entries WHERE user_id = ?").pluck().get(viewer) as number;

/** Saves an entry unless the viewer has it already; true when it was added. */
export const insertEntry = (db: Db, values: EntryValues) =>
  db
    .prepare(`INSERT INTO library_entries (user_id, item_id, note, tags, saved_at, updated_at)
      VALUES (@viewer, @id, @note, @tags, @now, @now) ON CONFLICT (user_id, item_id) DO NOTHING`)
    .run(values).changes > 0;

export const updateEntry = (db: Db, values: EntryValues) =>
  db.prepare("UPDATE library_entries SET note = @note, tags = @tags, updated_at = @now WHERE user_id = @viewer AND item_id = @id").run(values);

export const removeEntry = (db: Db, viewer: number, id: number) =>
  db.prepare("DELETE FROM library_entries WHERE user_id = ? AND item_id = ?").run(viewer, id).changes > 0;

export const tagCounts = (db: Db, viewer: number) =>
  db
    .prepare(`SELECT t.value AS tag, COUNT(*) AS count ${ENTRY_FROM}, json_each(l.tags) t
      WHERE l.user_id = @viewer AND ${SEEN} GROUP BY t.value ORDER BY count DESC, t.value`)
    .all({ viewer }) as { tag: string; count: number }[];

const listWhere = (filter: ListFilter) => {
  const filters = ["l.user_id = @viewer", SEEN];
  if (filter.kind) filters.push("i.kind = @kind");
  if (filter.tag) filters.push("EXISTS (SELECT 1 FROM json_each(l.tags) WHERE value = @tag)");
  return { where: filters.join(" AND "), args: { viewer: filter.viewer, kind: filter.kind ? ITEM_KIND[filter.kind] : null, tag: filter.tag } };
};

/** Every entry the filter matches, newest first: what the list page needs to step through them all. */
export const matchingEntries = (db: Db, filter: ListFilter) => {
  const { where, args } = listWhere(filter);
  return db.prepare(`SELECT i.kind, i.link, l.item_id ${ENTRY_FROM} WHERE ${where} ${NEWEST_FIRST}`).all(args) as {
    kind: string;
    link: string;
    item_id: number;
  }[];
};

export const entryPage = (db: Db, filter: ListFilter, limit: number, offset: number) => {
  const { where, args } = listWhere(filter);
  return db
    .prepare(`SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE ${where} ${NEWEST_FIRST} LIMIT @limit OFFSET @offset`)
    .all({ ...args, limit, offset }) as EntryRow[];
};
