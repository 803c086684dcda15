import type { Db } from "../kernel/db.server.ts";
import { visibleSql } from "../community/visibility.server.ts";
import { seenItemSql } from "../essays/visibility.server.ts";

/** Why points moved; the ledger page shows each reason in the reader's language. */
export type PointReason = "signin" | "task" | "exchange" | "draw" | "prize" | "unlock" | "refund" | "operator";

export interface PointEntry {
  id: number;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: PointReason;
  ref: string | null;
  created_at: string;
}

export interface TaskRow {
  module_id: number;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  integral: number;
  period: "once" | "daily";
  target: number;
  link: string;
}

export interface GoodsRow {
  id: number;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  cover: string;
  points: number;
  stock: number;
  kind: "physical" | "coupon";
  coupon_id: number | null;
  per_user_limit: number;
}

export interface ExchangeRow {
  id: number;
  exchange_no: string;
  user_id: number;
  goods_id: number;
  quantity: number;
  points: number;
  address: string | null;
  user_coupon_id: number | null;
  status: "placed" | "shipped" | "delivered";
  created_at: string;
}

// The ledger (ADR 020)

export const pointBalance = (db: Db, userId: number) =>
  db.prepare("SELECT COALESCE(SUM(delta), 0) FROM point_entries WHERE user_id = ?").pluck().get(userId) as number;

export const pointRefUsed = (db: Db, userId: number, ref: string) =>
  db.prepare("SELECT 1 FROM point_entries WHERE user_id = ? AND ref = ?").get(userId, ref) !== undefined;

export const insertPointEntry = (db: Db, userId: number, delta: number, balanceAfter: number, reason: PointReason, ref: string | null, at: string) =>
  db
    .prepare("INSERT INTO point_entries (user_id, delta, balance_after, reason, ref, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *")
    .get(userId, delta, balanceAfter, reason, ref, at) as PointEntry;

export const pointEntries = (db: Db, userId: number, limit: number, offset: number) =>
  db.prepare("SELECT * FROM point_entries WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?").all(userId, limit, offset) as PointEntry[];

export const pointEntryCount = (db: Db, userId: number) => db.prepare("SELECT COUNT(*) FROM point_entries WHERE user_id = ?").pluck().get(userId) as number;

// Sign-ins and their reminders

export const signinOn = (db: Db, userId: number, day: string) =>
  db.prepare("SELECT * FROM signins WHERE user_id = ? AND day = ?").get(userId, day) as { streak: number } | undefined;

export const insertSignin = (db: Db, userId: number, day: string, streak: number, points: number, at: string) =>
  db.prepare("INSERT INTO signins (user_id, day, streak, points, created_at) VALUES (?, ?, ?, ?, ?)").run(userId, day, streak, points, at);

export const reminderOf = (db: Db, userId: number) =>
  db.prepare("SELECT remind FROM signin_reminders WHERE user_id = ?").get(userId) as { remind: number } | undefined;

export const setReminder = (db: Db, userId: number, remind: boolean, at: string) =>
  db
    .prepare(
      `INSERT INTO signin_reminders (user_id, remind, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET remind = excluded.remind, updated_at = excluded.updated_at`,
    )
    .run(userId, remind ? 1 : 0, at);

/** Users who asked for the reminder, have not had it on the day and have not signed in on it. */
export const remindersDue = (db: Db, day: string) =>
  db
    .prepare(
      `SELECT r.user_id, u.user_name FROM signin_reminders r JOIN users u ON u.id = r.user_id
       WHERE r.remind = 1 AND (r.last_sent_day IS NULL OR r.last_sent_day < ?)
       AND NOT EXISTS (SELECT 1 FROM signins s WHERE s.user_id = r.user_id AND s.day = ?)`,
    )
    .all(day, day) as { user_id: number; user_name: string }[];

export const pushReminder = (db: Db, recipient: string, text: string, at: string) =>
  db.prepare("INSERT INTO outbox (channel, recipient, code, text, sent_at) VALUES ('push', ?, '', ?, ?)").run(recipient, text, at);

export const markReminderSent = (db: Db, userId: number, day: string) =>
  db.prepare("UPDATE signin_reminders SET last_sent_day = ? WHERE user_id = ?").run(day, userId);

// Tasks

export const tasks = (db: Db) => db.prepare("SELECT * FROM integral_tasks ORDER BY sort").all() as TaskRow[];

export const taskByModule = (db: Db, moduleId: number) => db.prepare("SELECT * FROM integral_tasks WHERE module_id = ?").get(moduleId) as TaskRow | undefined;

export const taskStepCount = (db: Db, userId: number, moduleId: number, period: string) =>
  db.prepare("SELECT COUNT(*) FROM task_steps WHERE user_id = ? AND module_id = ? AND period = ?").pluck().get(userId, moduleId, period) as number;

export const insertTaskStep = (db: Db, userId: number, moduleId: number, period: string, executeId: string, at: string) =>
  db
    .prepare("INSERT OR IGNORE INTO task_steps (user_id, module_id, period, execute_id, created_at) VALUES (?, ?, ?, ?, ?)")
    .run(userId, moduleId, period, executeId, at);

export const hasCollected = (db: Db, userId: number, itemId: number) =>
  db.prepare("SELECT 1 FROM collects WHERE user_id = ? AND item_id = ?").get(userId, itemId) !== undefined;

