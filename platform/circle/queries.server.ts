import type { Db } from "../kernel/db.server.ts";
import { notBlockedSql } from "../community/visibility.server.ts";

export interface PostRow {
  id: number;
  user_id: number;
  content: string;
  created_at: string;
  nickname: string;
  user_name: string;
  portrait_url: string;
  images: string | null;
  praise_count: number;
  comment_count: number;
  praised: 0 | 1;
}

/** Which posts a page lists: a WHERE fragment over `p` with its named parameters besides @viewer. */
export interface PostFilter {
  where: string;
  bind: Record<string, unknown>;
}

/**
 * A post as the viewer (@viewer, 0 for a visitor) sees it: its images in order, and counts taken from the rows
 * themselves. The comment count leaves out comments of people the viewer blocked, as /comment/list does.
 */
const POST_SELECT = `SELECT p.id, p.user_id, p.content, p.created_at, u.nickname, u.user_name, u.portrait_url,
  (SELECT json_group_array(url) FROM (SELECT url FROM circle_images WHERE post_id = p.id ORDER BY position)) AS images,
  (SELECT COUNT(*) FROM circle_praises WHERE post_id = p.id) AS praise_count,
  (SELECT COUNT(*) FROM comments c WHERE c.kind = 'circle' AND c.target_id = p.id AND c.deleted_at IS NULL AND ${notBlockedSql("c.user_id")}) AS comment_count,
  EXISTS (SELECT 1 FROM circle_praises WHERE post_id = p.id AND user_id = @viewer) AS praised
  FROM circle_posts p JOIN users u ON u.id = p.user_id`;

/** Posts anyone may see: not removed, and not by someone the viewer blocked (their posts vanish for the blocker). */
const SHOWN = `p.deleted_at IS NULL AND ${notBlockedSql("p.user_id")}`;

export const shownPosts: PostFilter = { where: SHOWN, bind: {} };
export const postsOf = (userId: number): PostFilter => ({ where: `${SHOWN} AND p.user_id = @userId`, bind: { userId } });
/** The viewer's own posts, none hidden. */
export const ownPosts: PostFilter = { where: "p.deleted_at IS NULL AND p.user_id = @viewer", bind: {} };

export function postsPage(db: Db, viewer: number, filter: PostFilter, limit: number, offset: number) {
  const total = db
    .prepare(`SELECT COUNT(*) FROM circle_posts p WHERE ${filter.where}`)
    .pluck()
    .get({ ...filter.bind, viewer }) as number;
  const rows = db
    .prepare(`${POST_SELECT} WHERE ${filter.where} ORDER BY p.id DESC LIMIT @limit OFFSET @offset`)
    .all({ ...filter.bind, viewer, limit, offset }) as PostRow[];
  return { rows, total };
}

export const shownPost = (db: Db, id: number, viewer: number) =>
  db.prepare(`${POST_SELECT} WHERE p.id = @id AND ${SHOWN}`).get({ id, viewer }) as PostRow | undefined;

/** The writer of a post the viewer may see, or undefined. */
export const shownPostAuthor = (db: Db, id: number, viewer: number) =>
  db.prepare(`SELECT p.user_id FROM circle_posts p WHERE p.id = @id AND ${SHOWN}`).pluck().get({ id, viewer }) as number | undefined;

/** The writer of a post not removed, whoever asks. */
export const postAuthor = (db: Db, id: number) =>
  db.prepare("SELECT user_id FROM circle_posts WHERE id = ? AND deleted_at IS NULL").pluck().get(id) as number | undefined;

export const insertPost = (db: Db, userId: number, content: string, at: string) =>
  Number(db.prepare("INSERT INTO circle_posts (user_id, content, created_at) VALUES (?, ?, ?)").run(userId, content, at).lastInsertRowid);

export const insertImage = (db: Db, postId: number, position: number, url: string) =>
  db.prepare("INSERT INTO circle_images (post_id, position, url) VALUES (?, ?, ?)").run(postId, position, url);

export const markPostDeleted = (db: Db, id: number, at: string) => db.prepare("UPDATE circle_posts SET deleted_at = ? WHERE id = ?").run(at, id);

export const deletePraise = (db: Db, postId: number, userId: number) =>
  db.prepare("DELETE FROM circle_praises WHERE post_id = ? AND user_id = ?").run(postId, userId).changes > 0;

export const insertPraise = (db: Db, postId: number, userId: number, at: string) =>
  db.prepare("INSERT INTO circle_praises (post_id, user_id, created_at) VALUES (?, ?, ?)").run(postId, userId, at);

export const praiseCount = (db: Db, postId: number) => db.prepare("SELECT COUNT(*) FROM circle_praises WHERE post_id = ?").pluck().get(postId) as number;

// The seed's writes (seed.server.ts).

export const userIdByName = (db: Db, userName: string) => db.prepare("SELECT id FROM users WHERE user_name = ?").pluck().get(userName) as number | undefined;

export const insertSeedUser = (db: Db, userName: string, nickname: string, portraitUrl: string, at: string) =>
  Number(
    db.prepare("INSERT INTO users (user_name, nickname, portrait_url, created_at) VALUES (?, ?, ?, ?)").run(userName, nickname, portraitUrl, at)
      .lastInsertRowid,
  );

export const insertUserFollow = (db: Db, followerId: number, followeeId: number, at: string) =>
  db.prepare("INSERT INTO user_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)").run(followerId, followeeId, at);

export const insertSeedPost = (db: Db, userId: number, content: string, at: string) =>
  Number(db.prepare("INSERT INTO circle_posts (user_id, content, created_at) VALUES (?, ?, ?)").run(userId, content, at).lastInsertRowid);

export const insertPostImage = (db: Db, postId: number, position: number, url: string) =>
  db.prepare("INSERT INTO circle_images (post_id, position, url) VALUES (?, ?, ?)").run(postId, position, url);

export const insertPostPraise = (db: Db, postId: number, userId: number, at: string) =>
  db.prepare("INSERT INTO circle_praises (post_id, user_id, created_at) VALUES (?, ?, ?)").run(postId, userId, at);

export const insertPostComment = (db: Db, postId: number, userId: number, replyTo: number | null, content: string, at: string) =>
  Number(
    db
      .prepare("INSERT INTO comments (kind, target_id, user_id, reply_to_id, content, created_at) VALUES ('circle', ?, ?, ?, ?, ?)")
      .run(postId, userId, replyTo, content, at).lastInsertRowid,
  );
