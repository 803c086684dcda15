import type { Db } from "../kernel/db.server.ts";

export type OrderStatus = "created" | "paid" | "fulfilled" | "cancelled" | "expired" | "refunded";

export interface ProductRow {
  id: number;
  item_id: number;
  cover: string;
  kind: "course" | "goods" | "membership" | "gift";
  title: string;
  title_en: string;
  price_fen: number;
  stock: number | null;
  on_sale: number;
}

export interface CouponRow {
  user_coupon_id: number;
  status: "usable" | "locked" | "used";
  title: string;
  title_en: string;
  kind: "amount" | "discount";
  amount_fen: number;
  percent: number;
  threshold_fen: number;
  scope: "all" | "course" | "goods";
  valid_from: string;
  valid_until: string;
}

/** A coupon of the coupon centre, with how many are left. */
export type CentreCouponRow = CouponRow & { id: number; remaining: number };

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number;
  product_id: number;
  quantity: number;
  unit_price_fen: number;
  discount_fen: number;
  total_fen: number;
  user_coupon_id: number | null;
  status: OrderStatus;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  address: string | null;
}

export interface PaymentRow {
  id: number;
  payment_no: string;
  order_id: number;
  amount_fen: number;
  status: "pending" | "succeeded" | "declined" | "refunded";
}

/** What a submission key was answered with. */
export interface OrderRequestRow {
  fingerprint: string;
  order_id: number;
  payment_id: number;
}

// Products and coupons

export const productById = (db: Db, id: number) =>
  db.prepare("SELECT p.*, i.title, i.title_en, i.cover FROM products p JOIN items i ON i.id = p.item_id WHERE p.id = ?").get(id) as ProductRow | undefined;

/** Takes stock for an order; false when fewer are left than asked for. */
export const takeStock = (db: Db, productId: number, quantity: number) =>
  db.prepare("UPDATE products SET stock = stock - ? WHERE id = ? AND stock >= ?").run(quantity, productId, quantity).changes === 1;

export const restoreStock = (db: Db, productId: number, quantity: number) =>
  db.prepare("UPDATE products SET stock = stock + ? WHERE id = ? AND stock IS NOT NULL").run(quantity, productId);

export const userCoupon = (db: Db, userCouponId: number, userId: number) =>
  db
    .prepare(`SELECT uc.id AS user_coupon_id, uc.status, uc.user_id, c.* FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
    WHERE uc.id = ? AND uc.user_id = ?`)
    .get(userCouponId, userId) as CouponRow | undefined;

export const userCoupons = (db: Db, userId: number) =>
  db
    .prepare(`SELECT uc.id AS user_coupon_id, uc.status, c.* FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
    WHERE uc.user_id = ? ORDER BY uc.id`)
    .all(userId) as CouponRow[];

export const lockCoupon = (db: Db, userCouponId: number, orderId: number) =>
  db.prepare("UPDATE user_coupons SET status = 'locked', order_id = ? WHERE id = ?").run(orderId, userCouponId);

export const unlockCoupon = (db: Db, userCouponId: number) =>
  db.prepare("UPDATE user_coupons SET status = 'usable', order_id = NULL WHERE id = ?").run(userCouponId);

export const markCouponUsed = (db: Db, userCouponId: number) => db.prepare("UPDATE user_coupons SET status = 'used' WHERE id = ?").run(userCouponId);

export const centreCoupon = (db: Db, couponId: number) =>
  db.prepare("SELECT * FROM coupons WHERE id = ? AND channel = 'centre'").get(couponId) as CentreCouponRow | undefined;

export const centreCouponsWithClaims = (db: Db, userId: number, nowIso: string) =>
  db
    .prepare(`SELECT c.*, EXISTS (SELECT 1 FROM user_coupons uc WHERE uc.coupon_id = c.id AND uc.user_id = ?) AS claimed
            FROM coupons c WHERE c.channel = 'centre' AND c.valid_until > ? ORDER BY c.id`)
    .all(userId, nowIso) as (CentreCouponRow & { claimed: number })[];

export const hasCoupon = (db: Db, couponId: number, userId: number) =>
  db.prepare("SELECT 1 FROM user_coupons WHERE coupon_id = ? AND user_id = ?").get(couponId, userId) !== undefined;

