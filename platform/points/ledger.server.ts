import type { Db } from "./kernel/db.server.ts";

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

export type PostingResult = { ok: true; entry: PointEntry } | { ok: false; problem: "insufficient" | "repeated" };

/**
 * The points ledger (ADR 020): a balance is the sum of a user's rows, never a counter. Every posting runs inside the
 * caller's transaction (better-sqlite3 transactions nest as savepoints), so a debit and what it pays for commit
 * together or not at all; a posting with a ref already used is refused, which makes rewards idempotent.
 */
export function createLedger(db: Db) {
  const balanceOf = db.prepare("SELECT COALESCE(SUM(delta), 0) FROM point_entries WHERE user_id = ?").pluck();
  const refUsed = db.prepare("SELECT 1 FROM point_entries WHERE user_id = ? AND ref = ?");
  const insert = db.prepare("INSERT INTO point_entries (user_id, delta, balance_after, reason, ref, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *");

  const post = db.transaction((userId: number, delta: number, reason: PointReason, ref: string | null, at: Date): PostingResult => {
    if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`a posting moves a whole number of points, not ${delta}`);
    if (ref && refUsed.get(userId, ref)) return { ok: false, problem: "repeated" };
    const after = (balanceOf.get(userId) as number) + delta;
    if (after < 0) return { ok: false, problem: "insufficient" };
    return { ok: true, entry: insert.get(userId, delta, after, reason, ref, at.toISOString()) as PointEntry };
  });

  return {
    balance: (userId: number) => balanceOf.get(userId) as number,
    /** Adds points (delta > 0); a ref already posted for this user adds nothing. */
    credit: (userId: number, points: number, reason: PointReason, ref: string | null, at: Date) => post(userId, points, reason, ref, at),
    /** Takes points (points > 0); refused when the balance would go below zero. */
    debit: (userId: number, points: number, reason: PointReason, ref: string | null, at: Date) => post(userId, -points, reason, ref, at),
    entries: (userId: number, limit: number, offset: number) =>
      db.prepare("SELECT * FROM point_entries WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?").all(userId, limit, offset) as PointEntry[],
    count: (userId: number) => db.prepare("SELECT COUNT(*) FROM point_entries WHERE user_id = ?").pluck().get(userId) as number,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
