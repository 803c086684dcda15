/** Every SQL statement of recommendations and rankings (ADR 082). */
import type { Db } from "../kernel/db.server.ts";
import type { ItemRow } from "../content/index.server.ts";
import type { ScholarRow } from "../scholars/index.server.ts";
import { publicItemSql } from "../essays/visibility.server.ts";

/** What a person's interest is made of: the scholars they follow, and the topics and JEL codes of what they keep. */
export interface InterestRows {
  followed: { author_code: string; name: string; name_en: string; org_name: string; org_name_en: string; field: string; field_en: string; sections: string }[];
  /** Topics (zh, En) of the items they collected, praised or saved to their reading list: what they read and watch. */
  keptTopics: { topic: string; topic_en: string }[];
  /** JEL codes of the papers they kept. */
  keptJel: string[];
}

export function interestRows(db: Db, userId: number): InterestRows {
  const followed = db
    .prepare(
      `SELECT s.author_code, s.name, s.name_en, s.org_name, s.org_name_en, s.field, s.field_en, s.sections
       FROM follows f JOIN scholars s ON s.author_code = f.author_code WHERE f.user_id = ? ORDER BY f.created_at DESC LIMIT 50`,
    )
    .all(userId) as InterestRows["followed"];
  const kept = `SELECT item_id FROM collects WHERE user_id = @user UNION SELECT item_id FROM praises WHERE user_id = @user
    UNION SELECT item_id FROM library_entries WHERE user_id = @user`;
  const keptTopics = db
    .prepare(
      `SELECT DISTINCT json_extract(extra, '$.topic') AS topic, json_extract(extra, '$.topicEn') AS topic_en FROM items
       WHERE id IN (${kept}) AND json_extract(extra, '$.topic') IS NOT NULL AND json_extract(extra, '$.topic') <> ''`,
    )
    .all({ user: userId }) as InterestRows["keptTopics"];
  const keptJel = db
    .prepare(`SELECT DISTINCT jel.value FROM items, json_each(items.extra, '$.jel') AS jel WHERE items.id IN (${kept})`)
    .pluck()
    .all({ user: userId }) as string[];
  return { followed, keptTopics, keptJel };
}

/** Topics of the papers filed under any of these JEL codes (or their one-letter classes): a JEL field as topics. */
export function topicsOfJel(db: Db, codes: string[]): { topic: string; topic_en: string }[] {
  if (!codes.length) return [];
  const letters = [...new Set(codes.map((code) => code.slice(0, 1)))];
  return db
    .prepare(
      `SELECT json_extract(extra, '$.topic') AS topic, json_extract(extra, '$.topicEn') AS topic_en, COUNT(*) AS papers
       FROM items, json_each(items.extra, '$.jel') AS jel
       WHERE kind = 'paper' AND (jel.value IN (SELECT value FROM json_each(@codes)) OR substr(jel.value, 1, 1) IN (SELECT value FROM json_each(@letters)))
         AND json_extract(extra, '$.topic') IS NOT NULL
       GROUP BY 1, 2 ORDER BY papers DESC LIMIT 5`,
    )
    .all({ codes: JSON.stringify(codes), letters: JSON.stringify(letters) }) as { topic: string; topic_en: string }[];
}

export interface Scored {
  sql: string;
  args: Record<string, unknown>;
}

/**
 * Items of some kinds ranked by how they meet the interest (score), then by reads; what the person already kept is
 * left out. `meetings` read a meeting's topic from its chair's field.
 */
export function rankedItems(db: Db, kinds: string[], score: Scored, userId: number, extraWhere: string, limit: number): (ItemRow & { score: number })[] {
  return db
    .prepare(
      `SELECT items.*, (${score.sql}) AS score FROM items
       WHERE kind IN (SELECT value FROM json_each(@kinds)) AND ${publicItemSql("items.id", "items.kind")} ${extraWhere}
         AND items.id NOT IN (SELECT item_id FROM collects WHERE user_id = @user UNION SELECT item_id FROM library_entries WHERE user_id = @user)
       ORDER BY score DESC, view_count DESC, items.id DESC LIMIT @limit`,
    )
    .all({ ...score.args, kinds: JSON.stringify(kinds), user: userId, limit }) as (ItemRow & { score: number })[];
}

