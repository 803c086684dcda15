import { commentSchema, commentValidators } from "@schemas/generated/form-kits.ts";
import type { CommentForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type Handler, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { CommentKind, CommentRow } from "./queries.server.ts";
import {
  addComment,
  blockUser,
  type CommentTarget,
  deleteComment,
  findRiskWord,
  isBlocked,
  limitCostly,
  positiveId,
  refuseRiskWords,
  viewerIdOf,
} from "./rules.server.ts";

/** What the community handlers work with; the targets list is read on each request, so an area may add its target later. */
interface CommunityArea {
  db: Db;
  accounts: Accounts;
  targets: readonly CommentTarget[];
}

const commentKit = formKit(commentSchema, commentValidators);

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

const targetOf = (area: CommunityArea, kind: CommentKind) => area.targets.find((target) => target.kind === kind);

/** The target a request names and its author, or the envelope refusing it (unknown kind, bad id, unseen post). */
function resolveTarget(
  area: CommunityArea,
  context: ApiContext,
  viewerId: number,
  kind: unknown,
  targetId: unknown,
): { envelope: Envelope } | { target: CommentTarget; id: number; owner: number } {
  const target = typeof kind === "string" ? targetOf(area, kind as CommentKind) : undefined;
  const id = positiveId(targetId);
  if (!target || id === null) return { envelope: fail(400, say(context, "评论的内容不存在", "The post you are commenting on does not exist")) };
  const owner = target.ownerIfVisible(id, viewerId);
  if (owner === null) return { envelope: fail(404, say(context, "内容不存在", "Not found")) };
  return { target, id, owner };
}

function listComments(area: CommunityArea, context: ApiContext): Envelope {
  const viewer = viewerIdOf(area.accounts, context);
  const resolved = resolveTarget(area, context, viewer, context.params.kind, context.params.targetId);
  if ("envelope" in resolved) return resolved.envelope;
  const { pageNum, pageSize } = paging(context.params);
  const { rows, total } = queries.commentsPage(area.db, resolved.target.kind, resolved.id, viewer, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map((row) => toComment(row, viewer, resolved.owner)), total, pageNum, pageSize });
}

function postComment(area: CommunityArea, context: ApiContext, user: UserRow): Envelope {
  const { db } = area;
  const body = validateBody<CommentForm>(context, commentKit);
  if (!body.ok) return body.envelope;
  const { kind, targetId, content, replyTo } = body.value;
  const resolved = resolveTarget(area, context, user.id, kind, targetId);
  if ("envelope" in resolved) return resolved.envelope;
  const blockedMessage = say(context, "对方已将你加入黑名单，无法评论或回复", "This person has blocked you, so you cannot comment or reply");
  if (!resolved.target.hidesOwner?.(resolved.id) && isBlocked(db, resolved.owner, user.id)) return fail(403, blockedMessage);
  let replied: { user_id: number } | undefined;
  if (replyTo !== undefined) {
    replied = queries.repliedComment(db, replyTo, kind, targetId);
    if (!replied) return fail(400, say(context, "回复的评论不存在", "The comment you are replying to does not exist"));
    if (isBlocked(db, replied.user_id, user.id)) return fail(403, blockedMessage);
  }
  const refusal = refuseRiskWords(context, db, content) ?? limitCostly(context, db, user.id, "comment");
  if (refusal) return refusal;
  const comment = { targetId, content, replyTo: replyTo ?? null, repliedUserId: replied?.user_id ?? null };
  const id = addComment(db, resolved.target, user, comment, context.now());
  return ok(toComment(queries.commentById(db, id), user.id, resolved.owner), say(context, "评论成功", "Comment posted"));
}

function removeComment(area: CommunityArea, context: ApiContext, user: UserRow): Envelope {
  const id = positiveId(context.params.id);
  const row = id ? queries.liveComment(area.db, id) : undefined;
  const target = row ? targetOf(area, row.kind) : undefined;
  if (!row || !target) return fail(404, say(context, "评论不存在", "No such comment"));
  const owner = target.ownerIfVisible(row.target_id, user.id);
  if (row.user_id !== user.id && owner !== user.id)
    return fail(403, say(context, "只能删除自己的评论或自己帖子下的评论", "You can only delete your own comments or comments on your posts"));
  deleteComment(area.db, target, row, context.now().toISOString());
  return ok({ id }, say(context, "删除成功", "Deleted"));
}

