import { commentSchema, commentValidators } from "@schemas/generated/form-kits.ts";
import type { CommentForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { allowAll } from "./kernel/rate-limits.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { notify } from "./notices.server.ts";

/**
 * The community core that articles, circle posts and Q&A share: who follows whom, the blacklist, the risk-word
 * list, costly-action limits and one comment thread for every kind of post. Each kind of post plugs in as a
 * CommentTarget, so the rules of commenting (visibility, blocking, risk words, limits) are written once.
 */

export type CommentKind = "essay" | "circle" | "question" | "answer";

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
  const words = (db.prepare("SELECT word FROM risk_words").pluck().all() as string[]).filter((word) => foldForMatching(word) !== "");
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

export function isBlocked(db: Db, blockerId: number, blockedId: number): boolean {
  return Boolean(db.prepare("SELECT 1 FROM user_blacks WHERE user_id = ? AND blocked_id = ?").get(blockerId, blockedId));
}

/** SQL condition hiding rows whose author the viewer blocked; bind the named parameter @viewer (0 for a visitor). */
export function notBlockedSql(authorColumn: string): string {
  return `${authorColumn} NOT IN (SELECT blocked_id FROM user_blacks WHERE user_id = @viewer)`;
}

/**
 * SQL condition: the viewer may see a row with this author and visibility ('public', 'self', 'followers' — people
 * who follow the author — or 'mutual' — people the author follows back). Bind @viewer (0 for a visitor).
 */
export function visibleSql(authorColumn: string, visibilityColumn: string): string {
  const viewerFollows = `EXISTS (SELECT 1 FROM user_follows WHERE follower_id = @viewer AND followee_id = ${authorColumn})`;
  const authorFollows = `EXISTS (SELECT 1 FROM user_follows WHERE follower_id = ${authorColumn} AND followee_id = @viewer)`;
  return `(${visibilityColumn} = 'public' OR ${authorColumn} = @viewer OR (${visibilityColumn} = 'followers' AND ${viewerFollows}) OR (${visibilityColumn} = 'mutual' AND ${viewerFollows} AND ${authorFollows}))`;
}

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
  if (!db.prepare("SELECT 1 FROM users WHERE id = ?").get(followeeId)) return fail(404, say(context, "用户不存在", "No such user"));
  const followed = db
    .transaction(() => {
      if (db.prepare("DELETE FROM user_follows WHERE follower_id = ? AND followee_id = ?").run(user.id, followeeId).changes > 0) return false;
      // A block ended this follow; following again would give the blocked person the followers-only posts back.
      if (isBlocked(db, followeeId, user.id)) return null;
      db.prepare("INSERT INTO user_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)").run(user.id, followeeId, context.now().toISOString());
      const name = publicName(user);
      notify(
        db,
        followeeId,
        { kind: "follow", title: `${name} 关注了你`, titleEn: `${name} followed you`, link: `/userHome?userId=${user.id}` },
        context.now(),
      );
      return true;
    })
    .immediate();
  if (followed === null) return fail(403, say(context, "对方已将你加入黑名单，无法关注", "This person has blocked you, so you cannot follow them"));
  return ok({ userId: followeeId, followed });
}

interface CommentRow {
  id: number;
  kind: CommentKind;
  target_id: number;
  user_id: number;
  reply_to_id: number | null;
  content: string;
  created_at: string;
  nickname: string;
  user_name: string;
  portrait_url: string;
  reply_user_id: number | null;
  reply_nickname: string | null;
  reply_user_name: string | null;
}

const COMMENT_COLUMNS = `c.*, u.nickname, u.user_name, u.portrait_url,
  r.user_id AS reply_user_id, ru.nickname AS reply_nickname, ru.user_name AS reply_user_name`;
const COMMENT_JOINS = `FROM comments c JOIN users u ON u.id = c.user_id
  LEFT JOIN comments r ON r.id = c.reply_to_id LEFT JOIN users ru ON ru.id = r.user_id`;