/** A scholar row with how often their works were read and how many followed them lately, for the hot-authors list. */
export interface HotAuthorRow extends ScholarRow {
  works_read: number;
  new_followers: number;
}

/** Scholars with their followers, the new followers since a moment and the reads of their works others see. */
export function authorsWithHeat(db: Db, since: string, limit: number, offset: number): HotAuthorRow[] {
  return db
    .prepare(
      `SELECT s.*,
         (SELECT COUNT(*) FROM follows f WHERE f.author_code = s.author_code AND f.created_at >= @since) AS new_followers,
         COALESCE((SELECT SUM(i.view_count) FROM items i WHERE i.kind IN ('paper', 'report') AND ${publicItemSql("i.id", "i.kind")}
           AND EXISTS (SELECT 1 FROM json_each(i.extra, '$.authors') AS a WHERE json_extract(a.value, '$.authorCode') = s.author_code)), 0) AS works_read
       FROM scholars s
       ORDER BY (follower_count + 10 * new_followers + works_read / 10) DESC, s.id LIMIT @limit OFFSET @offset`,
    )
    .all({ since, limit, offset }) as HotAuthorRow[];
}

export function scholarCount(db: Db): number {
  return db.prepare("SELECT COUNT(*) FROM scholars").pluck().get() as number;
}

/** Reports grouped by industry (their topic): each with how many reports and the most read of them. */
export function reportIndustries(db: Db): { topic: string; topic_en: string; reports: number }[] {
  return db
    .prepare(
      `SELECT json_extract(extra, '$.topic') AS topic, json_extract(extra, '$.topicEn') AS topic_en, COUNT(*) AS reports FROM items
       WHERE kind = 'report' AND ${publicItemSql()} AND json_extract(extra, '$.topic') IS NOT NULL AND json_extract(extra, '$.topic') <> ''
       GROUP BY 1, 2 ORDER BY reports DESC, topic`,
    )
    .all() as { topic: string; topic_en: string; reports: number }[];
}

export function topReportsOf(db: Db, topic: string, limit: number): ItemRow[] {
  return db
    .prepare(
      `SELECT * FROM items WHERE kind = 'report' AND ${publicItemSql()} AND json_extract(extra, '$.topic') = ? ORDER BY view_count DESC, id DESC LIMIT ?`,
    )
    .all(topic, limit) as ItemRow[];
}

export interface MutualRow {
  id: number;
  nickname: string;
  nickname_en: string;
  user_name: string;
  portrait_url: string;
  author_code: string | null;
}

/** People this user follows who follow them back, newest mutual first. */
export function mutualFollows(db: Db, userId: number, limit: number, offset: number): { rows: MutualRow[]; total: number } {
  const mutual = `FROM user_follows mine JOIN user_follows back ON back.follower_id = mine.followee_id AND back.followee_id = mine.follower_id
    JOIN users u ON u.id = mine.followee_id WHERE mine.follower_id = @user`;
  const total = db.prepare(`SELECT COUNT(*) ${mutual}`).pluck().get({ user: userId }) as number;
  const rows = db
    .prepare(
      `SELECT u.id, u.nickname, u.nickname_en, u.user_name, u.portrait_url, u.author_code ${mutual}
       ORDER BY MAX(mine.created_at, back.created_at) DESC, u.id LIMIT @limit OFFSET @offset`,
    )
    .all({ user: userId, limit, offset }) as MutualRow[];
  return { rows, total };
}

export function userIdOfScholar(db: Db, authorCode: string): number | undefined {
  return db.prepare("SELECT id FROM users WHERE author_code = ?").pluck().get(authorCode) as number | undefined;
}
