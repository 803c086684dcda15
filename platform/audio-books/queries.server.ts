import type { Db } from "../kernel/db.server.ts";

export interface BookRow {
  id: number;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  cover: string;
  author_name: string;
  author_name_en: string;
  narrator: string;
  narrator_en: string;
  category_id: number;
  free_chapters: number;
  unlock_points: number;
}

export interface ChapterRow {
  id: number;
  book_id: number;
  position: number;
  title: string;
  title_en: string;
  file: string;
  duration_ms: number;
  transcript: string;
}

export interface CategoryRow {
  id: number;
  name: string;
  name_en: string;
  intro: string;
  intro_en: string;
}

export type UnlockMethod = "points" | "membership" | "voucher";

export interface UnlockRow {
  book_id: number;
  method: UnlockMethod;
  points: number;
  created_at: string;
}

export interface PositionRow {
  book_id: number;
  chapter_id: number;
  position_ms: number;
  taken_at: string;
  updated_at: string;
  plays: number;
}

export interface ScoreRow {
  book_id: number;
  score: number;
  comment: string;
  updated_at: string;
}

export interface VoucherRow {
  code: string;
  book_id: number;
  giver_id: number;
  receiver_id: number | null;
  received_at: string | null;
}

const BOOK_SELECT = `SELECT i.id, i.title, i.title_en, i.summary, i.summary_en, i.cover, i.author_name, i.author_name_en,
    b.narrator, b.narrator_en, b.category_id, b.free_chapters, b.unlock_points FROM audio_books b JOIN items i ON i.id = b.item_id`;

export const bookById = (db: Db, id: number) => db.prepare(`${BOOK_SELECT} WHERE i.id = ?`).get(id) as BookRow | undefined;

/** One page of the catalogue, newest first, of one category or all. */
export function booksPage(db: Db, categoryId: number | null, limit: number, offset: number): BookRow[] {
  const where = categoryId ? "WHERE b.category_id = ?" : "";
  const args = categoryId ? [categoryId] : [];
  return db.prepare(`${BOOK_SELECT} ${where} ORDER BY i.sort DESC, i.id LIMIT ? OFFSET ?`).all(...args, limit, offset) as BookRow[];
}

export function bookCount(db: Db, categoryId: number | null): number {
  const where = categoryId ? "WHERE b.category_id = ?" : "";
  const args = categoryId ? [categoryId] : [];
  return db
    .prepare(`SELECT COUNT(*) FROM audio_books b ${where}`)
    .pluck()
    .get(...args) as number;
}

export const categories = (db: Db) => db.prepare("SELECT * FROM audio_categories ORDER BY sort").all() as CategoryRow[];

export const categoryBookCount = (db: Db, categoryId: number) =>
  db.prepare("SELECT COUNT(*) FROM audio_books WHERE category_id = ?").pluck().get(categoryId) as number;

export const categoryById = (db: Db, id: number) => db.prepare("SELECT * FROM audio_categories WHERE id = ?").get(id) as CategoryRow | undefined;

export const chaptersOf = (db: Db, bookId: number) =>
  db.prepare("SELECT * FROM audio_chapters WHERE book_id = ? ORDER BY position").all(bookId) as ChapterRow[];

export const chapterById = (db: Db, id: number) => db.prepare("SELECT * FROM audio_chapters WHERE id = ?").get(id) as ChapterRow | undefined;

export const chapterTotals = (db: Db, bookId: number) =>
  db.prepare("SELECT COUNT(*) AS count, SUM(duration_ms) AS ms FROM audio_chapters WHERE book_id = ?").get(bookId) as { count: number; ms: number };

export const scoreOf = (db: Db, bookId: number) =>
  db.prepare("SELECT ROUND(AVG(score), 1) AS average, COUNT(*) AS count FROM book_scores WHERE book_id = ?").get(bookId) as {
    average: number | null;
    count: number;
  };

export const listenerCount = (db: Db, bookId: number) => db.prepare("SELECT COUNT(*) FROM listen_positions WHERE book_id = ?").pluck().get(bookId) as number;

export const unlockOf = (db: Db, userId: number, bookId: number) =>
  db.prepare("SELECT * FROM book_unlocks WHERE user_id = ? AND book_id = ?").get(userId, bookId) as UnlockRow | undefined;

/** Records an unlock; one that exists (a membership unlock that no longer holds) gives way to the new one. */
export function recordUnlock(db: Db, userId: number, bookId: number, method: UnlockMethod, points: number, ref: string, at: string): void {
  db.prepare(
    `INSERT INTO book_unlocks (user_id, book_id, method, points, ref, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, book_id) DO UPDATE SET method = excluded.method, points = excluded.points, ref = excluded.ref, created_at = excluded.created_at`,
  ).run(userId, bookId, method, points, ref, at);
}