function toComment(row: CommentRow, viewerId: number, targetOwnerId: number) {
  return {
    id: row.id,
    kind: row.kind,
    targetId: row.target_id,
    userId: row.user_id,
    userName: publicName(row),
    portraitUrl: row.portrait_url,
    content: row.content,
    replyTo:
      row.reply_to_id && row.reply_user_id
        ? { id: row.reply_to_id, userId: row.reply_user_id, userName: publicName({ nickname: row.reply_nickname ?? "", user_name: row.reply_user_name ?? "" }) }
        : null,
    createTime: row.created_at,
    mine: row.user_id === viewerId,
    canDelete: viewerId !== 0 && (row.user_id === viewerId || targetOwnerId === viewerId),
  };
}

function personOf(db: Db, id: number) {
  return db.prepare("SELECT id, nickname, user_name, portrait_url FROM users WHERE id = ?").get(id) as
    | Pick<UserRow, "id" | "nickname" | "user_name" | "portrait_url">
    | undefined;
}

/**
 * /comment/*, /userBlack/*, /follow/userStatus and /textRoute/filterRiskWords over the given kinds of post. The list is
 * read on each request, so a module may add its target after these routes are made.
 */
/** People a comment names with "@nickname" (at most 5), told so; the one replied to is told of the reply instead. */
function noticeOfComment(db: Db, author: UserRow, content: string, repliedTo: number | null, at: Date): void {
  const name = publicName(author);
  const excerpt = [...content].slice(0, 60).join("");
  if (repliedTo !== null && repliedTo !== author.id)
    notify(db, repliedTo, { kind: "reply", title: `${name} 回复了你`, titleEn: `${name} replied to you`, body: excerpt, bodyEn: excerpt }, at);
  const names = [...new Set([...content.matchAll(/@([^\s@,，:：]{1,20})/g)].map((match) => match[1]))].slice(0, 5);
  for (const mentioned of names) {
    const id = db.prepare("SELECT id FROM users WHERE nickname = ? AND disabled = 0").pluck().get(mentioned) as number | undefined;
    if (id && id !== author.id && id !== repliedTo && !isBlocked(db, id, author.id))
      notify(db, id, { kind: "mention", title: `${name} 提到了你`, titleEn: `${name} mentioned you`, body: excerpt, bodyEn: excerpt }, at);
  }
}

