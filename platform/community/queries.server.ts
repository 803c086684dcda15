import type { Db } from "../kernel/db.server.ts";
import type { UserRow } from "../accounts/index.server.ts";
import { notBlockedSql } from "./visibility.server.ts";

export type CommentKind = "essay" | "circle" | "question" | "answer";

export interface CommentRow {
  id: number;
  kind: CommentKind;
  target_id: number;
  user_id: number;
  reply_to_id: number | null;
  content: string;
  created_at: string;
  nickname: string;
  user_name: string;
  portrait_url: string;
  reply_user_id: number | null;
  reply_nickname: string | null;
  reply_user_name: string | null;
}

export type PersonRow = Pick<UserRow, "id" | "nickname" | "user_name" | "portrait_url">;

const COMMENT_COLUMNS = `c.*, u.nickname, u.user_name, u.portrait_url,
  r.user_id AS reply_user_id, ru.nickname AS reply_nickname, ru.user_name AS reply_user_name`;
const COMMENT_JOINS = `FROM comments c JOIN users u ON u.id = c.user_id
  LEFT JOIN comments r ON r.id = c.reply_to_id LEFT JOIN users ru ON ru.id = r.user_id`;
const VISIBLE_COMMENTS = `c.kind = @kind AND c.target_id = @targetId AND c.deleted_at IS NULL AND ${notBlockedSql("c.user_id")}`;

export const riskWords = (db: Db) => db.prepare("SELECT word FROM risk_words").pluck().all() as string[];

export const isBlocked = (db: Db, blockerId: number, blockedId: number) =>
  Boolean(db.prepare("SELECT 1 FROM user_blacks WHERE user_id = ? AND blocked_id = ?").get(blockerId, blockedId));

export const personOf = (db: Db, id: number) =>
  db.prepare("SELECT id, nickname, user_name, portrait_url FROM users WHERE id = ?").get(id) as PersonRow | undefined;

/** An active user with this nickname, as a comment's "@nickname" names them. */
export const activeUserNamed = (db: Db, nickname: string) =>
  db.prepare("SELECT id FROM users WHERE nickname = ? AND disabled = 0").pluck().get(nickname) as number | undefined;

export const follows = (db: Db, followerId: number, followeeId: number) =>
  Boolean(db.prepare("SELECT 1 FROM user_follows WHERE follower_id = ? AND followee_id = ?").get(followerId, followeeId));

export const deleteFollow = (db: Db, followerId: number, followeeId: number) =>
  db.prepare("DELETE FROM user_follows WHERE follower_id = ? AND followee_id = ?").run(followerId, followeeId).changes > 0;

export const insertFollow = (db: Db, followerId: number, followeeId: number, at: string) =>
  db.prepare("INSERT INTO user_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)").run(followerId, followeeId, at);

export const followerCount = (db: Db, userId: number) => db.prepare("SELECT COUNT(*) FROM user_follows WHERE followee_id = ?").pluck().get(userId) as number;

export const followingCount = (db: Db, userId: number) => db.prepare("SELECT COUNT(*) FROM user_follows WHERE follower_id = ?").pluck().get(userId) as number;

/** A block, which ends following both ways. */
export function insertBlock(db: Db, userId: number, blockedId: number, at: string): void {
  db.prepare("INSERT OR IGNORE INTO user_blacks (user_id, blocked_id, created_at) VALUES (?, ?, ?)").run(userId, blockedId, at);
  db.prepare("DELETE FROM user_follows WHERE (follower_id = ? AND followee_id = ?) OR (follower_id = ? AND followee_id = ?)").run(
    userId,
    blockedId,
    blockedId,
    userId,
  );
}

export const deleteBlock = (db: Db, userId: number, blockedId: number) =>
  db.prepare("DELETE FROM user_blacks WHERE user_id = ? AND blocked_id = ?").run(userId, blockedId);

export function blockedPage(db: Db, userId: number, limit: number, offset: number) {
  const total = db.prepare("SELECT COUNT(*) FROM user_blacks WHERE user_id = ?").pluck().get(userId) as number;
  const rows = db
    .prepare(`SELECT b.created_at, u.id, u.nickname, u.user_name, u.portrait_url FROM user_blacks b JOIN users u ON u.id = b.blocked_id
      WHERE b.user_id = ? ORDER BY b.created_at DESC, u.id DESC LIMIT ? OFFSET ?`)
    .all(userId, limit, offset) as (PersonRow & { created_at: string })[];
  return { rows, total };
}

/** Comments on a post the viewer may see (none by people they blocked), newest first. */
export function commentsPage(db: Db, kind: CommentKind, targetId: number, viewer: number, limit: number, offset: number) {
  const bind = { kind, targetId, viewer };
  const rows = db
    .prepare(`SELECT ${COMMENT_COLUMNS} ${COMMENT_JOINS} WHERE ${VISIBLE_COMMENTS} ORDER BY c.id DESC LIMIT @limit OFFSET @offset`)
    .all({ ...bind, limit, offset }) as CommentRow[];
  return { rows, total: commentCount(db, kind, targetId, viewer) };
}

export const commentCount = (db: Db, kind: CommentKind, targetId: number, viewer: number) =>
  db.prepare(`SELECT COUNT(*) FROM comments c WHERE ${VISIBLE_COMMENTS}`).pluck().get({ kind, targetId, viewer }) as number;

export const commentById = (db: Db, id: number) => db.prepare(`SELECT ${COMMENT_COLUMNS} ${COMMENT_JOINS} WHERE c.id = ?`).get(id) as CommentRow;

export const liveComment = (db: Db, id: number) => db.prepare("SELECT * FROM comments WHERE id = ? AND deleted_at IS NULL").get(id) as CommentRow | undefined;

/** The writer of a comment still there on the same post, which a reply answers. */
export const repliedComment = (db: Db, id: number, kind: string, targetId: number) =>
  db.prepare("SELECT user_id FROM comments WHERE id = ? AND kind = ? AND target_id = ? AND deleted_at IS NULL").get(id, kind, targetId) as
    | { user_id: number }
    | undefined;

export const insertComment = (db: Db, kind: string, targetId: number, userId: number, replyTo: number | null, content: string, at: string) =>
  Number(
    db
      .prepare("INSERT INTO comments (kind, target_id, user_id, reply_to_id, content, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(kind, targetId, userId, replyTo, content, at).lastInsertRowid,
  );

export const markCommentDeleted = (db: Db, id: number, at: string) =>
  db.prepare("UPDATE comments SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL").run(at, id).changes > 0;
