import type { Db } from "../kernel/db.server.ts";
import { type ItemRow, toItem } from "../content.server.ts";
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
