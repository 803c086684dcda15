import type { Db } from "../kernel/db.server.ts";

export interface BuyersPayment {
  id: number;
  payment_no: string;
  amount_fen: number;
  status: string;
}

export const insertCode = (db: Db, code: string, openid: string, at: string) =>
  db.prepare("INSERT INTO messaging_oauth_codes (code, openid, created_at) VALUES (?, ?, ?)").run(code, openid, at);

/** Marks an unused code issued at or after `since` used and answers its openid; undefined for any other code. */
export const takeCode = (db: Db, code: string, since: string, at: string) =>
  db
    .prepare("UPDATE messaging_oauth_codes SET used_at = ? WHERE code = ? AND used_at IS NULL AND created_at >= ? RETURNING openid")
    .pluck()
    .get(at, code, since) as string | undefined;

export const bindOpenid = (db: Db, userId: number, openid: string, at: string) =>
  db
    .prepare(
      "INSERT INTO messaging_openids (user_id, openid, bound_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET openid = excluded.openid, bound_at = excluded.bound_at",
    )
    .run(userId, openid, at);

export const openidOf = (db: Db, userId: number) =>
  db.prepare("SELECT openid FROM messaging_openids WHERE user_id = ?").pluck().get(userId) as string | undefined;

/** A payment attempt of one of the person's own orders. */
export const buyersPayment = (db: Db, paymentNo: string, userId: number) =>
  db
    .prepare("SELECT p.id, p.payment_no, p.amount_fen, p.status FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.payment_no = ? AND o.user_id = ?")
    .get(paymentNo, userId) as BuyersPayment | undefined;

export const insertPrepay = (db: Db, paymentId: number, openid: string, prepayId: string, at: string) =>
  db.prepare("INSERT OR IGNORE INTO jsapi_payments (payment_id, openid, prepay_id, created_at) VALUES (?, ?, ?, ?)").run(paymentId, openid, prepayId, at);

export const prepayOf = (db: Db, paymentId: number) =>
  db.prepare("SELECT openid, prepay_id, created_at FROM jsapi_payments WHERE payment_id = ?").get(paymentId) as
    | { openid: string; prepay_id: string; created_at: string }
    | undefined;

/** What the developer tools show of a payment paid in the messaging app. */
export const jsapiPayment = (db: Db, paymentNo: string) =>
  db
    .prepare(
      `SELECT p.id, p.payment_no, p.amount_fen, p.status, o.order_no, i.title, j.openid, j.prepay_id, j.created_at FROM payments p
       JOIN orders o ON o.id = p.order_id JOIN products pr ON pr.id = o.product_id JOIN items i ON i.id = pr.item_id
       LEFT JOIN jsapi_payments j ON j.payment_id = p.id WHERE p.payment_no = ?`,
    )
    .get(paymentNo) as
    | (BuyersPayment & { order_no: string; title: string; openid: string | null; prepay_id: string | null; created_at: string | null })
    | undefined;
