import type { Db } from "../kernel/db.server.ts";
import { type ItemRow, toItem } from "../content/index.server.ts";
import { publicItemSql } from "../essays/visibility.server.ts";
import { notBlockedSql } from "../community/visibility.server.ts";

/**
 * One thing a search found, in the item shape every list binds (zh fields with En siblings, a link to its page), with
 * `count`: the number the kind is known by (views, listens, praises, followers), absent where it has none (a job).
 */
export interface SearchHit {
  kind: string;
  id: number;
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  cover: string;
  authorName: string;
  authorNameEn: string;
  orgName: string;
  orgNameEn: string;
  link: string;
  count?: number;
  [field: string]: unknown;
}

/** A LIKE pattern matching the phrase anywhere, its wildcards taken literally (bind with ESCAPE '\'). */
export function containsPattern(phrase: string): string {
  return `%${phrase.replace(/[%_\\]/g, "\\$&")}%`;
}

const LIKE = (column: string) => `${column} LIKE @like ESCAPE '\\'`;

/** Public items of the kinds whose title, summary or author holds the phrase, in either language. */
export function itemHits(db: Db, kinds: string[], like: string): SearchHit[] {
  if (!kinds.length) return [];
  const text = ["title", "title_en", "summary", "summary_en", "author_name", "author_name_en"].map(LIKE).join(" OR ");
  const rows = db
    .prepare(`SELECT * FROM items WHERE kind IN (SELECT value FROM json_each(@kinds)) AND ${publicItemSql()} AND (${text})`)
    .all({ kinds: JSON.stringify(kinds), like }) as ItemRow[];
  return rows.map((row) => ({ ...toItem(row), count: row.view_count }));
}

interface JobRow {
  id: number;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  city: string;
  company_name: string;
  company_name_en: string;
}

/** Job posts whose title, description or company holds the phrase. */
export function jobHits(db: Db, like: string): SearchHit[] {
  const text = ["p.title", "p.title_en", "p.description", "p.description_en", "c.name", "c.name_en"].map(LIKE).join(" OR ");
  const rows = db
    .prepare(
      `SELECT p.id, p.title, p.title_en, p.description, p.description_en, p.city, c.name AS company_name, c.name_en AS company_name_en
       FROM job_posts p JOIN job_companies c ON c.id = p.company_id WHERE ${text}`,
    )
    .all({ like }) as JobRow[];
  return rows.map((row) => ({
    kind: "job",
    id: row.id,
    title: row.title,
    titleEn: row.title_en,
    summary: row.description,
    summaryEn: row.description_en,
    cover: "",
    authorName: row.company_name,
    authorNameEn: row.company_name_en,
    orgName: "",
    orgNameEn: "",
    link: `/jobDetail?id=${row.id}`,
  }));
}

interface PostRow {
  id: number;
  content: string;
  nickname: string;
  cover: string | null;
  praise_count: number;
}

/** Circle posts the viewer may see (not removed, not by someone they blocked) whose text holds the phrase. */
export function circleHits(db: Db, like: string, viewer: number): SearchHit[] {
  const rows = db
    .prepare(
      `SELECT p.id, p.content, u.nickname,
         (SELECT url FROM circle_images WHERE post_id = p.id ORDER BY position LIMIT 1) AS cover,
         (SELECT COUNT(*) FROM circle_praises WHERE post_id = p.id) AS praise_count
       FROM circle_posts p JOIN users u ON u.id = p.user_id
       WHERE p.deleted_at IS NULL AND ${notBlockedSql("p.user_id")} AND ${LIKE("p.content")}`,
    )
    .all({ like, viewer }) as PostRow[];
  return rows.map((row) => {
    const title = circleTitle(row.content);
    return {
      kind: "circle",
      id: row.id,
      title,
      titleEn: title,
      summary: row.content,
      summaryEn: row.content,
      cover: row.cover ?? "",
      authorName: row.nickname,
      authorNameEn: row.nickname,
      orgName: "",
      orgNameEn: "",
      link: `/circleDetail?id=${row.id}`,
      count: row.praise_count,
    };
  });
}

/** A post has no title: its first line, cut to 40 characters, stands for one. */
export function circleTitle(content: string): string {
  const firstLine = content.trim().split("\n", 1)[0] ?? "";
  const characters = Array.from(firstLine);
  return characters.length > 40 ? `${characters.slice(0, 40).join("")}…` : firstLine;
}

interface ScholarRow {
  id: number;
  author_code: string;
  name: string;
  name_en: string;
  org_name: string;
  org_name_en: string;
  field: string;
  field_en: string;
  portrait: string;
  follower_count: number;
}