/** Takes one of a centre coupon's remaining; false when none are left. */
export const takeCentreCoupon = (db: Db, couponId: number) =>
  db.prepare("UPDATE coupons SET remaining = remaining - 1 WHERE id = ? AND remaining > 0").run(couponId).changes === 1;

export const insertUserCoupon = (db: Db, couponId: number, userId: number, obtainedAt: string) =>
  Number(db.prepare("INSERT INTO user_coupons (coupon_id, user_id, obtained_at) VALUES (?, ?, ?)").run(couponId, userId, obtainedAt).lastInsertRowid);

// Orders

export const orderByNo = (db: Db, orderNo: string) => db.prepare("SELECT * FROM orders WHERE order_no = ?").get(orderNo) as OrderRow | undefined;

export const orderById = (db: Db, id: number) => db.prepare("SELECT * FROM orders WHERE id = ?").get(id) as OrderRow;

export const overdueOrders = (db: Db, nowIso: string) =>
  db.prepare("SELECT * FROM orders WHERE status = 'created' AND expires_at <= ?").all(nowIso) as OrderRow[];

export const openOrderFor = (db: Db, userId: number, productId: number) =>
  db.prepare("SELECT * FROM orders WHERE user_id = ? AND product_id = ? AND status = 'created' ORDER BY id LIMIT 1").get(userId, productId) as
    | OrderRow
    | undefined;

export interface NewOrder {
  orderNo: string;
  userId: number;
  productId: number;
  quantity: number;
  unitPriceFen: number;
  discountFen: number;
  totalFen: number;
  userCouponId: number | null;
  source: string;
  createdAt: string;
  expiresAt: string;
  address: string | null;
}

export const insertOrder = (db: Db, order: NewOrder) =>
  Number(
    db
      .prepare(`INSERT INTO orders (order_no, user_id, product_id, quantity, unit_price_fen, discount_fen, total_fen, user_coupon_id, status, source, created_at, expires_at, address)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'created', ?, ?, ?, ?)`)
      .run(
        order.orderNo,
        order.userId,
        order.productId,
        order.quantity,
        order.unitPriceFen,
        order.discountFen,
        order.totalFen,
        order.userCouponId,
        order.source,
        order.createdAt,
        order.expiresAt,
        order.address,
      ).lastInsertRowid,
  );

/** Moves an order only from the state the caller saw; false when it had moved on. */
export const setOrderStatus = (db: Db, orderId: number, from: OrderStatus, to: OrderStatus, paidAt: string | null) =>
  db.prepare("UPDATE orders SET status = ?, paid_at = COALESCE(?, paid_at) WHERE id = ? AND status = ?").run(to, paidAt, orderId, from).changes === 1;

export const recordOrderEvent = (db: Db, orderId: number, from: OrderStatus | null, to: OrderStatus, reason: string, at: string) =>
  db.prepare("INSERT INTO order_events (order_id, from_status, to_status, reason, at) VALUES (?, ?, ?, ?, ?)").run(orderId, from, to, reason, at);

export const orderEvents = (db: Db, orderId: number) =>
  db.prepare("SELECT from_status, to_status, reason, at FROM order_events WHERE order_id = ? ORDER BY id").all(orderId);

/** Lets an unpaid order's time run out now; false when there is no such unpaid order. */
export const shortenExpiry = (db: Db, orderNo: string, nowIso: string) =>
  db.prepare("UPDATE orders SET expires_at = ? WHERE order_no = ? AND status = 'created'").run(nowIso, orderNo).changes === 1;