export const unlocksOf = (db: Db, userId: number) =>
  db.prepare("SELECT * FROM book_unlocks WHERE user_id = ? ORDER BY created_at DESC").all(userId) as UnlockRow[];

export const positionOf = (db: Db, userId: number, bookId: number) =>
  db.prepare("SELECT * FROM listen_positions WHERE user_id = ? AND book_id = ?").get(userId, bookId) as PositionRow | undefined;

export function writePosition(db: Db, userId: number, chapter: ChapterRow, positionMs: number, takenAt: string, at: string, newPlay: number): void {
  db.prepare(
    `INSERT INTO listen_positions (user_id, book_id, chapter_id, position_ms, taken_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, book_id) DO UPDATE SET chapter_id = excluded.chapter_id, position_ms = excluded.position_ms,
     taken_at = excluded.taken_at, updated_at = excluded.updated_at, plays = plays + ?`,
  ).run(userId, chapter.book_id, chapter.id, positionMs, takenAt, at, newPlay);
}

export const positionsPage = (db: Db, userId: number, limit: number, offset: number) =>
  db.prepare("SELECT * FROM listen_positions WHERE user_id = ? ORDER BY updated_at DESC LIMIT ? OFFSET ?").all(userId, limit, offset) as PositionRow[];

export const positionCount = (db: Db, userId: number) => db.prepare("SELECT COUNT(*) FROM listen_positions WHERE user_id = ?").pluck().get(userId) as number;

export const isOnShelf = (db: Db, userId: number, bookId: number) =>
  Boolean(db.prepare("SELECT 1 FROM shelf_books WHERE user_id = ? AND book_id = ?").get(userId, bookId));

export const shelfOf = (db: Db, userId: number) =>
  db.prepare("SELECT book_id, created_at FROM shelf_books WHERE user_id = ? ORDER BY created_at DESC").all(userId) as { book_id: number; created_at: string }[];

export const removeFromShelf = (db: Db, userId: number, bookId: number) =>
  db.prepare("DELETE FROM shelf_books WHERE user_id = ? AND book_id = ?").run(userId, bookId).changes > 0;

export const addToShelf = (db: Db, userId: number, bookId: number, at: string) =>
  db.prepare("INSERT INTO shelf_books (user_id, book_id, created_at) VALUES (?, ?, ?)").run(userId, bookId, at);

export const myScore = (db: Db, userId: number, bookId: number) =>
  db.prepare("SELECT score, comment FROM book_scores WHERE user_id = ? AND book_id = ?").get(userId, bookId) as { score: number; comment: string } | undefined;

export function writeScore(db: Db, userId: number, bookId: number, score: number, comment: string, at: string): void {
  db.prepare(
    `INSERT INTO book_scores (user_id, book_id, score, comment, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, book_id) DO UPDATE SET score = excluded.score, comment = excluded.comment, updated_at = excluded.updated_at`,
  ).run(userId, bookId, score, comment, at);
}

export const scoresOf = (db: Db, userId: number) =>
  db.prepare("SELECT * FROM book_scores WHERE user_id = ? ORDER BY updated_at DESC").all(userId) as ScoreRow[];

export const voucherOfBook = (db: Db, code: string, bookId: number) =>
  db.prepare("SELECT * FROM book_vouchers WHERE code = ? AND book_id = ?").get(code, bookId) as VoucherRow | undefined;

export const voucherByCode = (db: Db, code: string) => db.prepare("SELECT * FROM book_vouchers WHERE code = ?").get(code) as VoucherRow | undefined;

/** Takes a voucher for a receiver; false when someone took it first. */
export const takeVoucher = (db: Db, code: string, userId: number, at: string) =>
  db.prepare("UPDATE book_vouchers SET receiver_id = ?, received_at = ? WHERE code = ? AND receiver_id IS NULL").run(userId, at, code).changes === 1;

export const vouchersGiven = (db: Db, userId: number, bookId: number) =>
  db.prepare("SELECT * FROM book_vouchers WHERE giver_id = ? AND book_id = ? ORDER BY created_at").all(userId, bookId) as VoucherRow[];

export const voucherCountGiven = (db: Db, userId: number, bookId: number) =>
  db.prepare("SELECT COUNT(*) FROM book_vouchers WHERE giver_id = ? AND book_id = ?").pluck().get(userId, bookId) as number;

export const insertVoucher = (db: Db, code: string, bookId: number, userId: number, at: string) =>
  db.prepare("INSERT INTO book_vouchers (code, book_id, giver_id, created_at) VALUES (?, ?, ?, ?)").run(code, bookId, userId, at);