/** Scholars whose name, institution or field holds the phrase. */
export function peopleHits(db: Db, like: string): SearchHit[] {
  const text = ["name", "name_en", "org_name", "org_name_en", "field", "field_en"].map(LIKE).join(" OR ");
  const rows = db
    .prepare(`SELECT id, author_code, name, name_en, org_name, org_name_en, field, field_en, portrait, follower_count FROM scholars WHERE ${text}`)
    .all({ like }) as ScholarRow[];
  return rows.map((row) => ({
    kind: "person",
    id: row.id,
    title: row.name,
    titleEn: row.name_en,
    summary: row.field,
    summaryEn: row.field_en,
    cover: row.portrait,
    authorName: "",
    authorNameEn: "",
    orgName: row.org_name,
    orgNameEn: row.org_name_en,
    link: `/person?authorCode=${row.author_code}`,
    count: row.follower_count,
  }));
}

// Hot searches (ADR 042): a score per phrase that halves every HALF_LIFE_DAYS days, and the clients counted today.

/** Days after which a phrase's score has halved. */
export const HALF_LIFE_DAYS = 3;
/** A score that has decayed below this (and was never hidden) is forgotten. */
const FORGOTTEN_BELOW = 0.05;

/** The score in SQL as of the day bound to @today: search_count halved for every HALF_LIFE_DAYS since updated_at's day. */
const DECAYED = `search_count * pow(0.5, (julianday(@today) - julianday(date(updated_at, '+8 hours'))) / ${HALF_LIFE_DAYS}.0)`;

/** Notes that a client searched a phrase on a day; false when it already had. */
export function rememberSearchClient(db: Db, day: string, keyword: string, clientHash: string): boolean {
  return db.prepare("INSERT OR IGNORE INTO search_clients (day, keyword, client) VALUES (?, ?, ?)").run(day, keyword, clientHash).changes > 0;
}

/** Forgets the clients of days before `today` and the phrases whose score has faded away. */
export function forgetEarlierSearches(db: Db, today: string): void {
  db.prepare("DELETE FROM search_clients WHERE day < ?").run(today);
  db.prepare(`DELETE FROM search_keywords WHERE hidden_at IS NULL AND ${DECAYED} < ${FORGOTTEN_BELOW}`).run({ today });
}

/** Adds one to a phrase's decayed score (a hidden phrase keeps its score). */
export function addToKeywordScore(db: Db, keyword: string, now: string, today: string): void {
  db.prepare(
    `INSERT INTO search_keywords (keyword, search_count, updated_at) VALUES (@keyword, 1, @now)
     ON CONFLICT (keyword) DO UPDATE SET search_count = ${DECAYED} + 1, updated_at = @now WHERE hidden_at IS NULL`,
  ).run({ keyword, now, today });
}

export function isKeywordHidden(db: Db, keyword: string): boolean {
  return Boolean(db.prepare("SELECT 1 FROM search_keywords WHERE keyword = ? AND hidden_at IS NOT NULL").get(keyword));
}

/** The best-scored phrases not hidden, as of `today`. */
export function rankedKeywords(db: Db, today: string, limit: number): { keyword: string; keyword_en: string; score: number }[] {
  return db
    .prepare(`SELECT keyword, keyword_en, ${DECAYED} AS score FROM search_keywords WHERE hidden_at IS NULL ORDER BY score DESC, keyword LIMIT @limit`)
    .all({ today, limit }) as { keyword: string; keyword_en: string; score: number }[];
}

export function hideKeyword(db: Db, keyword: string, by: string, now: string): void {
  db.prepare(
    `INSERT INTO search_keywords (keyword, search_count, updated_at, hidden_at, hidden_by) VALUES (?, 0, ?, ?, ?)
     ON CONFLICT (keyword) DO UPDATE SET hidden_at = excluded.hidden_at, hidden_by = excluded.hidden_by`,
  ).run(keyword, now, now, by);
}

/** Shows a hidden phrase again; false when it was not hidden. */
export function unhideKeyword(db: Db, keyword: string): boolean {
  return db.prepare("UPDATE search_keywords SET hidden_at = NULL, hidden_by = NULL WHERE keyword = ? AND hidden_at IS NOT NULL").run(keyword).changes > 0;
}

export function hiddenKeywords(db: Db): { keyword: string; hidden_at: string; hidden_by: string }[] {
  return db.prepare("SELECT keyword, hidden_at, hidden_by FROM search_keywords WHERE hidden_at IS NOT NULL ORDER BY hidden_at DESC").all() as {
    keyword: string;
    hidden_at: string;
    hidden_by: string;
  }[];
}
