import type { Db } from "../kernel/db.server.ts";
import type { ItemRow } from "../content/index.server.ts";

/** The shop's SQL: courses and goods are items with a row in products; a course's lessons are course_lessons. */

export type SoldKind = "course" | "goods";

export interface SoldItemRow extends ItemRow {
  product_id: number;
  price_fen: number;
  stock: number | null;
  on_sale: number;
}

export interface LessonRow {
  id: number;
  course_id: number;
  position: number;
  kind: "video" | "doc";
  title: string;
  title_en: string;
  minutes: number;
  preview: number;
  video_url: string | null;
  body: string;
  body_en: string;
}

const sold = (kind: SoldKind) =>
  `SELECT i.*, p.id AS product_id, p.price_fen, p.stock, p.on_sale FROM items i JOIN products p ON p.item_id = i.id WHERE i.kind = '${kind}'`;

export const soldPage = (db: Db, kind: SoldKind, pageSize: number, offset: number) =>
  db.prepare(`${sold(kind)} ORDER BY i.id LIMIT ? OFFSET ?`).all(pageSize, offset) as SoldItemRow[];

export const soldCount = (db: Db, kind: SoldKind) =>
  db
    .prepare(`SELECT COUNT(*) FROM (${sold(kind)})`)
    .pluck()
    .get() as number;

export const soldItem = (db: Db, kind: SoldKind, id: number) => db.prepare(`${sold(kind)} AND i.id = ?`).get(id) as SoldItemRow | undefined;

export const hasBought = (db: Db, userId: number, itemId: number) =>
  Boolean(db.prepare("SELECT 1 FROM entitlements e JOIN products p ON p.id = e.product_id WHERE e.user_id = ? AND p.item_id = ?").get(userId, itemId));

export const hasCollected = (db: Db, userId: number, itemId: number) =>
  Boolean(db.prepare("SELECT 1 FROM collects WHERE user_id = ? AND item_id = ?").get(userId, itemId));

export const collectCount = (db: Db, itemId: number) =>
  (db.prepare("SELECT collect_count FROM item_meta WHERE item_id = ?").pluck().get(itemId) as number | undefined) ?? 0;

export const lessonsOf = (db: Db, courseId: number) =>
  db.prepare("SELECT * FROM course_lessons WHERE course_id = ? ORDER BY position").all(courseId) as LessonRow[];

export const lessonById = (db: Db, id: number) => db.prepare("SELECT * FROM course_lessons WHERE id = ?").get(id) as LessonRow | undefined;

/** A seeded item on sale: its items row, its cover named by its id (written after the insert) and its product. */
export function insertSoldItem(
  db: Db,
  item: {
    kind: SoldKind;
    title: string;
    titleEn: string;
    summary: string;
    summaryEn: string;
    author: readonly [string, string];
    org: readonly [string, string];
    link: string;
    createdAt: string;
  },
  product: { priceFen: number; stock: number | null },
): number {
  const itemId = Number(
    db
      .prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, org_name, org_name_en, link, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(item.kind, item.title, item.titleEn, item.summary, item.summaryEn, "", ...item.author, ...item.org, item.link, item.createdAt).lastInsertRowid,
  );
  db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
  db.prepare("INSERT INTO products (item_id, kind, price_fen, stock) VALUES (?, ?, ?, ?)").run(itemId, item.kind, product.priceFen, product.stock);
  return itemId;
}

export const insertLesson = (db: Db, courseId: number, position: number, lesson: Omit<LessonRow, "id" | "course_id" | "position">) =>
  db
    .prepare(`INSERT INTO course_lessons (course_id, position, kind, title, title_en, minutes, preview, video_url, body, body_en)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(courseId, position, lesson.kind, lesson.title, lesson.title_en, lesson.minutes, lesson.preview, lesson.video_url, lesson.body, lesson.body_en);

export interface CouponSeedRow {
  title: string;
  title_en: string;
  kind: "amount" | "discount";
  amount_fen: number;
  percent: number;
  threshold_fen: number;
  scope: "all" | "course" | "goods";
  valid_from: string;
  valid_until: string;
  remaining: number;
  /** Absent: a coupon of the coupon centre; else the activity that gives it. */
  channel?: string;
}

export function insertCoupon(db: Db, coupon: CouponSeedRow): void {
  const columns = "title, title_en, kind, amount_fen, percent, threshold_fen, scope, valid_from, valid_until, remaining";
  if (coupon.channel === undefined)
    db.prepare(
      `INSERT INTO coupons (${columns}) VALUES (@title, @title_en, @kind, @amount_fen, @percent, @threshold_fen, @scope, @valid_from, @valid_until, @remaining)`,
    ).run(coupon);
  else
    db.prepare(
      `INSERT INTO coupons (${columns}, channel) VALUES (@title, @title_en, @kind, @amount_fen, @percent, @threshold_fen, @scope, @valid_from, @valid_until, @remaining, @channel)`,
    ).run(coupon);
}

export const anyProduct = (db: Db) => Boolean(db.prepare("SELECT COUNT(*) FROM products").pluck().get());
