import { randomInt } from "node:crypto";
import { memberCodeSchema, memberCodeValidators } from "@schemas/generated/form-kits.ts";
import type { MemberCodeForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { CodeRow } from "./queries.server.ts";

export const DAY_MS = 86_400_000;
/** Exchange codes and gift cards read aloud or typed from a card: no 0/O, 1/I/L. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Wrong codes a user may try in WRONG_CODE_WINDOW_MS before being asked to wait (guessing a 12-character code is hopeless, but probing is noise). */
const WRONG_CODE_LIMIT = 5;
const WRONG_CODE_WINDOW_MS = 10 * 60_000;
/** An unreceived gift card can be received for this long after it was bought. */
const GIFT_VALID_DAYS = 30;

export function newMemberCode(): string {
  return Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

/** What people type: any case, with spaces or dashes between groups. */
export function normaliseMemberCode(input: unknown): string {
  return String(input ?? "")
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .slice(0, 32);
}

/** Shown in groups of four, as printed on a card. */
export function displayMemberCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, "$1-");
}

export type Granted = { ok: true; from: string | null; to: string } | { ok: false };

/** An order as membership sees it: who bought, and which order. */
type CardOrder = { id: number; user_id: number; order_no: string };

/**
 * Whether a user is a member at this moment: `users.is_vip` (what gates read, and what the developer tools set without
 * a membership) and, when a membership exists, its expiry, which counts from the instant it passes rather than at the
 * next sweep of `endLapsed`. What a membership lends, such as books unlocked by it (ADR 040), holds only while this does.
 */
export function isMemberAt(db: Db, user: { id: number; is_vip: number }, now: Date): boolean {
  if (user.is_vip !== 1) return false;
  const expiresAt = queries.membershipExpiry(db, user.id);
  return expiresAt === undefined || Date.parse(expiresAt) > now.getTime();
}

/** Adds days to a member's expiry and records why; inside the caller's transaction. */
export function extend(
  db: Db,
  userId: number,
  grant: { days: number; kind: "purchase" | "code" | "gift"; ref: string; title: [string, string] },
  now: Date,
): Granted {
  const current = queries.membershipOf(db, userId);
  const running = Boolean(current && Date.parse(current.expires_at) > now.getTime());
  const base = running && current ? Date.parse(current.expires_at) : now.getTime();
  const to = new Date(base + grant.days * DAY_MS).toISOString();
  queries.saveMembership(db, userId, now.toISOString(), to, running);
  queries.insertMembershipEvent(db, { userId, ...grant, from: current?.expires_at ?? null, to, at: now.toISOString() });
  queries.setVip(db, userId, true);
  return { ok: true, from: current?.expires_at ?? null, to };
}

/**
 * The order engine's fulfilment of a paid card: a membership card extends the buyer, a gift card becomes a code for
 * a friend. Returns the reason recorded with the order's move to fulfilled, or null for kinds it does not handle.
 */
export function fulfilPaidCard(db: Db, order: CardOrder, productId: number, now: Date): string | null {
  const card = queries.cardByProduct(db, productId);
  if (!card || (card.kind !== "membership" && card.kind !== "gift")) return null;
  if (card.kind === "membership") {
    extend(db, order.user_id, { days: card.days, kind: "purchase", ref: `order:${order.order_no}`, title: [card.title, card.title_en] }, now);
    return "membership extended";
  }
  queries.insertGiftCode(db, {
    code: newMemberCode(),
    days: card.days,
    title: card.title,
    titleEn: card.title_en,
    validUntil: new Date(now.getTime() + GIFT_VALID_DAYS * DAY_MS).toISOString(),
    giverId: order.user_id,
    orderId: order.id,
    at: now.toISOString(),
  });
  return "gift card issued";
}

/** An operator's refund takes back what the card gave: the buyer's days, or an unreceived gift card. */
export function revokePaidCard(db: Db, order: CardOrder, now: Date): boolean {
  const gift = queries.codeOfOrder(db, order.id);
  if (gift) {
    if (gift.redeemed_by) return false;
    queries.deleteCode(db, gift.code);
    return true;
  }
  const event = queries.membershipEventByRef(db, `order:${order.order_no}`);
  if (!event) return true;
  const current = queries.membershipOf(db, order.user_id) as { expires_at: string };
  const to = new Date(Date.parse(current.expires_at) - event.days * DAY_MS);
  queries.setMembershipExpiry(db, order.user_id, to.toISOString());
  if (to <= now) queries.setVip(db, order.user_id, false);
  return true;
}