function countComments(area: CommunityArea, context: ApiContext): Envelope {
  const viewer = viewerIdOf(area.accounts, context);
  const resolved = resolveTarget(area, context, viewer, context.params.kind, context.params.targetId);
  if ("envelope" in resolved) return resolved.envelope;
  return ok({ total: queries.commentCount(area.db, resolved.target.kind, resolved.id, viewer) });
}

/** A person as others see them: public name, avatar, counts, and how the viewer stands with them. */
function userStatus(area: CommunityArea, context: ApiContext): Envelope {
  const { db } = area;
  // An id that cannot be anyone's is "no such user" too, so a profile page for it is the 404 page.
  const asked = positiveId(context.params.userId);
  const person = asked ? queries.personOf(db, asked) : undefined;
  if (!person) return fail(404, say(context, "用户不存在", "No such user"));
  const userId = person.id;
  const viewer = viewerIdOf(area.accounts, context);
  return ok({
    userId,
    userName: publicName(person),
    portraitUrl: person.portrait_url,
    followerCount: queries.followerCount(db, userId),
    followingCount: queries.followingCount(db, userId),
    self: viewer === userId,
    followed: queries.follows(db, viewer, userId),
    followsMe: queries.follows(db, userId, viewer),
    blocked: viewer !== 0 && isBlocked(db, viewer, userId),
  });
}

const badUserId = (context: ApiContext) => fail(400, say(context, "userId必须是正整数", "userId must be a positive integer"));

function block(area: CommunityArea, context: ApiContext, user: UserRow): Envelope {
  const blockedId = positiveId(context.params.userId);
  if (blockedId === null) return badUserId(context);
  if (blockedId === user.id) return fail(400, say(context, "不能将自己加入黑名单", "You cannot block yourself"));
  if (!queries.personOf(area.db, blockedId)) return fail(404, say(context, "用户不存在", "No such user"));
  blockUser(area.db, user.id, blockedId, context.now().toISOString());
  return ok({ userId: blockedId, blocked: true }, say(context, "已加入黑名单", "Blocked"));
}

function unblock(area: CommunityArea, context: ApiContext, user: UserRow): Envelope {
  const blockedId = positiveId(context.params.userId);
  if (blockedId === null) return badUserId(context);
  queries.deleteBlock(area.db, user.id, blockedId);
  return ok({ userId: blockedId, blocked: false }, say(context, "已移出黑名单", "Unblocked"));
}

function listBlocked(area: CommunityArea, context: ApiContext, user: UserRow): Envelope {
  const { pageNum, pageSize } = paging(context.params);
  const { rows, total } = queries.blockedPage(area.db, user.id, pageSize, (pageNum - 1) * pageSize);
  return ok({
    list: rows.map((row) => ({ userId: row.id, userName: publicName(row), portraitUrl: row.portrait_url, createTime: row.created_at })),
    total,
    pageNum,
    pageSize,
  });
}

function filterRiskWords(area: CommunityArea, context: ApiContext): Envelope {
  const text = typeof context.params.text === "string" ? context.params.text : "";
  const word = findRiskWord(area.db, text);
  return ok({ passed: word === null, word });
}

/** /comment/*, /userBlack/*, /follow/userStatus and /textRoute/filterRiskWords over the given kinds of post. */
export function communityRoutes(db: Db, accounts: Accounts, targets: readonly CommentTarget[]): RouteDefinition[] {
  const area: CommunityArea = { db, accounts, targets };
  const open =
    (handle: (area: CommunityArea, context: ApiContext) => Envelope): Handler =>
    (context) =>
      handle(area, context);
  const signedIn = (handle: (area: CommunityArea, context: ApiContext, user: UserRow) => Envelope): Handler =>
    accounts.withUser((context, user) => handle(area, context, user));
  return [
    { method: "ANY", path: "/comment/list", handler: open(listComments) },
    { method: "POST", path: "/comment/add", handler: signedIn(postComment) },
    { method: "POST", path: "/comment/delete", handler: signedIn(removeComment) },
    { method: "ANY", path: "/comment/commentNumDetail", handler: open(countComments) },
    { method: "ANY", path: "/follow/userStatus", handler: open(userStatus) },
    { method: "POST", path: "/userBlack/add", handler: signedIn(block) },
    { method: "POST", path: "/userBlack/remove", handler: signedIn(unblock) },
    { method: "ANY", path: "/userBlack/list", handler: signedIn(listBlocked) },
    { method: "POST", path: "/textRoute/filterRiskWords", handler: open(filterRiskWords) },
  ];
}
