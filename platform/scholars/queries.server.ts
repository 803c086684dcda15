import type { Db } from "../kernel/db.server.ts";

export interface ScholarRow {
  id: number;
  author_code: string;
  name: string;
  name_en: string;
  org_name: string;
  org_name_en: string;
  field: string;
  field_en: string;
  introduction: string;
  introduction_en: string;
  verified: number;
  recommended: number;
  follower_count: number;
  portrait: string;
  sections: string;
}

/** Which scholars a list shows: every profile, or the ones the platform recommends. */
export type ScholarScope = "all" | "recommended";

const SCOPES: Record<ScholarScope, string> = { all: "1 = 1", recommended: "recommended = 1" };
const KEYWORD_COLUMNS = ["name", "name_en", "org_name", "org_name_en", "field", "field_en"];

/** The WHERE clause and its arguments: the scope, and a keyword (LIKE wildcards dropped) in any name, institution or field. */
function listFilter(scope: ScholarScope, keyword: string): { where: string; args: string[] } {
  if (!keyword) return { where: SCOPES[scope], args: [] };
  const like = `%${keyword.replace(/[%_]/g, "")}%`;
  return {
    where: `${SCOPES[scope]} AND (${KEYWORD_COLUMNS.map((column) => `${column} LIKE ?`).join(" OR ")})`,
    args: KEYWORD_COLUMNS.map(() => like),
  };
}

export function countScholars(db: Db, scope: ScholarScope, keyword: string): number {
  const { where, args } = listFilter(scope, keyword);
  return db
    .prepare(`SELECT COUNT(*) FROM scholars WHERE ${where}`)
    .pluck()
    .get(...args) as number;
}

/** A page of scholars: verified first, then by followers. */
export function scholarsPage(db: Db, scope: ScholarScope, keyword: string, limit: number, offset: number): ScholarRow[] {
  const { where, args } = listFilter(scope, keyword);
  return db
    .prepare(`SELECT * FROM scholars WHERE ${where} ORDER BY verified DESC, follower_count DESC, id LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as ScholarRow[];
}

export function scholarByCode(db: Db, authorCode: string): ScholarRow | undefined {
  return db.prepare("SELECT * FROM scholars WHERE author_code = ?").get(authorCode) as ScholarRow | undefined;
}

export function scholarExists(db: Db, authorCode: string): boolean {
  return Boolean(db.prepare("SELECT 1 FROM scholars WHERE author_code = ?").get(authorCode));
}

/** The author codes a person follows. */
export function followedCodes(db: Db, userId: number): string[] {
  return db.prepare("SELECT author_code FROM follows WHERE user_id = ?").pluck().all(userId) as string[];
}

export function isFollowing(db: Db, userId: number, authorCode: string): boolean {
  return Boolean(db.prepare("SELECT 1 FROM follows WHERE user_id = ? AND author_code = ?").get(userId, authorCode));
}

export function removeFollow(db: Db, userId: number, authorCode: string): void {
  db.prepare("DELETE FROM follows WHERE user_id = ? AND author_code = ?").run(userId, authorCode);
  db.prepare("UPDATE scholars SET follower_count = MAX(0, follower_count - 1) WHERE author_code = ?").run(authorCode);
}

export function addFollow(db: Db, userId: number, authorCode: string, at: string): void {
  db.prepare("INSERT INTO follows (user_id, author_code, created_at) VALUES (?, ?, ?)").run(userId, authorCode, at);
}

export function countFollower(db: Db, authorCode: string): void {
  db.prepare("UPDATE scholars SET follower_count = follower_count + 1 WHERE author_code = ?").run(authorCode);
}

/** The user who owns a profile (an approved claim), if any. */
export function ownerOf(db: Db, authorCode: string): number | null {
  return (db.prepare("SELECT id FROM users WHERE author_code = ?").pluck().get(authorCode) as number | undefined) ?? null;
}

/** A seeded scholar (the content seed makes them with their papers, talks and books). */
export interface SeedScholarRow {
  author_code: string;
  name: string;
  name_en: string;
  org_name: string;
  org_name_en: string;
  field: string;
  field_en: string;
  introduction: string;
  introduction_en: string;
  verified: number;
  recommended: number;
  follower_count: number;
}

export function insertScholar(db: Db, row: SeedScholarRow): void {
  db.prepare(`INSERT INTO scholars (author_code, name, name_en, org_name, org_name_en, field, field_en,
    introduction, introduction_en, verified, recommended, follower_count, portrait) VALUES (@author_code, @name, @name_en, @org_name, @org_name_en,
    @field, @field_en, @introduction, @introduction_en, @verified, @recommended, @follower_count, '')`).run(row);
}
