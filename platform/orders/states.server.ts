import type { Db } from "../kernel/db.server.ts";
import * as queries from "./queries.server.ts";
import type { OrderRow, OrderStatus } from "./queries.server.ts";

/** Why a coupon does not apply to an order; null when it does. */
export type CouponProblem = "notYours" | "used" | "notYet" | "expired" | "scope" | "threshold";

export interface DeliveryAddress {
  receiver: string;
  phone: string;
  region: string;
  detail: string;
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

/** What every rule of the order engine works with: the database and the engine's collaborators. */
export interface OrderEngineContext {
  db: Db;
  options: OrderEngineOptions;
}

/** One state change, only from the state the caller saw, always recorded. */
export function transition(db: Db, order: OrderRow, to: OrderStatus, reason: string, at: Date): boolean {
  const paidAt = to === "paid" ? at.toISOString() : null;
  if (!queries.setOrderStatus(db, order.id, order.status, to, paidAt)) return false;
  queries.recordOrderEvent(db, order.id, order.status, to, reason, at.toISOString());
  return true;
}

/** Gives back what an unpaid order held: its stock and its coupon. */
export function release(db: Db, order: OrderRow): void {
  queries.restoreStock(db, order.product_id, order.quantity);
  if (order.user_coupon_id) queries.unlockCoupon(db, order.user_coupon_id);
}

/** Unpaid orders past their time expire; run before anything reads or changes orders, and on a timer. */
export function expireOverdue(db: Db, now: Date): number {
  return db.transaction(() => {
    const overdue = queries.overdueOrders(db, now.toISOString());
    // Its payment attempts stay pending: only the provider knows whether the money comes, and money that comes for
    // an expired order goes back (ADR 040).
    for (const order of overdue) if (transition(db, order, "expired", "unpaid after 15 minutes", now)) release(db, order);
    return overdue.length;
  })();
}
