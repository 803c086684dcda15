import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { orderConfirmSchema, orderConfirmValidators, orderQuoteSchema, orderQuoteValidators } from "@schemas/generated/form-kits.ts";
import type { OrderConfirmForm, OrderQuoteForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { notify as writeNotice } from "./notices.server.ts";

/** An unpaid order holds its stock and coupon this long, then expires and gives them back (ADR 018). */
export const ORDER_TTL_MS = 15 * 60_000;

export const ORDER_STATUSES = ["created", "paid", "fulfilled", "cancelled", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

interface ProductRow {
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

interface CouponRow {
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

interface OrderRow {
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

interface PaymentRow {
  id: number;
  payment_no: string;
  order_id: number;
  amount_fen: number;
  status: "pending" | "succeeded" | "declined" | "refunded";
}

/**
 * Why money that reached the platform went back (ADR 040): its order had ended (cancelled or expired), another attempt
 * had paid the order, its buyer owned the course through another order, or an operator refunded the order.
 */
export type RefundReason = "orderEnded" | "orderPaid" | "courseOwned" | "operator";

/** What the payment simulator tells a developer about a refund. */
export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  orderEnded: "the order had been cancelled or had expired when the money arrived",
  orderPaid: "another payment attempt had paid the order already",
  courseOwned: "the buyer owned this course through another order",
  operator: "an operator refunded the order",
};

/** What a payment's outcome came to: declined by the provider, or money that was kept for its order or given back (ADR 040). */
type Settlement = "declined" | "kept" | "refunded";

/** Why a coupon does not apply to an order; null when it does. */
export type CouponProblem = "notYours" | "used" | "notYet" | "expired" | "scope" | "threshold";

/** The price of an order as the server computes it: never a figure from the browser. */
export interface Quote {
  unitPriceFen: number;
  quantity: number;
  subtotalFen: number;
  discountFen: number;
  totalFen: number;
}

/** What a coupon takes off a subtotal: an amount (never below zero), or a percentage with the buyer getting the odd fen. */
export function couponDiscount(coupon: Pick<CouponRow, "kind" | "amount_fen" | "percent">, subtotalFen: number): number {
  if (coupon.kind === "amount") return Math.min(coupon.amount_fen, subtotalFen);
  return subtotalFen - Math.floor((subtotalFen * coupon.percent) / 100);
}

export function couponProblem(coupon: CouponRow, product: ProductRow, subtotalFen: number, now: Date): CouponProblem | null {
  if (coupon.status !== "usable") return "used";
  if (now < new Date(coupon.valid_from)) return "notYet";
  if (now > new Date(coupon.valid_until)) return "expired";
  if (coupon.scope !== "all" && coupon.scope !== product.kind) return "scope";
  if (subtotalFen < coupon.threshold_fen) return "threshold";
  return null;
}

/** The notification the payment provider (the simulator locally) signs with the shared secret. */
export interface PaymentNotice {
  paymentNo: string;
  outcome: "succeeded" | "declined";
  amountFen: number;
}

export function signNotice(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

function signatureMatches(secret: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signNotice(secret, body), "hex");
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Order and payment numbers: the date, then random digits (unguessable enough not to enumerate someone's orders). */
function serialNumber(now: Date): string {
  return `${now.toISOString().slice(0, 10).replaceAll("-", "")}${randomInt(10 ** 9, 10 ** 10 - 1)}${randomInt(10 ** 5, 10 ** 6 - 1)}`;
}

export interface OrderEngineOptions {
  /** The secret payment notifications are signed with (the provider's; the simulator's locally). */
  paymentSecret: string;
  /** The buyer's own delivery address as the order keeps it (a copy: later edits do not move a placed order), or null. */
  addressOf: (userId: number, addressId: number) => DeliveryAddress | null;
  /** Grants a paid membership or gift card; returns the reason recorded with the move to fulfilled. */
  fulfilCard: (order: OrderRow, productId: number, now: Date) => string | null;
  /** Takes back what a refunded card gave; false when it cannot be (a gift card already received). */
  revokeCard: (order: OrderRow, now: Date) => boolean;
}

export interface DeliveryAddress {
  receiver: string;
  phone: string;
  region: string;
  detail: string;
}

/**
 * The order engine of ADR 018: prices, coupons, stock and state changes decided here in single transactions, so
 * concurrent submissions can neither oversell, reuse a coupon, nor charge twice.
 */
export function createOrderEngine(db: Db, accounts: Accounts, options: OrderEngineOptions) {
  const productById = db.prepare("SELECT p.*, i.title, i.title_en, i.cover FROM products p JOIN items i ON i.id = p.item_id WHERE p.id = ?");
  const userCoupon = db.prepare(`SELECT uc.id AS user_coupon_id, uc.status, uc.user_id, c.* FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
    WHERE uc.id = ? AND uc.user_id = ?`);
  const userCoupons = db.prepare(`SELECT uc.id AS user_coupon_id, uc.status, c.* FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
    WHERE uc.user_id = ? ORDER BY uc.id`);
  const orderByNo = db.prepare("SELECT * FROM orders WHERE order_no = ?");
  const orderById = db.prepare("SELECT * FROM orders WHERE id = ?");
  const paymentById = db.prepare("SELECT * FROM payments WHERE id = ?");
  const paymentByNo = db.prepare("SELECT * FROM payments WHERE payment_no = ?");
  const recordEvent = db.prepare("INSERT INTO order_events (order_id, from_status, to_status, reason, at) VALUES (?, ?, ?, ?, ?)");
  const setStatus = db.prepare("UPDATE orders SET status = ?, paid_at = COALESCE(?, paid_at) WHERE id = ? AND status = ?");
  const setPaymentStatus = db.prepare("UPDATE payments SET status = ?, settled_at = ? WHERE id = ?");
  const recordMoney = db.prepare("INSERT INTO payment_entries (payment_id, order_id, kind, amount_fen, reason, at) VALUES (?, ?, ?, ?, ?, ?)");
  const refundedFen = db.prepare("SELECT COALESCE(SUM(amount_fen), 0) FROM payment_entries WHERE order_id = ? AND kind = 'refunded'").pluck();
  const courseOwner = db.prepare("SELECT o.* FROM entitlements e JOIN orders o ON o.id = e.order_id WHERE e.user_id = ? AND e.product_id = ?");

  /** The buyer's own order by its number; anyone else's is "no such order", as one that does not exist. */
  function buyersOrder(context: ApiContext, userId: number, orderNo: unknown): OrderRow | Envelope {
    const order = orderByNo.get(String(orderNo ?? "")) as OrderRow | undefined;
    return order && order.user_id === userId ? order : fail(404, say(context, "订单不存在", "No such order"));
  }

  /** One state change, only from the state the caller saw, always recorded. */
  function transition(order: OrderRow, to: OrderStatus, reason: string, at: Date): boolean {
    const paidAt = to === "paid" ? at.toISOString() : null;
    if (setStatus.run(to, paidAt, order.id, order.status).changes !== 1) return false;
    recordEvent.run(order.id, order.status, to, reason, at.toISOString());
    return true;
  }

  /** Gives back what an unpaid order held: its stock and its coupon. */
  function release(order: OrderRow): void {
    db.prepare("UPDATE products SET stock = stock + ? WHERE id = ? AND stock IS NOT NULL").run(order.quantity, order.product_id);
    if (order.user_coupon_id) db.prepare("UPDATE user_coupons SET status = 'usable', order_id = NULL WHERE id = ?").run(order.user_coupon_id);
  }

  /** Unpaid orders past their time expire; run before anything reads or changes orders, and on a timer. */
  const expireOverdue = db.transaction((now: Date) => {
    const overdue = db.prepare("SELECT * FROM orders WHERE status = 'created' AND expires_at <= ?").all(now.toISOString()) as OrderRow[];
    // Its payment attempts stay pending: only the provider knows whether the money comes, and money that comes for
    // an expired order goes back (ADR 040).
    for (const order of overdue) if (transition(order, "expired", "unpaid after 15 minutes", now)) release(order);
    return overdue.length;
  });

  function quote(product: ProductRow, quantity: number, coupon: CouponRow | null): Quote {
    const subtotalFen = product.price_fen * quantity;
    const discountFen = coupon ? couponDiscount(coupon, subtotalFen) : 0;
    return { unitPriceFen: product.price_fen, quantity, subtotalFen, discountFen, totalFen: subtotalFen - discountFen };
  }

  const couponView = (context: ApiContext, coupon: CouponRow, problem: CouponProblem | null) => ({
    userCouponId: coupon.user_coupon_id,
    title: say(context, coupon.title, coupon.title_en),
    kind: coupon.kind,
    amountFen: coupon.amount_fen,
    percent: coupon.percent,
    thresholdFen: coupon.threshold_fen,
    scope: coupon.scope,
    validFrom: coupon.valid_from,
    validUntil: coupon.valid_until,
    status: coupon.status,
    problem,
  });

  const couponProblemText = (context: ApiContext, problem: CouponProblem) =>
    ({
      notYours: say(context, "优惠券不存在", "No such coupon"),
      used: say(context, "优惠券已使用", "This coupon has been used"),
      notYet: say(context, "优惠券尚未到使用时间", "This coupon cannot be used yet"),
      expired: say(context, "优惠券已过期", "This coupon has expired"),
      scope: say(context, "该优惠券不适用于此商品", "This coupon does not apply to this item"),
      threshold: say(context, "未达到优惠券使用门槛", "The order does not reach this coupon's minimum"),
    })[problem];

  const orderView = (context: ApiContext, order: OrderRow) => {
    const product = productById.get(order.product_id) as ProductRow;
    return {
      orderNo: order.order_no,
      status: order.status,
      productId: product.id,
      itemId: product.item_id,
      kind: product.kind,
      cover: product.cover,
      title: say(context, product.title, product.title_en),
      quantity: order.quantity,
      unitPriceFen: order.unit_price_fen,
      discountFen: order.discount_fen,
      totalFen: order.total_fen,
      createTime: order.created_at,
      expiresAt: order.expires_at,
      paidAt: order.paid_at,
      address: order.address ? (JSON.parse(order.address) as DeliveryAddress) : null,
      refundedFen: refundedFen.get(order.id) as number,
    };
  };

  /** The buyer's usable coupons for an item and quantity, split into those that apply (with what they take off) and the rest. */
  function couponsFor(context: ApiContext, userId: number, product: ProductRow, quantity: number) {
    const subtotal = product.price_fen * quantity;
    const list = (userCoupons.all(userId) as CouponRow[])
      .filter((coupon) => coupon.status === "usable")
      .map((coupon) => {
        const problem = couponProblem(coupon, product, subtotal, context.now());
        return { ...couponView(context, coupon, problem), discountFen: problem ? 0 : couponDiscount(coupon, subtotal) };
      });
    return { usable: list.filter((coupon) => !coupon.problem), unusable: list.filter((coupon) => coupon.problem) };
  }

  type Priced = { product: ProductRow; coupon: CouponRow | null; quote: Quote } | { envelope: Envelope };

  function price(context: ApiContext, userId: number, form: Pick<OrderQuoteForm, "productId" | "quantity" | "userCouponId">): Priced {
    const product = productById.get(form.productId) as ProductRow | undefined;
    if (!product?.on_sale) return { envelope: fail(404, say(context, "商品不存在或已下架", "This item is not on sale")) };
    const quantity = form.quantity ?? 1;
    if (product.kind !== "goods" && quantity !== 1) return { envelope: fail(400, say(context, "每次只能购买一份", "This is bought one at a time")) };
    let coupon: CouponRow | null = null;
    if (form.userCouponId) {
      coupon = (userCoupon.get(form.userCouponId, userId) as CouponRow | undefined) ?? null;
      const problem = coupon ? couponProblem(coupon, product, product.price_fen * quantity, context.now()) : "notYours";
      if (problem) return { envelope: fail(400, couponProblemText(context, problem), { problem }) };
    }
    return { product, coupon, quote: quote(product, quantity, coupon) };
  }

  /**
   * A course is bought once (ADR 040): a submission for a course its buyer owns is refused with the order that owns
   * it, and one for a course with an open unpaid order gets that order (its pending attempt, or a new one after a
   * decline) under the new key. Null when the buyer has neither, and a new order may be placed.
   */
  function existingCourseOrder(context: ApiContext, userId: number, product: ProductRow, key: string, fingerprint: string): Envelope | null {
    const owner = courseOwner.get(userId, product.id) as OrderRow | undefined;
    if (owner) return fail(409, say(context, "您已购买该课程", "You have bought this course already"), { orderNo: owner.order_no, status: owner.status });
    const open = db.prepare("SELECT * FROM orders WHERE user_id = ? AND product_id = ? AND status = 'created' ORDER BY id LIMIT 1").get(userId, product.id) as
      | OrderRow
      | undefined;
    if (!open) return null;
    const pendingId = db.prepare("SELECT id FROM payments WHERE order_id = ? AND status = 'pending' ORDER BY id DESC LIMIT 1").pluck().get(open.id) as
      | number
      | undefined;
    if (pendingId === undefined) return openPayment(context, userId, open, key, fingerprint);
    rememberRequest(userId, key, fingerprint, open.id, pendingId);
    return confirmation(context, open.id, pendingId);
  }

  /** A new order in one transaction: stock taken, coupon locked, first payment attempt opened. */
  const placeOrder = db.transaction((context: ApiContext, userId: number, form: OrderConfirmForm, fingerprint: string): Envelope => {
    // Before the price: a coupon the open order holds would otherwise refuse the submission instead of answering it.
    const wanted = productById.get(form.productId!) as ProductRow | undefined;
    const existing = wanted?.kind === "course" ? existingCourseOrder(context, userId, wanted, form.idempotencyKey, fingerprint) : null;
    if (existing) return existing;
    const priced = price(context, userId, { productId: form.productId!, quantity: form.quantity, userCouponId: form.userCouponId });
    if ("envelope" in priced) return priced.envelope;
    const { product, coupon, quote: amounts } = priced;
    const address = form.addressId ? options.addressOf(userId, form.addressId) : null;
    if (product.kind === "goods" && !address)
      return fail(400, say(context, "请先选择收货地址", "Please choose a delivery address first"), { fields: { addressId: "order:confirm.needAddress" } });
    if (product.stock !== null) {
      const taken = db.prepare("UPDATE products SET stock = stock - ? WHERE id = ? AND stock >= ?").run(amounts.quantity, product.id, amounts.quantity);
      if (taken.changes !== 1) return fail(409, say(context, "库存不足", "Sold out"));
    }
    const now = context.now();
    const inserted = db
      .prepare(`INSERT INTO orders (order_no, user_id, product_id, quantity, unit_price_fen, discount_fen, total_fen, user_coupon_id, status, source, created_at, expires_at, address)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'created', ?, ?, ?, ?)`)
      .run(
        serialNumber(now),
        userId,
        product.id,
        amounts.quantity,
        amounts.unitPriceFen,
        amounts.discountFen,
        amounts.totalFen,
        coupon?.user_coupon_id ?? null,
        context.headers.get("source") ?? "4",
        now.toISOString(),
        new Date(now.getTime() + ORDER_TTL_MS).toISOString(),
        address ? JSON.stringify(address) : null,
      );
    const order = orderById.get(Number(inserted.lastInsertRowid)) as OrderRow;
    recordEvent.run(order.id, null, "created", "placed by the buyer", now.toISOString());
    if (coupon) db.prepare("UPDATE user_coupons SET status = 'locked', order_id = ? WHERE id = ?").run(order.id, coupon.user_coupon_id);
    return openPayment(context, userId, order, form.idempotencyKey, fingerprint);
  });

  /** A submission's key and the order and payment it was answered with: a repeat of the key gets the same answer. */
  function rememberRequest(userId: number, key: string, fingerprint: string, orderId: number, paymentId: number): void {
    db.prepare("INSERT INTO order_requests (user_id, idempotency_key, fingerprint, order_id, payment_id) VALUES (?, ?, ?, ?, ?)").run(
      userId,
      key,
      fingerprint,
      orderId,
      paymentId,
    );
  }

  /** A payment attempt for an unpaid order, remembered under the submission's key; a free order is paid at once. */
  function openPayment(context: ApiContext, userId: number, order: OrderRow, key: string, fingerprint: string): Envelope {
    const now = context.now();
    const payment = db
      .prepare("INSERT INTO payments (payment_no, order_id, amount_fen, created_at) VALUES (?, ?, ?, ?)")
      .run(serialNumber(now), order.id, order.total_fen, now.toISOString());
    const paymentId = Number(payment.lastInsertRowid);
    rememberRequest(userId, key, fingerprint, order.id, paymentId);
    if (order.total_fen === 0) settle(paymentById.get(paymentId) as PaymentRow, "succeeded", now);
    return confirmation(context, order.id, paymentId);
  }

  function confirmation(context: ApiContext, orderId: number, paymentId: number): Envelope {
    const order = orderById.get(orderId) as OrderRow;
    const payment = paymentById.get(paymentId) as PaymentRow;
    return ok({
      ...orderView(context, order),
      paymentNo: payment.payment_no,
      paymentStatus: payment.status,
      payUrl: `/dev/pay?paymentNo=${payment.payment_no}`,
    });
  }

  /**
   * A new attempt for an unpaid order. Earlier attempts stay pending, since the buyer may have paid one of them after
   * all: the first success pays the order and any later one goes back (ADR 040).
   */
  const payAgain = db.transaction((context: ApiContext, userId: number, form: OrderConfirmForm, fingerprint: string): Envelope => {
    const order = buyersOrder(context, userId, form.orderNo);
    if ("code" in order) return order;
    if (order.status !== "created") return fail(409, say(context, "订单已不能支付", "This order can no longer be paid"), { status: order.status });
    const owner = courseOwner.get(userId, order.product_id) as OrderRow | undefined;
    if (owner) return fail(409, say(context, "您已购买该课程", "You have bought this course already"), { orderNo: owner.order_no, status: owner.status });
    return openPayment(context, userId, order, form.idempotencyKey, fingerprint);
  });

  /** The money of a successful payment arrived: the ledger's row in, whatever is decided about it next. */
  function receive(payment: PaymentRow, now: Date): void {
    recordMoney.run(payment.id, payment.order_id, "received", payment.amount_fen, null, now.toISOString());
  }

  /**
   * Money that arrived goes back to the buyer: the payment is marked refunded and the ledger gets its row out. (The
   * provider's refund call belongs here in a deployment with a real cashier; the simulator needs none.)
   */
  function giveBack(payment: PaymentRow, reason: RefundReason, now: Date): void {
    setPaymentStatus.run("refunded", now.toISOString(), payment.id);
    recordMoney.run(payment.id, payment.order_id, "refunded", payment.amount_fen, reason, now.toISOString());
    const order = orderById.get(payment.order_id) as OrderRow;
    const yuan = (payment.amount_fen / 100).toFixed(2);
    writeNotice(
      db,
      order.user_id,
      {
        kind: "refund",
        title: `退款 ¥${yuan}`,
        titleEn: `Refund of ¥${yuan}`,
        body: `订单 ${order.order_no}`,
        bodyEn: `Order ${order.order_no}`,
        link: `/myOrderDetail?orderNo=${order.order_no}`,
      },
      now,
    );
  }

  /** Why money arriving for an order cannot be kept, or null when it pays the order. */
  function whyMoneyGoesBack(order: OrderRow, product: ProductRow): RefundReason | null {
    if (order.status === "paid" || order.status === "fulfilled") return "orderPaid";
    if (order.status !== "created") return "orderEnded";
    if (product.kind === "course" && courseOwner.get(order.user_id, product.id)) return "courseOwned";
    return null;
  }

  /**
   * The outcome of a payment, applied once. Money that arrives pays its order and grants what it bought, unless the
   * order can no longer take it (ended, paid by another attempt, a course owned already): then it goes back.
   */
  function settle(payment: PaymentRow, outcome: PaymentNotice["outcome"], now: Date): Settlement {
    if (outcome === "declined") {
      setPaymentStatus.run("declined", now.toISOString(), payment.id);
      return "declined";
    }
    receive(payment, now);
    const order = orderById.get(payment.order_id) as OrderRow;
    const product = productById.get(order.product_id) as ProductRow;
    const refusal = whyMoneyGoesBack(order, product);
    if (refusal) {
      giveBack(payment, refusal, now);
      // An order for a course owned through another order (two could be open before ADR 040) can never be fulfilled.
      if (refusal === "courseOwned" && transition(order, "cancelled", "the buyer owns this course through another order", now)) release(order);
      return "refunded";
    }
    setPaymentStatus.run("succeeded", now.toISOString(), payment.id);
    transition(order, "paid", `payment ${payment.payment_no}`, now);
    writeNotice(
      db,
      order.user_id,
      {
        kind: "order",
        title: `支付成功：${product.title}`,
        titleEn: `Paid: ${product.title_en || product.title}`,
        body: `订单 ${order.order_no}`,
        bodyEn: `Order ${order.order_no}`,
        link: `/myOrderDetail?orderNo=${order.order_no}`,
      },
      now,
    );
    if (order.user_coupon_id) db.prepare("UPDATE user_coupons SET status = 'used' WHERE id = ?").run(order.user_coupon_id);
    if (product.kind === "course") {
      db.prepare("INSERT INTO entitlements (user_id, product_id, order_id, granted_at) VALUES (?, ?, ?, ?)").run(
        order.user_id,
        product.id,
        order.id,
        now.toISOString(),
      );
      transition(orderById.get(order.id) as OrderRow, "fulfilled", "course unlocked", now);
    }
    if (product.kind === "membership" || product.kind === "gift") {
      const reason = options.fulfilCard(order, product.id, now);
      if (reason) transition(orderById.get(order.id) as OrderRow, "fulfilled", reason, now);
    }
    return "kept";
  }

  const notify = db.transaction((notice: PaymentNotice, now: Date): "applied" | "refunded" | "repeated" | "unknown" | "amount" => {
    const payment = paymentByNo.get(notice.paymentNo) as PaymentRow | undefined;
    if (!payment) return "unknown";
    if (payment.amount_fen !== notice.amountFen) return "amount";
    if (payment.status !== "pending") return "repeated";
    expireOverdue(now);
    return settle(payment, notice.outcome, now) === "refunded" ? "refunded" : "applied";
  });

  const cancel = db.transaction((context: ApiContext, userId: number, orderNo: unknown): Envelope => {
    const order = buyersOrder(context, userId, orderNo);
    if ("code" in order) return order;
    if (order.status !== "created" || !transition(order, "cancelled", "cancelled by the buyer", context.now()))
      return fail(409, say(context, "订单已不能取消", "This order can no longer be cancelled"), { status: order.status });
    // Its payment attempts stay pending: money the buyer sends anyway goes back when its notice comes (ADR 040).
    release(order);
    return ok(orderView(context, orderById.get(order.id) as OrderRow), say(context, "订单已取消", "Order cancelled"));
  });

  function confirmPay(context: ApiContext, userId: number): Envelope {
    const body = validateBody<OrderConfirmForm>(context, formKit(orderConfirmSchema, orderConfirmValidators));
    if (!body.ok) return body.envelope;
    const form = body.value;
    expireOverdue(context.now());
    // What the submission asked for; a repeat of its key with other contents is a client error, not the same request.
    const fingerprint = JSON.stringify([form.orderNo ?? null, form.productId ?? null, form.quantity ?? 1, form.userCouponId ?? null]);
    const earlier = db.prepare("SELECT * FROM order_requests WHERE user_id = ? AND idempotency_key = ?").get(userId, form.idempotencyKey) as
      | { fingerprint: string; order_id: number; payment_id: number }
      | undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) return fail(409, say(context, "该提交编号已用于其他订单", "This submission key was used for another order"));
      return confirmation(context, earlier.order_id, earlier.payment_id);
    }
    return form.orderNo ? payAgain(context, userId, form, fingerprint) : placeOrder(context, userId, form, fingerprint);
  }

  function readNotice(context: ApiContext): PaymentNotice | null {
    const { paymentNo, outcome, amountFen } = context.params;
    if (typeof paymentNo !== "string" || (outcome !== "succeeded" && outcome !== "declined") || !Number.isInteger(amountFen)) return null;
    return { paymentNo, outcome, amountFen: amountFen as number };
  }

  /** The coupon centre: each coupon once per user, while any are left; the last one goes to exactly one claimant. */
  const claimCoupon = db.transaction((context: ApiContext, userId: number, couponId: number): Envelope => {
    const coupon = db.prepare("SELECT * FROM coupons WHERE id = ? AND channel = 'centre'").get(couponId) as
      | (CouponRow & { id: number; remaining: number })
      | undefined;
    if (!coupon || context.now() > new Date(coupon.valid_until)) return fail(404, say(context, "优惠券不存在或已过期", "No such coupon, or it has expired"));
    if (db.prepare("SELECT 1 FROM user_coupons WHERE coupon_id = ? AND user_id = ?").get(couponId, userId))
      return fail(409, say(context, "您已领取过该优惠券", "You have this coupon already"));
    if (db.prepare("UPDATE coupons SET remaining = remaining - 1 WHERE id = ? AND remaining > 0").run(couponId).changes !== 1)
      return fail(409, say(context, "优惠券已领完", "All of these coupons have been taken"));
    const created = db
      .prepare("INSERT INTO user_coupons (coupon_id, user_id, obtained_at) VALUES (?, ?, ?)")
      .run(couponId, userId, context.now().toISOString());
    return ok({ userCouponId: Number(created.lastInsertRowid) }, say(context, "领取成功", "Coupon added"));
  });

  const routes: RouteDefinition[] = [
    {
      method: "ANY",
      path: "/coupon/centerCouponList",
      handler: accounts.withUser((context, user) => {
        const rows = db
          .prepare(`SELECT c.*, EXISTS (SELECT 1 FROM user_coupons uc WHERE uc.coupon_id = c.id AND uc.user_id = ?) AS claimed
            FROM coupons c WHERE c.channel = 'centre' AND c.valid_until > ? ORDER BY c.id`)
          .all(user.id, context.now().toISOString()) as (CouponRow & { id: number; remaining: number; claimed: number })[];
        return ok({
          list: rows.map((row) => ({
            couponId: row.id,
            title: say(context, row.title, row.title_en),
            kind: row.kind,
            amountFen: row.amount_fen,
            percent: row.percent,
            thresholdFen: row.threshold_fen,
            scope: row.scope,
            validFrom: row.valid_from,
            validUntil: row.valid_until,
            remaining: row.remaining,
            claimed: row.claimed === 1,
          })),
        });
      }),
    },
    {
      method: "ANY",
      path: "/coupon/myCouponList",
      handler: accounts.withUser((context, user) => {
        const now = context.now();
        expireOverdue(now);
        const mine = (userCoupons.all(user.id) as CouponRow[]).map((coupon) => couponView(context, coupon, null));
        const ended = (coupon: { validUntil: string }) => new Date(coupon.validUntil) < now;
        return ok({
          usable: mine.filter((coupon) => coupon.status !== "used" && !ended(coupon)),
          used: mine.filter((coupon) => coupon.status === "used"),
          expired: mine.filter((coupon) => coupon.status !== "used" && ended(coupon)),
        });
      }),
    },
    {
      method: "POST",
      path: "/coupon/addActivityCoupon",
      handler: accounts.withUser((context, user) => {
        const couponId = Number(context.params.couponId);
        if (!Number.isInteger(couponId) || couponId < 1) return fail(400, say(context, "请选择优惠券", "Please choose a coupon"));
        return claimCoupon(context, user.id, couponId);
      }),
    },
    {
      method: "POST",
      path: "/order/caculatePrice",
      handler: accounts.withUser((context, user) => {
        const body = validateBody<OrderQuoteForm>(context, formKit(orderQuoteSchema, orderQuoteValidators));
        if (!body.ok) return body.envelope;
        const priced = price(context, user.id, body.value);
        if ("envelope" in priced) return priced.envelope;
        return ok({ ...priced.quote, coupon: priced.coupon ? couponView(context, priced.coupon, null) : null });
      }),
    },
    {
      method: "POST",
      path: "/order/couponList",
      handler: accounts.withUser((context, user) => {
        const body = validateBody<OrderQuoteForm>(context, formKit(orderQuoteSchema, orderQuoteValidators));
        if (!body.ok) return body.envelope;
        const product = productById.get(body.value.productId) as ProductRow | undefined;
        if (!product) return fail(404, say(context, "商品不存在或已下架", "This item is not on sale"));
        return ok(couponsFor(context, user.id, product, body.value.quantity ?? 1));
      }),
    },
    {
      method: "POST",
      path: "/assembly-goods/getPlaceOrderInfo",
      // What an order confirmation shows, in one answer: the item, the price for the quantity, the coupons that apply.
      handler: accounts.withUser((context, user) => {
        const body = validateBody<OrderQuoteForm>(context, formKit(orderQuoteSchema, orderQuoteValidators));
        if (!body.ok) return body.envelope;
        const priced = price(context, user.id, { productId: body.value.productId, quantity: body.value.quantity });
        if ("envelope" in priced) return priced.envelope;
        const { product, quote: amounts } = priced;
        return ok({
          productId: product.id,
          itemId: product.item_id,
          kind: product.kind,
          title: say(context, product.title, product.title_en),
          cover: product.cover,
          stock: product.stock,
          ...amounts,
          coupons: couponsFor(context, user.id, product, amounts.quantity),
        });
      }),
    },
    { method: "POST", path: "/order/confirmPay", handler: accounts.withUser((context, user) => confirmPay(context, user.id)) },
    {
      method: "ANY",
      path: "/order/getPaystatus",
      handler: accounts.withUser((context, user) => {
        expireOverdue(context.now());
        const order = buyersOrder(context, user.id, context.params.orderNo);
        if ("code" in order) return order;
        const payment = db.prepare("SELECT status FROM payments WHERE order_id = ? ORDER BY id DESC LIMIT 1").pluck().get(order.id) as string;
        const product = productById.get(order.product_id) as ProductRow;
        return ok({
          orderNo: order.order_no,
          status: order.status,
          paymentStatus: payment,
          paidAt: order.paid_at,
          expiresAt: order.expires_at,
          kind: product.kind,
          itemId: product.item_id,
          refundedFen: refundedFen.get(order.id) as number,
        });
      }),
    },
    {
      method: "ANY",
      path: "/order/list",
      handler: accounts.withUser((context, user) => {
        expireOverdue(context.now());
        const pageNum = Math.max(1, Number(context.params.pageNum) || 1);
        const pageSize = Math.min(50, Math.max(1, Number(context.params.pageSize) || 10));
        // One state or several ("cancelled,expired": the orders that ended unpaid).
        const statuses = String(context.params.status ?? "")
          .split(",")
          .filter((status) => ORDER_STATUSES.includes(status as OrderStatus));
        const where = statuses.length ? `user_id = ? AND status IN (${statuses.map(() => "?").join(",")})` : "user_id = ?";
        const args = [user.id, ...statuses];
        const rows = db
          .prepare(`SELECT * FROM orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
          .all(...args, pageSize, (pageNum - 1) * pageSize) as OrderRow[];
        const total = db
          .prepare(`SELECT COUNT(*) FROM orders WHERE ${where}`)
          .pluck()
          .get(...args) as number;
        return ok({ list: rows.map((row) => orderView(context, row)), total, pageNum, pageSize });
      }),
    },
    {
      method: "ANY",
      path: "/order/details",
      handler: accounts.withUser((context, user) => {
        expireOverdue(context.now());
        const order = buyersOrder(context, user.id, context.params.orderNo);
        if ("code" in order) return order;
        const events = db.prepare("SELECT from_status, to_status, reason, at FROM order_events WHERE order_id = ? ORDER BY id").all(order.id);
        const refunds = db
          .prepare(`SELECT p.payment_no AS paymentNo, e.amount_fen AS amountFen, e.reason, e.at FROM payment_entries e JOIN payments p ON p.id = e.payment_id
            WHERE e.order_id = ? AND e.kind = 'refunded' ORDER BY e.id`)
          .all(order.id);
        return ok({ ...orderView(context, order), events, refunds });
      }),
    },
    {
      method: "POST",
      path: "/order/cancel",
      handler: accounts.withUser((context, user) => {
        expireOverdue(context.now());
        return cancel(context, user.id, context.params.orderNo);
      }),
    },
    {
      method: "POST",
      path: "/pay/notify",
      handler: (context) => {
        const body = context.rawBody ?? "";
        if (!signatureMatches(options.paymentSecret, body, context.headers.get("x-pay-signature") ?? "")) return fail(401, "signature does not match");
        const notice = readNotice(context);
        if (!notice) return fail(400, "malformed notification");
        const result = notify(notice, context.now());
        if (result === "unknown") return fail(404, "no such payment");
        if (result === "amount") return fail(400, "amount does not match the payment");
        return ok({ result });
      },
    },
  ];

  /**
   * A course stays open while any of its buyer's orders for it is paid and not refunded (ADR 040): refunding the order
   * that unlocked it hands the entitlement to another paid one, if an earlier version of the engine let two be paid.
   */
  function courseFollowsPaidOrders(refunded: OrderRow, now: Date): void {
    db.prepare("DELETE FROM entitlements WHERE order_id = ?").run(refunded.id);
    db.prepare(
      `INSERT OR IGNORE INTO entitlements (user_id, product_id, order_id, granted_at)
       SELECT user_id, product_id, id, ? FROM orders WHERE user_id = ? AND product_id = ? AND status IN ('paid', 'fulfilled') ORDER BY id LIMIT 1`,
    ).run(now.toISOString(), refunded.user_id, refunded.product_id);
  }

  /**
   * An operator's refund of a paid order: the money goes back (the payment is marked refunded), a course locks again
   * unless another paid order holds it, and the coupon stays spent, as payment providers and shops usually treat a
   * refunded order's discount.
   */
  const refund = db.transaction((orderNo: string, now: Date): boolean => {
    const order = orderByNo.get(orderNo) as OrderRow | undefined;
    if (!order || (order.status !== "paid" && order.status !== "fulfilled")) return false;
    const product = productById.get(order.product_id) as ProductRow;
    if ((product.kind === "membership" || product.kind === "gift") && !options.revokeCard(order, now)) return false;
    if (!transition(order, "refunded", "refunded by an operator", now)) return false;
    const kept = db.prepare("SELECT * FROM payments WHERE order_id = ? AND status = 'succeeded'").all(order.id) as PaymentRow[];
    for (const payment of kept) giveBack(payment, "operator", now);
    if (product.kind === "course") courseFollowsPaidOrders(order, now);
    return true;
  });

  /** A developer's shortcut (the payment simulator's "let it expire"): the order's 15 minutes are up now. */
  const expireNow = (orderNo: string, now: Date): boolean => {
    const moved = db.prepare("UPDATE orders SET expires_at = ? WHERE order_no = ? AND status = 'created'").run(now.toISOString(), orderNo).changes === 1;
    if (moved) expireOverdue(now);
    return moved;
  };

  return {
    routes,
    expireOverdue,
    expireNow,
    refund,
    notify,
    paymentByNo: (paymentNo: string) => paymentByNo.get(paymentNo) as PaymentRow | undefined,
    /** Why a refunded payment's money went back, or null when it did not. */
    refundReasonOf: (paymentId: number) =>
      (db.prepare("SELECT reason FROM payment_entries WHERE payment_id = ? AND kind = 'refunded'").pluck().get(paymentId) as RefundReason | undefined) ?? null,
  };
}

export type OrderEngine = ReturnType<typeof createOrderEngine>;
