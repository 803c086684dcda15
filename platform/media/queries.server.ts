import type { Db } from "../kernel/db.server.ts";
import { publicItemSql } from "../essays/visibility.server.ts";

export interface PosterRow {
  id: number;
  kind: string;
  title: string;
  title_en: string;
  /** 1 when everyone may see the item (an essay may be a draft or "only me"). */
  shown: number;
}

/** What an item's poster is drawn from. */
export function posterRow(db: Db, id: number): PosterRow | undefined {
  return db.prepare(`SELECT id, kind, title, title_en, ${publicItemSql()} AS shown FROM items WHERE id = ?`).get(id) as PosterRow | undefined;
}