/** Whether the viewer may read the item, by the rules praise and collections use. */
export const itemSeenBy = (db: Db, itemId: number, viewer: number) =>
  db.prepare(`SELECT 1 FROM items WHERE id = @id AND ${seenItemSql(visibleSql("e.user_id", "e.visibility"))}`).get({ id: itemId, viewer }) !== undefined;

export const itemOfKinds = (db: Db, itemId: number, kinds: string[]) =>
  db.prepare(`SELECT 1 FROM items WHERE id = ? AND kind IN (${kinds.map(() => "?").join(",")})`).get(itemId, ...kinds) !== undefined;

// Guides

export const guideRead = (db: Db, userId: number, module: string) =>
  db.prepare("SELECT 1 FROM guides_read WHERE user_id = ? AND module = ?").get(userId, module) !== undefined;

export const markGuideRead = (db: Db, userId: number, module: string, at: string) =>
  db.prepare("INSERT OR IGNORE INTO guides_read (user_id, module, read_at) VALUES (?, ?, ?)").run(userId, module, at);

// The points mall

export const allGoods = (db: Db) => db.prepare("SELECT * FROM point_goods ORDER BY sort, id").all() as GoodsRow[];

export const goodsById = (db: Db, id: number) => db.prepare("SELECT * FROM point_goods WHERE id = ?").get(id) as GoodsRow | undefined;

/** Takes stock for an exchange; false when fewer are left than asked for. */
export const takeGoodsStock = (db: Db, goodsId: number, quantity: number) =>
  db.prepare("UPDATE point_goods SET stock = stock - ? WHERE id = ? AND stock >= ?").run(quantity, goodsId, quantity).changes === 1;

export const exchangedCount = (db: Db, userId: number, goodsId: number) =>
  db.prepare("SELECT COALESCE(SUM(quantity), 0) FROM point_exchanges WHERE user_id = ? AND goods_id = ?").pluck().get(userId, goodsId) as number;

export const exchangeByKey = (db: Db, userId: number, key: string) =>
  db.prepare("SELECT * FROM point_exchanges WHERE user_id = ? AND idempotency_key = ?").get(userId, key) as ExchangeRow | undefined;

export const exchangeByNo = (db: Db, exchangeNo: string) =>
  db.prepare("SELECT * FROM point_exchanges WHERE exchange_no = ?").get(exchangeNo) as ExchangeRow | undefined;

export const exchangesPage = (db: Db, userId: number, limit: number, offset: number) =>
  db.prepare("SELECT * FROM point_exchanges WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?").all(userId, limit, offset) as ExchangeRow[];

export const exchangeCount = (db: Db, userId: number) => db.prepare("SELECT COUNT(*) FROM point_exchanges WHERE user_id = ?").pluck().get(userId) as number;

/** Gives the user a coupon; null when they have it already. */
export function giveCoupon(db: Db, couponId: number, userId: number, at: string): number | null {
  const added = db.prepare("INSERT OR IGNORE INTO user_coupons (coupon_id, user_id, obtained_at) VALUES (?, ?, ?)").run(couponId, userId, at);
  return added.changes === 1 ? Number(added.lastInsertRowid) : null;
}

export interface NewExchange {
  exchangeNo: string;
  userId: number;
  goodsId: number;
  quantity: number;
  points: number;
  address: string | null;
  userCouponId: number | null;
  status: ExchangeRow["status"];
  key: string;
  source: string;
  createdAt: string;
}

export const insertExchange = (db: Db, row: NewExchange) =>
  db
    .prepare(
      `INSERT INTO point_exchanges (exchange_no, user_id, goods_id, quantity, points, address, user_coupon_id, status, idempotency_key, source, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(
      row.exchangeNo,
      row.userId,
      row.goodsId,
      row.quantity,
      row.points,
      row.address,
      row.userCouponId,
      row.status,
      row.key,
      row.source,
      row.createdAt,
    ) as ExchangeRow;

// Seeding the mall

export const hasGoods = (db: Db) => db.prepare("SELECT 1 FROM point_goods").get() !== undefined;

export const insertPointsCoupon = (db: Db, coupon: { title: string; titleEn: string; amountFen: number; thresholdFen: number; from: string; until: string }) =>
  Number(
    db
      .prepare(
        `INSERT INTO coupons (title, title_en, kind, amount_fen, threshold_fen, scope, valid_from, valid_until, remaining, channel)
               VALUES (?, ?, 'amount', ?, ?, ?, ?, ?, 0, 'points')`,
      )
      .run(coupon.title, coupon.titleEn, coupon.amountFen, coupon.thresholdFen, coupon.thresholdFen ? "course" : "all", coupon.from, coupon.until)
      .lastInsertRowid,
  );

/** A catalogue item of kind "mall" (never listed or searched) that gives goods their poster. */
export const insertMallItem = (db: Db, title: string, titleEn: string, at: string) =>
  Number(db.prepare("INSERT INTO items (kind, title, title_en, created_at) VALUES ('mall', ?, ?, ?)").run(title, titleEn, at).lastInsertRowid);

export const insertGoods = (db: Db, goods: Omit<GoodsRow, "id"> & { sort: number }) =>
  db
    .prepare(
      `INSERT INTO point_goods (title, title_en, description, description_en, cover, points, stock, kind, coupon_id, per_user_limit, sort)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      goods.title,
      goods.title_en,
      goods.description,
      goods.description_en,
      goods.cover,
      goods.points,
      goods.stock,
      goods.kind,
      goods.coupon_id,
      goods.per_user_limit,
      goods.sort,
    );
