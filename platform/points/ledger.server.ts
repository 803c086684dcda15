import type { Db } from "../kernel/db.server.ts";
import { insertPointEntry, pointBalance, pointEntries, pointEntryCount, pointRefUsed, type PointEntry, type PointReason } from "./queries.server.ts";

export type { PointEntry, PointReason } from "./queries.server.ts";

export type PostingResult = { ok: true; entry: PointEntry } | { ok: false; problem: "insufficient" | "repeated" };

/**
 * The points ledger (ADR 020): a balance is the sum of a user's rows, never a counter. Every posting runs inside the
 * caller's transaction (better-sqlite3 transactions nest as savepoints), so a debit and what it pays for commit
 * together or not at all; a posting with a ref already used is refused, which makes rewards idempotent.
 */
export function createLedger(db: Db) {
  const post = db.transaction((userId: number, delta: number, reason: PointReason, ref: string | null, at: Date): PostingResult => {
    if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`a posting moves a whole number of points, not ${delta}`);
    if (ref && pointRefUsed(db, userId, ref)) return { ok: false, problem: "repeated" };
    const after = pointBalance(db, userId) + delta;
    if (after < 0) return { ok: false, problem: "insufficient" };
    return { ok: true, entry: insertPointEntry(db, userId, delta, after, reason, ref, at.toISOString()) };
  });

  return {
    balance: (userId: number) => pointBalance(db, userId),
    /** Adds points (delta > 0); a ref already posted for this user adds nothing. */
    credit: (userId: number, points: number, reason: PointReason, ref: string | null, at: Date) => post(userId, points, reason, ref, at),
    /** Takes points (points > 0); refused when the balance would go below zero. */
    debit: (userId: number, points: number, reason: PointReason, ref: string | null, at: Date) => post(userId, -points, reason, ref, at),
    entries: (userId: number, limit: number, offset: number) => pointEntries(db, userId, limit, offset),
    count: (userId: number) => pointEntryCount(db, userId),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