/** Memberships that ran out stop counting as VIP (the users row is what gates read). */
export const endLapsed = (db: Db, now: Date): number => queries.endLapsedVips(db, now.toISOString());

function codeProblem(context: ApiContext, code: CodeRow | undefined, userId: number): Envelope | null {
  if (!code) return fail(404, say(context, "兑换码不存在，请核对后重新输入", "No such code. Please check it and try again"), { problem: "wrong" });
  if (code.redeemed_by)
    return fail(409, say(context, "该兑换码已被使用", "This code has already been used"), { problem: "used", usedByYou: code.redeemed_by === userId });
  if (Date.parse(code.valid_until) <= context.now().getTime())
    return fail(410, say(context, "该兑换码已过期", "This code has expired"), { problem: "expired" });
  if (code.giver_id === userId)
    return fail(409, say(context, "不能领取自己赠送的会员卡，请分享给好友", "You cannot receive your own gift card. Share it with a friend"), {
      problem: "own",
    });
  return null;
}

/** One redemption: the conditional update lets exactly one of any number of simultaneous submissions through. */
function redeem(db: Db, context: ApiContext, userId: number, input: unknown, kinds: CodeRow["kind"][]): Envelope {
  return db.transaction((): Envelope => {
    const now = context.now();
    const found = queries.codeByValue(db, normaliseMemberCode(input));
    const code = found && kinds.includes(found.kind) ? found : undefined;
    const problem = codeProblem(context, code, userId);
    if (problem) return problem;
    if (!code) throw new Error("codeProblem answers a missing code");
    if (!queries.takeCode(db, code.code, userId, now.toISOString()))
      return fail(409, say(context, "该兑换码已被使用", "This code has already been used"), { problem: "used" });
    const kind = code.kind === "gift" ? "gift" : "code";
    const granted = extend(db, userId, { days: code.days, kind, ref: `code:${code.code}`, title: [code.title, code.title_en] }, now) as { to: string };
    return ok(
      { days: code.days, title: say(context, code.title, code.title_en), expiresAt: granted.to },
      say(context, `兑换成功，会员已延长 ${code.days} 天`, `Done: your membership is ${code.days} days longer`),
    );
  })();
}

/** Only wrong codes count toward the limit; a user who mistypes once and then types it right is never slowed down. */
export function redeemLimited(db: Db, context: ApiContext, userId: number, kinds: CodeRow["kind"][]): Envelope {
  const bucket = `member-code-wrong:${userId}`;
  if (queries.wrongCodesSince(db, bucket, context.now().getTime() - WRONG_CODE_WINDOW_MS) >= WRONG_CODE_LIMIT)
    return fail(429, say(context, "错误次数过多，请 10 分钟后再试", "Too many wrong codes. Please try again in 10 minutes"), { problem: "limited" });
  const body = validateBody<MemberCodeForm>(context, formKit(memberCodeSchema, memberCodeValidators));
  if (!body.ok) return body.envelope;
  const answer = redeem(db, context, userId, body.value.code, kinds);
  if ((answer.data as { problem?: string } | undefined)?.problem === "wrong")
    allow(db, bucket, Number.MAX_SAFE_INTEGER, WRONG_CODE_WINDOW_MS, context.now().getTime());
  return answer;
}

/** Exchange codes as operations issue them (a batch printed on cards or sent to partners). */
export function issueExchangeCodes(db: Db, count: number, days: number, validUntil: Date, now: Date): string[] {
  const title: [string, string] = days >= 365 ? ["年度会员兑换码", "Yearly membership code"] : [`${days} 天会员兑换码`, `${days}-day membership code`];
  return db.transaction(() =>
    Array.from({ length: count }, () => {
      const code = newMemberCode();
      queries.insertExchangeCode(db, code, days, title, validUntil.toISOString(), now.toISOString());
      return code;
    }),
  )();
}
