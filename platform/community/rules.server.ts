import type { Db } from "../kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { allowAll } from "../kernel/rate-limits.server.ts";
import { say } from "../kernel/language.server.ts";
import { notify } from "../notices/index.server.ts";
import * as queries from "./queries.server.ts";
import type { CommentKind } from "./queries.server.ts";

/**
 * The community core that articles, circle posts and Q&A share: who follows whom, the blacklist, the risk-word
 * list, costly-action limits and one comment thread for every kind of post. Each kind of post plugs in as a
 * CommentTarget, so the rules of commenting (visibility, blocking, risk words, limits) are written once.
 */

export type { CommentKind } from "./queries.server.ts";

export interface CommentTarget {
  kind: CommentKind;
  /** The post's author when the viewer (0 for a visitor) may see the post, else null: an unseen post takes no comments. */
  ownerIfVisible(targetId: number, viewerId: number): number | null;
  /**
   * True when the post hides its writer (an anonymous question or answer). A block then never refuses a comment there,
   * since the refusal would tell the commenter who wrote it; the writer still deletes comments under it.
   */
  hidesOwner?(targetId: number): boolean;
  /** Keeps the post's comment counter in step; runs inside the transaction that adds or removes the comment. */
  onCountChange?(targetId: number, delta: 1 | -1): void;
}

export type CostlyAction = "post" | "draft" | "comment" | "answer" | "upload";

/** Per user and per address; an address is shared by a campus or an office, so its budget is larger. */
const COSTLY_LIMITS: Record<CostlyAction, { windowMs: number; perUser: number; perAddress: number }> = {
  post: { windowMs: 600_000, perUser: 10, perAddress: 60 },
  // A new draft (saving an existing one again is free): removing drafts would otherwise let one person add rows forever.
  draft: { windowMs: 600_000, perUser: 30, perAddress: 120 },
  comment: { windowMs: 60_000, perUser: 5, perAddress: 30 },
  answer: { windowMs: 600_000, perUser: 10, perAddress: 60 },
  upload: { windowMs: 3_600_000, perUser: 120, perAddress: 400 },
};

/** Folds the ways people dodge a word list: full-width forms, case, and spaces or zero-width marks inside a word. */
function foldForMatching(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\u200b-\u200d\u2060\ufeff]+/g, "");
}

/** The first risk word any of the texts contains, as the list spells it (the refusal names it so), or null. */
export function findRiskWord(db: Db, ...texts: string[]): string | null {
  // A blank entry (the first list has one) would match every text and, being falsy, hide every word after it.
  const words = queries.riskWords(db).filter((word) => foldForMatching(word) !== "");
  for (const text of texts) {
    const folded = foldForMatching(text);
    const found = words.find((word) => folded.includes(foldForMatching(word)));
    if (found) return found;
  }
  return null;
}

/** A refusal naming the word, so the writer knows what to change; the caller keeps nothing, the browser keeps the text. */
export function refuseRiskWords(context: ApiContext, db: Db, ...texts: string[]): Envelope | null {
  const word = findRiskWord(db, ...texts);
  if (!word) return null;
  return fail(
    400,
    say(context, `内容包含违规词“${word}”，请修改后再提交`, `Your text contains a prohibited word ("${word}"). Please change it and try again`),
    { word },
  );
}

export const isBlocked = (db: Db, blockerId: number, blockedId: number): boolean => queries.isBlocked(db, blockerId, blockedId);

/** Counts one costly action against the user's and the address's budgets; a 429 envelope when either is spent. */
export function limitCostly(context: ApiContext, db: Db, userId: number, action: CostlyAction): Envelope | null {
  const limit = COSTLY_LIMITS[action];
  const buckets = [
    { bucket: `${action}:${userId}`, max: limit.perUser },
    { bucket: `${action}-ip:${context.ip}`, max: limit.perAddress },
  ];
  if (allowAll(db, buckets, limit.windowMs, context.now().getTime())) return null;
  return fail(429, say(context, "操作太频繁，请稍后再试", "You are doing that too often. Please try again later"));
}