export function communityRoutes(db: Db, accounts: Accounts, targets: readonly CommentTarget[]): RouteDefinition[] {
  const targetOf = { get: (kind: CommentKind) => targets.find((target) => target.kind === kind) };
  const commentKit = formKit(commentSchema, commentValidators);

  /** The target a request names and its author, or the envelope refusing it (unknown kind, bad id, unseen post). */
  const resolveTarget = (
    context: ApiContext,
    viewerId: number,
    kind: unknown,
    targetId: unknown,
  ): { envelope: Envelope } | { target: CommentTarget; id: number; owner: number } => {
    const target = typeof kind === "string" ? targetOf.get(kind as CommentKind) : undefined;
    const id = positiveId(targetId);
    if (!target || id === null) return { envelope: fail(400, say(context, "评论的内容不存在", "The post you are commenting on does not exist")) };
    const owner = target.ownerIfVisible(id, viewerId);
    if (owner === null) return { envelope: fail(404, say(context, "内容不存在", "Not found")) };
    return { target, id, owner };
  };

  const visibleComments = `c.kind = @kind AND c.target_id = @targetId AND c.deleted_at IS NULL AND ${notBlockedSql("c.user_id")}`;

  const listComments = (context: ApiContext) => {
    const viewer = viewerIdOf(accounts, context);
    const resolved = resolveTarget(context, viewer, context.params.kind, context.params.targetId);
    if ("envelope" in resolved) return resolved.envelope;
    const { pageNum, pageSize } = paging(context.params);
    const bind = { kind: resolved.target.kind, targetId: resolved.id, viewer };
    const total = db.prepare(`SELECT COUNT(*) FROM comments c WHERE ${visibleComments}`).pluck().get(bind) as number;
    const rows = db
      .prepare(`SELECT ${COMMENT_COLUMNS} ${COMMENT_JOINS} WHERE ${visibleComments} ORDER BY c.id DESC LIMIT @limit OFFSET @offset`)
      .all({ ...bind, limit: pageSize, offset: (pageNum - 1) * pageSize }) as CommentRow[];
    return ok({ list: rows.map((row) => toComment(row, viewer, resolved.owner)), total, pageNum, pageSize });
  };

  const addComment = accounts.withUser((context, user) => {
    const body = validateBody<CommentForm>(context, commentKit);
    if (!body.ok) return body.envelope;
    const { kind, targetId, content, replyTo } = body.value;
    const resolved = resolveTarget(context, user.id, kind, targetId);
    if ("envelope" in resolved) return resolved.envelope;
    const blockedMessage = say(context, "对方已将你加入黑名单，无法评论或回复", "This person has blocked you, so you cannot comment or reply");
    if (!resolved.target.hidesOwner?.(resolved.id) && isBlocked(db, resolved.owner, user.id)) return fail(403, blockedMessage);
    let replied: { user_id: number } | undefined;
    if (replyTo !== undefined) {
      replied = db.prepare("SELECT user_id FROM comments WHERE id = ? AND kind = ? AND target_id = ? AND deleted_at IS NULL").get(replyTo, kind, targetId) as
        | { user_id: number }
        | undefined;
      if (!replied) return fail(400, say(context, "回复的评论不存在", "The comment you are replying to does not exist"));
      if (isBlocked(db, replied.user_id, user.id)) return fail(403, blockedMessage);
    }
    const refusal = refuseRiskWords(context, db, content) ?? limitCostly(context, db, user.id, "comment");
    if (refusal) return refusal;
    const id = db.transaction(() => {
      const inserted = db
        .prepare("INSERT INTO comments (kind, target_id, user_id, reply_to_id, content, created_at) VALUES (?, ?, ?, ?, ?, ?)")
        .run(kind, targetId, user.id, replyTo ?? null, content, context.now().toISOString());
      resolved.target.onCountChange?.(targetId, 1);
      noticeOfComment(db, user, content, replied?.user_id ?? null, context.now());
      return Number(inserted.lastInsertRowid);
    })();
    const row = db.prepare(`SELECT ${COMMENT_COLUMNS} ${COMMENT_JOINS} WHERE c.id = ?`).get(id) as CommentRow;
    return ok(toComment(row, user.id, resolved.owner), say(context, "评论成功", "Comment posted"));
  });

  const deleteComment = accounts.withUser((context, user) => {
    const id = positiveId(context.params.id);
    const row = id ? (db.prepare("SELECT * FROM comments WHERE id = ? AND deleted_at IS NULL").get(id) as CommentRow | undefined) : undefined;
    const target = row ? targetOf.get(row.kind) : undefined;
    if (!row || !target) return fail(404, say(context, "评论不存在", "No such comment"));
    const owner = target.ownerIfVisible(row.target_id, user.id);
    if (row.user_id !== user.id && owner !== user.id)
      return fail(403, say(context, "只能删除自己的评论或自己帖子下的评论", "You can only delete your own comments or comments on your posts"));
    db.transaction(() => {
      if (db.prepare("UPDATE comments SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL").run(context.now().toISOString(), id).changes > 0) {
        target.onCountChange?.(row.target_id, -1);
      }
    })();
    return ok({ id }, say(context, "删除成功", "Deleted"));
  });

  const countComments = (context: ApiContext) => {
    const viewer = viewerIdOf(accounts, context);
    const resolved = resolveTarget(context, viewer, context.params.kind, context.params.targetId);
    if ("envelope" in resolved) return resolved.envelope;
    const total = db
      .prepare(`SELECT COUNT(*) FROM comments c WHERE ${visibleComments}`)
      .pluck()
      .get({ kind: resolved.target.kind, targetId: resolved.id, viewer }) as number;
    return ok({ total });
  };

  /** A person as others see them: public name, avatar, counts, and how the viewer stands with them. */
  const userStatus = (context: ApiContext) => {
    // An id that cannot be anyone's is "no such user" too, so a profile page for it is the 404 page.
    const asked = positiveId(context.params.userId);
    const person = asked ? personOf(db, asked) : undefined;
    if (!person) return fail(404, say(context, "用户不存在", "No such user"));
    const userId = person.id;
    const viewer = viewerIdOf(accounts, context);
    const follows = db.prepare("SELECT 1 FROM user_follows WHERE follower_id = ? AND followee_id = ?");
    const count = (column: "follower_id" | "followee_id") => db.prepare(`SELECT COUNT(*) FROM user_follows WHERE ${column} = ?`).pluck().get(userId) as number;
    return ok({
      userId,
      userName: publicName(person),
      portraitUrl: person.portrait_url,
      followerCount: count("followee_id"),
      followingCount: count("follower_id"),
      self: viewer === userId,
      followed: Boolean(follows.get(viewer, userId)),
      followsMe: Boolean(follows.get(userId, viewer)),
      blocked: viewer !== 0 && isBlocked(db, viewer, userId),
    });
  };

  const block = accounts.withUser((context, user) => {
    const blockedId = positiveId(context.params.userId);
    if (blockedId === null) return fail(400, say(context, "userId必须是正整数", "userId must be a positive integer"));
    if (blockedId === user.id) return fail(400, say(context, "不能将自己加入黑名单", "You cannot block yourself"));
    if (!personOf(db, blockedId)) return fail(404, say(context, "用户不存在", "No such user"));
    db.transaction(() => {
      db.prepare("INSERT OR IGNORE INTO user_blacks (user_id, blocked_id, created_at) VALUES (?, ?, ?)").run(user.id, blockedId, context.now().toISOString());
      // A block ends following both ways: the blocked person no longer sees followers-only posts through it.
      db.prepare("DELETE FROM user_follows WHERE (follower_id = ? AND followee_id = ?) OR (follower_id = ? AND followee_id = ?)").run(
        user.id,
        blockedId,
        blockedId,
        user.id,
      );
    })();
    return ok({ userId: blockedId, blocked: true }, say(context, "已加入黑名单", "Blocked"));
  });

  const unblock = accounts.withUser((context, user) => {
    const blockedId = positiveId(context.params.userId);
    if (blockedId === null) return fail(400, say(context, "userId必须是正整数", "userId must be a positive integer"));
    db.prepare("DELETE FROM user_blacks WHERE user_id = ? AND blocked_id = ?").run(user.id, blockedId);
    return ok({ userId: blockedId, blocked: false }, say(context, "已移出黑名单", "Unblocked"));
  });

  const listBlocked = accounts.withUser((context, user) => {
    const { pageNum, pageSize } = paging(context.params);
    const total = db.prepare("SELECT COUNT(*) FROM user_blacks WHERE user_id = ?").pluck().get(user.id) as number;
    const rows = db
      .prepare(`SELECT b.created_at, u.id, u.nickname, u.user_name, u.portrait_url FROM user_blacks b JOIN users u ON u.id = b.blocked_id
        WHERE b.user_id = ? ORDER BY b.created_at DESC, u.id DESC LIMIT ? OFFSET ?`)
      .all(user.id, pageSize, (pageNum - 1) * pageSize) as (Pick<UserRow, "id" | "nickname" | "user_name" | "portrait_url"> & { created_at: string })[];
    return ok({
      list: rows.map((row) => ({ userId: row.id, userName: publicName(row), portraitUrl: row.portrait_url, createTime: row.created_at })),
      total,
      pageNum,
      pageSize,
    });
  });

  const filterRiskWords = (context: ApiContext) => {
    const text = typeof context.params.text === "string" ? context.params.text : "";
    const word = findRiskWord(db, text);
    return ok({ passed: word === null, word });
  };

  return [
    { method: "ANY", path: "/comment/list", handler: listComments },
    { method: "POST", path: "/comment/add", handler: addComment },
    { method: "POST", path: "/comment/delete", handler: deleteComment },
    { method: "ANY", path: "/comment/commentNumDetail", handler: countComments },
    { method: "ANY", path: "/follow/userStatus", handler: userStatus },
    { method: "POST", path: "/userBlack/add", handler: block },
    { method: "POST", path: "/userBlack/remove", handler: unblock },
    { method: "ANY", path: "/userBlack/list", handler: listBlocked },
    { method: "POST", path: "/textRoute/filterRiskWords", handler: filterRiskWords },
  ];
}