/** A page of a buyer's orders, in one state or several (none: all of them), newest first, with the count of all. */
export function ordersPage(db: Db, userId: number, statuses: OrderStatus[], limit: number, offset: number) {
  const where = statuses.length ? `user_id = ? AND status IN (${statuses.map(() => "?").join(",")})` : "user_id = ?";
  const args = [userId, ...statuses];
  const rows = db.prepare(`SELECT * FROM orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as OrderRow[];
  const total = db
    .prepare(`SELECT COUNT(*) FROM orders WHERE ${where}`)
    .pluck()
    .get(...args) as number;
  return { rows, total };
}

export const orderRequest = (db: Db, userId: number, key: string) =>
  db.prepare("SELECT * FROM order_requests WHERE user_id = ? AND idempotency_key = ?").get(userId, key) as OrderRequestRow | undefined;

export const insertOrderRequest = (db: Db, userId: number, key: string, fingerprint: string, orderId: number, paymentId: number) =>
  db
    .prepare("INSERT INTO order_requests (user_id, idempotency_key, fingerprint, order_id, payment_id) VALUES (?, ?, ?, ?, ?)")
    .run(userId, key, fingerprint, orderId, paymentId);

// Payments and the money ledger (ADR 040)

export const paymentById = (db: Db, id: number) => db.prepare("SELECT * FROM payments WHERE id = ?").get(id) as PaymentRow;

export const paymentByNo = (db: Db, paymentNo: string) => db.prepare("SELECT * FROM payments WHERE payment_no = ?").get(paymentNo) as PaymentRow | undefined;

export const insertPayment = (db: Db, paymentNo: string, orderId: number, amountFen: number, createdAt: string) =>
  Number(
    db.prepare("INSERT INTO payments (payment_no, order_id, amount_fen, created_at) VALUES (?, ?, ?, ?)").run(paymentNo, orderId, amountFen, createdAt)
      .lastInsertRowid,
  );

export const setPaymentStatus = (db: Db, paymentId: number, status: PaymentRow["status"], settledAt: string) =>
  db.prepare("UPDATE payments SET status = ?, settled_at = ? WHERE id = ?").run(status, settledAt, paymentId);

export const pendingPaymentId = (db: Db, orderId: number) =>
  db.prepare("SELECT id FROM payments WHERE order_id = ? AND status = 'pending' ORDER BY id DESC LIMIT 1").pluck().get(orderId) as number | undefined;

export const latestPaymentStatus = (db: Db, orderId: number) =>
  db.prepare("SELECT status FROM payments WHERE order_id = ? ORDER BY id DESC LIMIT 1").pluck().get(orderId) as string;

export const succeededPayments = (db: Db, orderId: number) =>
  db.prepare("SELECT * FROM payments WHERE order_id = ? AND status = 'succeeded'").all(orderId) as PaymentRow[];

export const recordMoney = (db: Db, paymentId: number, orderId: number, kind: "received" | "refunded", amountFen: number, reason: string | null, at: string) =>
  db
    .prepare("INSERT INTO payment_entries (payment_id, order_id, kind, amount_fen, reason, at) VALUES (?, ?, ?, ?, ?, ?)")
    .run(paymentId, orderId, kind, amountFen, reason, at);

export const refundedFen = (db: Db, orderId: number) =>
  db.prepare("SELECT COALESCE(SUM(amount_fen), 0) FROM payment_entries WHERE order_id = ? AND kind = 'refunded'").pluck().get(orderId) as number;

export const orderRefunds = (db: Db, orderId: number) =>
  db
    .prepare(`SELECT p.payment_no AS paymentNo, e.amount_fen AS amountFen, e.reason, e.at FROM payment_entries e JOIN payments p ON p.id = e.payment_id
            WHERE e.order_id = ? AND e.kind = 'refunded' ORDER BY e.id`)
    .all(orderId);

export const refundReasonOfPayment = (db: Db, paymentId: number) =>
  db.prepare("SELECT reason FROM payment_entries WHERE payment_id = ? AND kind = 'refunded'").pluck().get(paymentId) as string | undefined;

// Courses a buyer owns (ADR 040)

export const courseOwnerOrder = (db: Db, userId: number, productId: number) =>
  db.prepare("SELECT o.* FROM entitlements e JOIN orders o ON o.id = e.order_id WHERE e.user_id = ? AND e.product_id = ?").get(userId, productId) as
    | OrderRow
    | undefined;

export const grantEntitlement = (db: Db, userId: number, productId: number, orderId: number, at: string) =>
  db.prepare("INSERT INTO entitlements (user_id, product_id, order_id, granted_at) VALUES (?, ?, ?, ?)").run(userId, productId, orderId, at);

/** The refunded order's entitlement goes to the buyer's first other paid order of the course, if any. */
export function handEntitlementOn(db: Db, refunded: OrderRow, at: string): void {
  db.prepare("DELETE FROM entitlements WHERE order_id = ?").run(refunded.id);
  db.prepare(
    `INSERT OR IGNORE INTO entitlements (user_id, product_id, order_id, granted_at)
       SELECT user_id, product_id, id, ? FROM orders WHERE user_id = ? AND product_id = ? AND status IN ('paid', 'fulfilled') ORDER BY id LIMIT 1`,
  ).run(at, refunded.user_id, refunded.product_id);
}

// Refund requests (ADR 080)

export type RefundRequestReason = "notWanted" | "wrongItem" | "quality" | "notReceived" | "duplicate" | "other";

export interface RefundRequestRow {
  id: number;
  order_id: number;
  user_id: number;
  reason: RefundRequestReason;
  note: string;
  amount_fen: number;
  status: "requested" | "refunded" | "declined";
  decline_reason: string;
  created_at: string;
  decided_at: string | null;
}

/** Opens a request; false when one of the order already waits (the unique index decides, whatever the timing). */
export const insertRefundRequest = (
  db: Db,
  request: { orderId: number; userId: number; reason: RefundRequestReason; note: string; amountFen: number; at: string },
) =>
  db
    .prepare(
      `INSERT INTO refund_requests (order_id, user_id, reason, note, amount_fen, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (order_id) WHERE status = 'requested' DO NOTHING`,
    )
    .run(request.orderId, request.userId, request.reason, request.note, request.amountFen, request.at).changes === 1;

export const latestRefundRequest = (db: Db, orderId: number) =>
  db.prepare("SELECT * FROM refund_requests WHERE order_id = ? ORDER BY id DESC LIMIT 1").get(orderId) as RefundRequestRow | undefined;

export const refundRequestById = (db: Db, id: number) => db.prepare("SELECT * FROM refund_requests WHERE id = ?").get(id) as RefundRequestRow | undefined;

/** Decides a waiting request; false when it had been decided already. */
export const decideRefundRequest = (db: Db, id: number, status: "refunded" | "declined", declineReason: string, at: string) =>
  db
    .prepare("UPDATE refund_requests SET status = ?, decline_reason = ?, decided_at = ? WHERE id = ? AND status = 'requested'")
    .run(status, declineReason, at, id).changes === 1;

/** Requests waiting for an operator, oldest first, with the order and item they are about. */
export const waitingRefundRequests = (db: Db) =>
  db
    .prepare(
      `SELECT r.id, r.reason, r.note, r.amount_fen, r.created_at, o.order_no, i.title FROM refund_requests r JOIN orders o ON o.id = r.order_id
       JOIN products p ON p.id = o.product_id JOIN items i ON i.id = p.item_id WHERE r.status = 'requested' ORDER BY r.id`,
    )
    .all() as { id: number; reason: RefundRequestReason; note: string; amount_fen: number; created_at: string; order_no: string; title: string }[];

/** The after-sales orders of a buyer: refunded, or with any refund request. */
const AFTER_SALES = "user_id = ? AND (status = 'refunded' OR EXISTS (SELECT 1 FROM refund_requests r WHERE r.order_id = orders.id))";

export function afterSalesPage(db: Db, userId: number, limit: number, offset: number) {
  const rows = db.prepare(`SELECT * FROM orders WHERE ${AFTER_SALES} ORDER BY id DESC LIMIT ? OFFSET ?`).all(userId, limit, offset) as OrderRow[];
  const total = db.prepare(`SELECT COUNT(*) FROM orders WHERE ${AFTER_SALES}`).pluck().get(userId) as number;
  return { rows, total };
}

/** How many of a buyer's orders wait for payment, are paid, are completed, and are in after-sales (a refund asked for or made). */
export const orderCounts = (db: Db, userId: number) =>
  db
    .prepare(
      `SELECT COALESCE(SUM(status = 'created'), 0) AS created, COALESCE(SUM(status = 'paid'), 0) AS paid, COALESCE(SUM(status = 'fulfilled'), 0) AS fulfilled,
         COALESCE(SUM(status = 'refunded' OR EXISTS (SELECT 1 FROM refund_requests r WHERE r.order_id = orders.id AND r.status = 'requested')), 0) AS afterSales
       FROM orders WHERE user_id = ?`,
    )
    .get(userId) as { created: number; paid: number; fulfilled: number; afterSales: number };

/** An operator's refund made outside a request (the payment simulator) settles the request that waited, if any. */
export const settleWaitingRefundRequest = (db: Db, orderId: number, at: string) =>
  db.prepare("UPDATE refund_requests SET status = 'refunded', decided_at = ? WHERE order_id = ? AND status = 'requested'").run(at, orderId);

export const keptFen = (db: Db, orderId: number) =>
  db.prepare("SELECT COALESCE(SUM(amount_fen), 0) FROM payments WHERE order_id = ? AND status = 'succeeded'").pluck().get(orderId) as number;
