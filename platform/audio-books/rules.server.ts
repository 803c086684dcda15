import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { join } from "node:path";
import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import type { Ledger } from "../points/index.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { Refusal } from "../kernel/refusal.server.ts";
import { platformSecret } from "../kernel/secrets.server.ts";
import { say } from "../kernel/language.server.ts";
import { isMemberAt } from "../membership/index.server.ts";
import * as queries from "./queries.server.ts";
import type { BookRow, ChapterRow, UnlockRow } from "./queries.server.ts";

/** Where the spoken chapters are (made by `npm run make:audio`, committed). */
export const AUDIO_DIR = join(import.meta.dirname, "..", "audio");
/** A signed audio URL stays playable this long: a long listening session, not a link to pass around. */
const AUDIO_URL_TTL_S = 6 * 3600;
/** Vouchers a listener who unlocked a book may give friends. */
export const VOUCHERS_PER_BOOK = 3;
/** A position measured later than this after the server's now is a wrong device clock; it is taken as now. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** What the audio book handlers work with. */
export interface AudioBookArea {
  db: Db;
  accounts: Accounts;
  ledger: Ledger;
}

const audioSignature = (secret: string, file: string, expires: number) => createHmac("sha256", secret).update(`${file}:${expires}`).digest("hex");

/** A URL for one chapter file that the media route serves only until it expires (as a CDN's signed URL). */
export function signedAudioUrl(db: Db, file: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + AUDIO_URL_TTL_S;
  return `/media/audio/${file}?exp=${expires}&sig=${audioSignature(platformSecret(db, "media"), file, expires)}`;
}

