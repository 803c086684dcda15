import type { Db } from "../kernel/db.server.ts";
import type { ItemRow } from "../content/index.server.ts";
import { visibleSql } from "../community/visibility.server.ts";
import { seenItemSql } from "../essays/visibility.server.ts";

/** The SQL of praise, collections and video comments (tables praises, collects, item_meta's counters, video_comments). */

export type ToggleTable = "praises" | "collects";
export type ToggleCounter = "praise_count" | "collect_count";

export interface CommentRow {
  id: number;
  video_id: number;
  user_id: number;
  content: string;
  created_at: string;
  nickname: string;
  portrait_url: string;
}

/** Whether the viewer may see the item: an essay that is a draft, only its writer's or followers-only is not seen. */
export const itemSeen = (db: Db, id: number, viewer: number) =>
  Boolean(
    db
      .prepare(`SELECT kind FROM items WHERE id = @id AND ${seenItemSql(visibleSql("e.user_id", "e.visibility"))}`)
      .pluck()
      .get({ id, viewer }),
  );

/** Turns the viewer's praise or collection of an item off when it is on, else on; true when it is on after. */
export function toggleMark(db: Db, table: ToggleTable, counter: ToggleCounter, userId: number, itemId: number, at: string): boolean {
  db.prepare("INSERT OR IGNORE INTO item_meta (item_id) VALUES (?)").run(itemId);
  const removed = db.prepare(`DELETE FROM ${table} WHERE user_id = ? AND item_id = ?`).run(userId, itemId).changes > 0;
  if (removed) db.prepare(`UPDATE item_meta SET ${counter} = MAX(0, ${counter} - 1) WHERE item_id = ?`).run(itemId);
  else {
    db.prepare(`INSERT INTO ${table} (user_id, item_id, created_at) VALUES (?, ?, ?)`).run(userId, itemId, at);
    db.prepare(`UPDATE item_meta SET ${counter} = ${counter} + 1 WHERE item_id = ?`).run(itemId);
  }
  return !removed;
}

export const markCount = (db: Db, counter: ToggleCounter, itemId: number) =>
  db.prepare(`SELECT ${counter} FROM item_meta WHERE item_id = ?`).pluck().get(itemId) as number;

/** A page of the viewer's collections, newest first, of one kind or all; an essay they may no longer see leaves it. */
export function collectionPage(db: Db, userId: number, kind: string | null, pageSize: number, offset: number): { rows: ItemRow[]; total: number } {
  const seen = seenItemSql(visibleSql("e.user_id", "e.visibility"), "i.id", "i.kind");
  const where = kind ? `c.user_id = ? AND i.kind = ? AND ${seen}` : `c.user_id = ? AND ${seen}`;
  const args = kind ? [userId, kind, { viewer: userId }] : [userId, { viewer: userId }];
  const rows = db
    .prepare(`SELECT i.* FROM collects c JOIN items i ON i.id = c.item_id WHERE ${where} ORDER BY c.created_at DESC, i.id DESC LIMIT ? OFFSET ?`)
    .all(...args, pageSize, offset) as ItemRow[];
  const total = db
    .prepare(`SELECT COUNT(*) FROM collects c JOIN items i ON i.id = c.item_id WHERE ${where}`)
    .pluck()
    .get(...args) as number;
  return { rows, total };
}

export const videoCommentCount = (db: Db, videoId: number) =>
  db.prepare("SELECT COUNT(*) FROM video_comments WHERE video_id = ? AND deleted_at IS NULL").pluck().get(videoId) as number;

export const videoCommentPage = (db: Db, videoId: number, pageSize: number, offset: number) =>
  db
    .prepare(`SELECT c.*, u.nickname, u.portrait_url FROM video_comments c JOIN users u ON u.id = c.user_id
      WHERE c.video_id = ? AND c.deleted_at IS NULL ORDER BY c.id DESC LIMIT ? OFFSET ?`)
    .all(videoId, pageSize, offset) as CommentRow[];

export const itemKind = (db: Db, id: number) => db.prepare("SELECT kind FROM items WHERE id = ?").pluck().get(id) as string | undefined;

export const insertVideoComment = (db: Db, videoId: number, userId: number, content: string, at: string) =>
  Number(
    db.prepare("INSERT INTO video_comments (video_id, user_id, content, created_at) VALUES (?, ?, ?, ?)").run(videoId, userId, content, at).lastInsertRowid,
  );

export const commentById = (db: Db, id: number) =>
  db.prepare("SELECT c.*, u.nickname, u.portrait_url FROM video_comments c JOIN users u ON u.id = c.user_id WHERE c.id = ?").get(id) as CommentRow;

export const commentOwner = (db: Db, id: number) =>
  db.prepare("SELECT user_id, deleted_at FROM video_comments WHERE id = ?").get(id) as { user_id: number; deleted_at: string | null } | undefined;

export const deleteVideoComment = (db: Db, id: number, at: string) => db.prepare("UPDATE video_comments SET deleted_at = ? WHERE id = ?").run(at, id);
