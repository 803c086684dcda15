/** Every SQL statement of the scholar's documents (ADR 082): the items row each document is, and its owner's row. */
import type { Db } from "../kernel/db.server.ts";
import { listItems, type ItemRow } from "../content/index.server.ts";

export interface DocumentRow {
  item_id: number;
  author_code: string;
  user_id: number;
  doc_type: "workingPaper" | "report" | "slides";
  doi: string | null;
  pdf_name: string;
  pdf_bytes: number;
  hidden: number;
  form: string;
  created_at: string;
  updated_at: string;
}

/** The columns of the items row a document is, as the rules build them. */
export interface DocumentItem {
  kind: "paper" | "report";
  title: string;
  summary: string;
  authorName: string;
  authorNameEn: string;
  orgName: string;
  orgNameEn: string;
  extra: Record<string, unknown>;
}

export interface ScholarNames {
  author_code: string;
  name: string;
  name_en: string;
  org_name: string;
  org_name_en: string;
  field: string;
  field_en: string;
}

/** Items whose authors (extra.authors) include the scholar: their works, seeded or added by themselves. */
export const byAuthorSql = (authorCode: string) => ({
  sql: "EXISTS (SELECT 1 FROM json_each(items.extra, '$.authors') AS author WHERE json_extract(author.value, '$.authorCode') = ?)",
  args: [authorCode],
});

export function scholarsByCode(db: Db, codes: string[]): ScholarNames[] {
  if (!codes.length) return [];
  return db
    .prepare(`SELECT author_code, name, name_en, org_name, org_name_en, field, field_en FROM scholars WHERE author_code IN (${codes.map(() => "?").join(",")})`)
    .all(...codes) as ScholarNames[];
}

export function insertDocumentItem(db: Db, item: DocumentItem, link: string, now: string): number {
  const result = db
    .prepare(
      `INSERT INTO items (kind, title, title_en, summary, summary_en, author_name, author_name_en, org_name, org_name_en, link, extra, created_at)
       VALUES (@kind, @title, @title, @summary, @summary, @authorName, @authorNameEn, @orgName, @orgNameEn, @link, @extra, @now)`,
    )
    .run({ ...item, link, extra: JSON.stringify(item.extra), now });
  return Number(result.lastInsertRowid);
}

export function updateDocumentItem(db: Db, itemId: number, item: DocumentItem, link: string): void {
  db.prepare(
    `UPDATE items SET kind = @kind, title = @title, title_en = @title, summary = @summary, summary_en = @summary,
       author_name = @authorName, author_name_en = @authorNameEn, org_name = @orgName, org_name_en = @orgNameEn, link = @link, extra = @extra
     WHERE id = @itemId`,
  ).run({ ...item, link, extra: JSON.stringify(item.extra), itemId });
}

export function insertDocumentRow(db: Db, row: Omit<DocumentRow, "hidden" | "updated_at">): void {
  db.prepare(
    `INSERT INTO scholar_documents (item_id, author_code, user_id, doc_type, doi, pdf_name, pdf_bytes, form, created_at, updated_at)
     VALUES (@item_id, @author_code, @user_id, @doc_type, @doi, @pdf_name, @pdf_bytes, @form, @created_at, @created_at)`,
  ).run(row);
}

export function updateDocumentRow(db: Db, row: Pick<DocumentRow, "item_id" | "doc_type" | "doi" | "pdf_name" | "pdf_bytes" | "form" | "updated_at">): void {
  db.prepare(
    `UPDATE scholar_documents SET doc_type = @doc_type, doi = @doi, pdf_name = @pdf_name, pdf_bytes = @pdf_bytes, form = @form, updated_at = @updated_at
     WHERE item_id = @item_id`,
  ).run(row);
}

export function documentById(db: Db, itemId: number): DocumentRow | undefined {
  return db.prepare("SELECT * FROM scholar_documents WHERE item_id = ?").get(itemId) as DocumentRow | undefined;
}

export function setHidden(db: Db, itemId: number, hidden: boolean, now: string): void {
  db.prepare("UPDATE scholar_documents SET hidden = ?, updated_at = ? WHERE item_id = ?").run(hidden ? 1 : 0, now, itemId);
}

/** The owner's documents, hidden ones included, newest first, with their items rows. */
export function ownerDocuments(db: Db, authorCode: string, pageNum: number, pageSize: number) {
  const total = db.prepare("SELECT COUNT(*) FROM scholar_documents WHERE author_code = ?").pluck().get(authorCode) as number;
  const rows = db
    .prepare(
      `SELECT d.*, i.* FROM scholar_documents d JOIN items i ON i.id = d.item_id WHERE d.author_code = ?
       ORDER BY d.item_id DESC LIMIT ? OFFSET ?`,
    )
    .all(authorCode, pageSize, (pageNum - 1) * pageSize) as (DocumentRow & ItemRow)[];
  return { rows, total };
}

/** A document of the library with this DOI (its own column, or a DOI an imported record carries in extra). */
export function itemWithDoi(db: Db, doi: string, exceptItemId: number): ItemRow | undefined {
  return db
    .prepare(
      `SELECT * FROM items WHERE kind IN ('paper', 'report') AND id <> @except
         AND (id IN (SELECT item_id FROM scholar_documents WHERE doi = @doi) OR lower(json_extract(extra, '$.doi')) = @doi) LIMIT 1`,
    )
    .get({ doi, except: exceptItemId }) as ItemRow | undefined;
}

/** A document of the library whose title, in either language, is this one when case and spacing are set aside. */
export function itemWithTitle(db: Db, normalizedTitle: string, exceptItemId: number): ItemRow | undefined {
  return db
    .prepare(
      `SELECT * FROM items WHERE kind IN ('paper', 'report') AND id <> @except
         AND (lower(trim(title)) = @title OR lower(trim(title_en)) = @title) LIMIT 1`,
    )
    .get({ title: normalizedTitle, except: exceptItemId }) as ItemRow | undefined;
}

/** How many of a scholar's works others see, by kind: papers, reports and slides. */
export function countWorks(db: Db, authorCode: string, visibleSql: string): { kind: string; count: number }[] {
  const author = byAuthorSql(authorCode);
  return db
    .prepare(
      `SELECT CASE WHEN d.doc_type = 'slides' THEN 'slides' WHEN items.kind = 'report' THEN 'report' ELSE 'paper' END AS kind, COUNT(*) AS count
       FROM items LEFT JOIN scholar_documents d ON d.item_id = items.id
       WHERE items.kind IN ('paper', 'report') AND ${visibleSql} AND ${author.sql} GROUP BY 1`,
    )
    .all(...author.args) as { kind: string; count: number }[];
}

/** A scholar's works others see, most read first, narrowed to a keyword when given. */
export function searchWorks(db: Db, authorCode: string, keyword: string, pageNum: number, pageSize: number) {
  return listItems(db, { kinds: ["paper", "report"], order: "popular", keyword, where: [byAuthorSql(authorCode)], pageNum, pageSize });
}

export function scholarExists(db: Db, authorCode: string): boolean {
  return db.prepare("SELECT 1 FROM scholars WHERE author_code = ?").get(authorCode) !== undefined;
}
