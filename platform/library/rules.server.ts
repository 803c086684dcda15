import { itemRef, LIBRARY_LIMITS, type LibraryEntry, type LibraryKind } from "@contracts/library.ts";
import type { Db } from "../kernel/db.server.ts";
import * as queries from "./queries.server.ts";
import { ITEM_KIND, type EntryRow, type EntryValues } from "./queries.server.ts";

const REFERENCE_KIND = Object.fromEntries(Object.entries(ITEM_KIND).map(([reference, item]) => [item, reference])) as Record<string, LibraryKind>;

export const referenceKind = (itemKind: string): LibraryKind => REFERENCE_KIND[itemKind];

export function toEntry(row: EntryRow): LibraryEntry {
  const kind = referenceKind(row.kind);
  return {
    item: itemRef(kind, row.item_id),
    kind,
    id: row.item_id,
    title: row.title,
    titleEn: row.title_en,
    link: row.link.replaceAll("{id}", String(row.item_id)),
    note: row.note,
    tags: JSON.parse(row.tags) as string[],
    savedAt: row.saved_at,
    updatedAt: row.updated_at,
  };
}

/** The viewer's entry for an item, when they saved it and may still see it. */
export function entryFor(db: Db, viewer: number, id: number): LibraryEntry | null {
  const row = queries.entryOf(db, viewer, id);
  return row ? toEntry(row) : null;
}

/**
 * Saves an item to the viewer's library. One transaction: the count and the insert see the same list, so parallel
 * saves never pass the limit together. A second save keeps the entry as it is (another device may have written it).
 */
export const saveEntry = (db: Db, values: EntryValues): "created" | "kept" | "full" =>
  db.transaction(() => {
    if (queries.isSaved(db, values.viewer, values.id)) return "kept";
    if (queries.entryCount(db, values.viewer) >= LIBRARY_LIMITS.entries) return "full";
    return queries.insertEntry(db, values) ? "created" : "kept";
  })();
