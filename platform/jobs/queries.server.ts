import type { Db } from "../kernel/db.server.ts";

export interface CompanyRow {
  id: number;
  name: string;
  name_en: string;
  kind: string;
  city: string;
  intro: string;
  intro_en: string;
  website: string;
}

export interface PostRow {
  id: number;
  company_id: number;
  title: string;
  title_en: string;
  job_type: string;
  field: string;
  city: string;
  description: string;
  description_en: string;
  requirements: string;
  requirements_en: string;
  apply: string;
  apply_en: string;
  salary: string;
  salary_en: string;
  deadline: string;
  created_at: string;
  company_name: string;
  company_name_en: string;
}

/** What a list of openings is narrowed by; an absent field does not narrow it. */
export interface PostFilter {
  city?: string;
  type?: string;
  field?: string;
  companyId?: number;
  keyword?: string;
}

/** An employer as the seeder adds it. */
export type NewCompany = Omit<CompanyRow, "id">;

/** An opening as the seeder adds it. */
export type NewPost = Omit<PostRow, "id" | "company_name" | "company_name_en">;

const POST_COLUMNS = "p.*, c.name AS company_name, c.name_en AS company_name_en FROM job_posts p JOIN job_companies c ON c.id = p.company_id";
const KEYWORD_COLUMNS = ["p.title", "p.title_en", "c.name", "c.name_en", "p.description", "p.description_en"];

/** The WHERE clause and its arguments: codes match exactly, the keyword (LIKE wildcards escaped) any title, employer or description. */
function postFilter(filter: PostFilter): { clause: string; args: unknown[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  for (const [column, value] of [
    ["p.city", filter.city],
    ["p.job_type", filter.type],
    ["p.field", filter.field],
    ["p.company_id", filter.companyId],
  ] as const) {
    if (!value) continue;
    where.push(`${column} = ?`);
    args.push(value);
  }
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[%_\\]/g, "\\$&")}%`;
    where.push(`(${KEYWORD_COLUMNS.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(" OR ")})`);
    args.push(...KEYWORD_COLUMNS.map(() => like));
  }
  return { clause: where.length ? `WHERE ${where.join(" AND ")}` : "", args };
}

export function countPosts(db: Db, filter: PostFilter): number {
  const { clause, args } = postFilter(filter);
  return db
    .prepare(`SELECT COUNT(*) FROM job_posts p JOIN job_companies c ON c.id = p.company_id ${clause}`)
    .pluck()
    .get(...args) as number;
}

/** A page of openings, newest first. */
export function postsPage(db: Db, filter: PostFilter, limit: number, offset: number): PostRow[] {
  const { clause, args } = postFilter(filter);
  return db.prepare(`SELECT ${POST_COLUMNS} ${clause} ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as PostRow[];
}

export function postById(db: Db, id: number): PostRow | undefined {
  return db.prepare(`SELECT ${POST_COLUMNS} WHERE p.id = ?`).get(id) as PostRow | undefined;
}

export function companyById(db: Db, id: number): CompanyRow | undefined {
  return db.prepare("SELECT * FROM job_companies WHERE id = ?").get(id) as CompanyRow | undefined;
}

export function openingsOf(db: Db, companyId: number): number {
  return db.prepare("SELECT COUNT(*) FROM job_posts WHERE company_id = ?").pluck().get(companyId) as number;
}

/** Every employer, most openings first. */
export function companiesByOpenings(db: Db): CompanyRow[] {
  return db
    .prepare("SELECT * FROM job_companies ORDER BY (SELECT COUNT(*) FROM job_posts p WHERE p.company_id = job_companies.id) DESC, id")
    .all() as CompanyRow[];
}

export function anyCompany(db: Db): boolean {
  return Boolean(db.prepare("SELECT 1 FROM job_companies LIMIT 1").get());
}

export function insertCompany(db: Db, company: NewCompany): number {
  return Number(
    db
      .prepare(
        "INSERT INTO job_companies (name, name_en, kind, city, intro, intro_en, website) VALUES (@name, @name_en, @kind, @city, @intro, @intro_en, @website)",
      )
      .run(company).lastInsertRowid,
  );
}

export function insertPost(db: Db, post: NewPost): void {
  db.prepare(
    `INSERT INTO job_posts (company_id, title, title_en, job_type, field, city, description, description_en,
       requirements, requirements_en, apply, apply_en, salary, salary_en, deadline, created_at)
     VALUES (@company_id, @title, @title_en, @job_type, @field, @city, @description, @description_en,
       @requirements, @requirements_en, @apply, @apply_en, @salary, @salary_en, @deadline, @created_at)`,
  ).run(post);
}