export function audioUrlValid(db: Db, file: string, expires: number, signature: string, now: Date): boolean {
  if (!/^[a-z0-9-]+\.mp3$/.test(file) || !Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(audioSignature(platformSecret(db, "media"), file, expires), "hex");
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A listener's unlock of a book while it holds (ADR 040): one paid with points or a friend's voucher for good, one
 * lent by membership while the listener is a member, so a refunded or lapsed membership locks the book again.
 */
export function heldUnlock(db: Db, user: UserRow, bookId: number, now: Date): UnlockRow | undefined {
  const unlock = queries.unlockOf(db, user.id, bookId);
  return unlock && (unlock.method !== "membership" || isMemberAt(db, user, now)) ? unlock : undefined;
}

/** A chapter plays when it is one of the book's free ones or the listener holds an unlock. */
export const isOpen = (db: Db, book: BookRow, chapter: ChapterRow, user: UserRow | null, now: Date) =>
  chapter.position <= book.free_chapters || Boolean(user && heldUnlock(db, user, book.id, now));

function unlockWithPoints(area: AudioBookArea, context: ApiContext, user: UserRow, book: BookRow): Envelope | null {
  const now = context.now();
  const ref = `unlock:${book.id}`;
  const paid = area.ledger.debit(user.id, book.unlock_points, "unlock", ref, now);
  if (!paid.ok)
    throw new Refusal(fail(409, say(context, "积分不足", "Not enough points"), { balance: area.ledger.balance(user.id), cost: book.unlock_points }));
  queries.recordUnlock(area.db, user.id, book.id, "points", book.unlock_points, ref, now.toISOString());
  return null;
}

function unlockWithMembership(area: AudioBookArea, context: ApiContext, user: UserRow, book: BookRow): Envelope | null {
  const now = context.now();
  if (!isMemberAt(area.db, user, now)) return fail(403, say(context, "开通会员后可免费解锁", "Members unlock books free. Become a member first"));
  queries.recordUnlock(area.db, user.id, book.id, "membership", 0, "member", now.toISOString());
  return null;
}

function unlockWithVoucher(area: AudioBookArea, context: ApiContext, user: UserRow, book: BookRow): Envelope | null {
  const now = context.now();
  const code = String(context.params.code ?? "").toUpperCase();
  const voucher = queries.voucherOfBook(area.db, code, book.id);
  if (!voucher) return fail(404, say(context, "赠书券不存在", "No such voucher"));
  if (voucher.giver_id === user.id) return fail(409, say(context, "不能领取自己送出的赠书券", "You cannot use a voucher you gave"));
  if (!queries.takeVoucher(area.db, code, user.id, now.toISOString())) return fail(409, say(context, "这张赠书券已被领取", "This voucher has been used"));
  queries.recordUnlock(area.db, user.id, book.id, "voucher", 0, `voucher:${code}`, now.toISOString());
  return null;
}

const UNLOCKERS = { points: unlockWithPoints, membership: unlockWithMembership, voucher: unlockWithVoucher } as const;

/** Unlocks a book the way the listener chose, in one transaction: a refusal after the ledger moved rolls it back. */
export function unlockBook(area: AudioBookArea, context: ApiContext, user: UserRow, book: BookRow): Envelope {
  return area.db.transaction((): Envelope => {
    if (heldUnlock(area.db, user, book.id, context.now())) return fail(409, say(context, "您已解锁这本书", "You have unlocked this book already"));
    const method = context.params.method;
    const unlocker = typeof method === "string" && Object.hasOwn(UNLOCKERS, method) ? UNLOCKERS[method as keyof typeof UNLOCKERS] : undefined;
    if (!unlocker) return fail(400, say(context, "请选择解锁方式", "Choose how to unlock"));
    const refused = unlocker(area, context, user, book);
    if (refused) return refused;
    return ok({ bookId: book.id, method }, say(context, "解锁成功，全部章节可收听", "Unlocked: every chapter is yours"));
  })();
}

/** A position report: applied only when measured after the one stored (a late, older report changes nothing). */
export function savePosition(db: Db, context: ApiContext, user: UserRow, chapter: ChapterRow, positionMs: number, takenAt: Date): boolean {
  return db.transaction((): boolean => {
    const now = context.now();
    const measured = takenAt.getTime() > now.getTime() + CLOCK_SKEW_MS ? now : takenAt;
    const stored = queries.positionOf(db, user.id, chapter.book_id);
    if (stored && Date.parse(stored.taken_at) >= measured.getTime()) return false;
    const newPlay = !stored || stored.chapter_id !== chapter.id ? 1 : 0;
    queries.writePosition(db, user.id, chapter, positionMs, measured.toISOString(), now.toISOString(), newPlay);
    return true;
  })();
}

/** A voucher for a friend, from a listener who holds the book, at most VOUCHERS_PER_BOOK per book. */
export function giveVoucher(db: Db, context: ApiContext, user: UserRow, book: BookRow): Envelope {
  return db.transaction((): Envelope => {
    if (!heldUnlock(db, user, book.id, context.now())) return fail(403, say(context, "解锁这本书后才能赠送", "Unlock the book before you give it"));
    const given = queries.voucherCountGiven(db, user.id, book.id);
    if (given >= VOUCHERS_PER_BOOK)
      return fail(409, say(context, `每本书最多赠送 ${VOUCHERS_PER_BOOK} 位好友`, `You can give each book to ${VOUCHERS_PER_BOOK} friends`));
    const code = Array.from({ length: 10 }, () => "ABCDEFGHJKMNPQRSTUVWXYZ23456789"[randomInt(31)]).join("");
    queries.insertVoucher(db, code, book.id, user.id, context.now().toISOString());
    return ok({ code, left: VOUCHERS_PER_BOOK - given - 1 }, say(context, "赠书券已生成，分享给好友吧", "Voucher ready: share it with a friend"));
  })();
}

/** Saves a listener's stars and review (1 to 5 stars, at most 200 characters). */
export function rateBook(db: Db, context: ApiContext, user: UserRow, book: BookRow): Envelope {
  const score = Number(context.params.score);
  const comment = String(context.params.comment ?? "").trim();
  if (!Number.isInteger(score) || score < 1 || score > 5) return fail(400, say(context, "请选择 1 到 5 星", "Choose 1 to 5 stars"));
  if (comment.length > 200) return fail(400, say(context, "评价最多 200 字", "A review is at most 200 characters"));
  queries.writeScore(db, user.id, book.id, score, comment, context.now().toISOString());
  const average = queries.scoreOf(db, book.id);
  return ok({ myScore: score, score: average.average, scoreCount: average.count }, say(context, "评分已保存", "Rating saved"));
}

/** Puts a book on the listener's shelf, or takes it off when it is there. */
export function toggleShelf(db: Db, context: ApiContext, user: UserRow, book: BookRow): Envelope {
  const removed = queries.removeFromShelf(db, user.id, book.id);
  if (!removed) queries.addToShelf(db, user.id, book.id, context.now().toISOString());
  return ok({ onShelf: !removed }, removed ? say(context, "已移出书架", "Removed from your shelf") : say(context, "已加入书架", "Added to your shelf"));
}