/**
 * An id a client sent (a JSON number or a query string's digits), or null when it cannot name a row: 0, negative,
 * fractional, beyond 2^53, or not a number or a string at all (Number([7]) and Number(true) would read as ids).
 */
export function positiveId(value: unknown): number | null {
  if (typeof value !== "number" && typeof value !== "string") return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The signed-in viewer's id, or 0 for a visitor (no user has id 0, so SQL conditions on @viewer match nothing). */
export function viewerIdOf(accounts: Accounts, context: ApiContext): number {
  const who = accounts.current(context);
  return "user" in who ? who.user.id : 0;
}

/** Follows or unfollows a person (POST /follow/doFollow with userId; the scholar form with authorCode stays in scholars). */
export function toggleUserFollow(db: Db, context: ApiContext, user: UserRow): Envelope {
  const followeeId = positiveId(context.params.userId);
  if (followeeId === null) return fail(400, say(context, "userId必须是正整数", "userId must be a positive integer"));
  if (followeeId === user.id) return fail(400, say(context, "不能关注自己", "You cannot follow yourself"));
  if (!queries.personOf(db, followeeId)) return fail(404, say(context, "用户不存在", "No such user"));
  const followed = db.transaction(() => {
    if (queries.deleteFollow(db, user.id, followeeId)) return false;
    // A block ended this follow; following again would give the blocked person the followers-only posts back.
    if (isBlocked(db, followeeId, user.id)) return null;
    queries.insertFollow(db, user.id, followeeId, context.now().toISOString());
    const name = publicName(user);
    notify(db, followeeId, { kind: "follow", title: `${name} 关注了你`, titleEn: `${name} followed you`, link: `/userHome?userId=${user.id}` }, context.now());
    return true;
  })();
  if (followed === null) return fail(403, say(context, "对方已将你加入黑名单，无法关注", "This person has blocked you, so you cannot follow them"));
  return ok({ userId: followeeId, followed });
}

/** People a comment names with "@nickname" (at most 5), told so; the one replied to is told of the reply instead. */
function noticeOfComment(db: Db, author: UserRow, content: string, repliedTo: number | null, at: Date): void {
  const name = publicName(author);
  const excerpt = [...content].slice(0, 60).join("");
  if (repliedTo !== null && repliedTo !== author.id)
    notify(db, repliedTo, { kind: "reply", title: `${name} 回复了你`, titleEn: `${name} replied to you`, body: excerpt, bodyEn: excerpt }, at);
  const names = [...new Set([...content.matchAll(/@([^\s@,，:：]{1,20})/g)].map((match) => match[1]))].slice(0, 5);
  for (const mentioned of names) {
    const id = queries.activeUserNamed(db, mentioned);
    if (id && id !== author.id && id !== repliedTo && !isBlocked(db, id, author.id))
      notify(db, id, { kind: "mention", title: `${name} 提到了你`, titleEn: `${name} mentioned you`, body: excerpt, bodyEn: excerpt }, at);
  }
}

/** A new comment, the post's counter and the notices of the reply and mentions, in one transaction; answers its id. */
export function addComment(
  db: Db,
  target: CommentTarget,
  author: UserRow,
  comment: { targetId: number; content: string; replyTo: number | null; repliedUserId: number | null },
  at: Date,
): number {
  return db.transaction(() => {
    const id = queries.insertComment(db, target.kind, comment.targetId, author.id, comment.replyTo, comment.content, at.toISOString());
    target.onCountChange?.(comment.targetId, 1);
    noticeOfComment(db, author, comment.content, comment.repliedUserId, at);
    return id;
  })();
}

/** Removes a comment and keeps the post's counter in step, in one transaction (removing it twice counts once). */
export function deleteComment(db: Db, target: CommentTarget, comment: { id: number; target_id: number }, at: string): void {
  db.transaction(() => {
    if (queries.markCommentDeleted(db, comment.id, at)) target.onCountChange?.(comment.target_id, -1);
  })();
}

/** A block ends following both ways: the blocked person no longer sees followers-only posts through it. */
export function blockUser(db: Db, userId: number, blockedId: number, at: string): void {
  db.transaction(() => queries.insertBlock(db, userId, blockedId, at))();
}
