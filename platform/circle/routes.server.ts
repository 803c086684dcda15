import { circlePostSchema, circlePostValidators } from "@schemas/generated/form-kits.ts";
import type { CirclePostForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type Handler, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import { isBlocked, limitCostly, positiveId, refuseRiskWords, viewerIdOf } from "../community/rules.server.ts";
import { isStoredImageUrl } from "../files/index.server.ts";
import * as queries from "./queries.server.ts";
import type { PostFilter, PostRow } from "./queries.server.ts";
import { mayPost, publishPost, togglePraise } from "./rules.server.ts";

/** What the circle handlers work with. */
interface CircleArea {
  db: Db;
  accounts: Accounts;
  uploadsDir: string;
}

const postKit = formKit(circlePostSchema, circlePostValidators);

function toPost(row: PostRow, viewerId: number) {
  return {
    id: row.id,
    userId: row.user_id,
    userName: publicName(row),
    portraitUrl: row.portrait_url,
    content: row.content,
    images: JSON.parse(row.images ?? "[]") as string[],
    praiseCount: row.praise_count,
    praised: row.praised === 1,
    commentCount: row.comment_count,
    createTime: row.created_at,
    mine: row.user_id === viewerId,
    link: `/circleDetail?id=${row.id}`,
  };
}

const noPost = (context: ApiContext) => fail(404, say(context, "动态不存在或已删除", "This post does not exist or was removed"));
const badId = (context: ApiContext) => fail(400, say(context, "id必须是正整数", "id must be a positive integer"));

/** A page of posts matching a filter. */
function page(area: CircleArea, context: ApiContext, viewer: number, filter: PostFilter): Envelope {
  const { pageNum, pageSize } = paging(context.params);
  const { rows, total } = queries.postsPage(area.db, viewer, filter, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map((row) => toPost(row, viewer)), total, pageNum, pageSize });
}

function list(area: CircleArea, context: ApiContext): Envelope {
  const viewer = viewerIdOf(area.accounts, context);
  if (context.params.userId === undefined || context.params.userId === "") return page(area, context, viewer, queries.shownPosts);
  const userId = positiveId(context.params.userId);
  if (!userId) return fail(400, say(context, "userId必须是正整数", "userId must be a positive integer"));
  return page(area, context, viewer, queries.postsOf(userId));
}

// An id that is not a post's (abc, 0) names no post: 404, so /circleDetail?id=abc is the not-found page like any other.
function detail(area: CircleArea, context: ApiContext): Envelope {
  const id = positiveId(context.params.id);
  const viewer = viewerIdOf(area.accounts, context);
  const row = id ? queries.shownPost(area.db, id, viewer) : undefined;
  return row ? ok(toPost(row, viewer)) : noPost(context);
}

function verify(area: CircleArea, context: ApiContext): Envelope {
  const who = area.accounts.current(context);
  if (!("user" in who)) return ok({ canPost: false, reason: "login" });
  return ok(mayPost(who.user) ? { canPost: true, reason: null } : { canPost: false, reason: "bindPhone" });
}

function add(area: CircleArea, context: ApiContext, user: UserRow): Envelope {
  const { db } = area;
  if (!mayPost(user)) return fail(403, say(context, "请先绑定手机号再发布动态", "Please bind your phone number before posting"));
  const body = validateBody<CirclePostForm>(context, postKit);
  if (!body.ok) return body.envelope;
  const images = body.value.images ?? [];
  if (!images.every((url) => isStoredImageUrl(area.uploadsDir, url)))
    return fail(400, say(context, "图片不存在，请重新上传", "An image was not found. Please upload it again"));
  const refusal = refuseRiskWords(context, db, body.value.content) ?? limitCostly(context, db, user.id, "post");
  if (refusal) return refusal;
  const id = publishPost(db, user.id, body.value.content, images, context.now().toISOString());
  return ok(toPost(queries.shownPost(db, id, user.id)!, user.id), say(context, "发布成功", "Posted"));
}

function remove(area: CircleArea, context: ApiContext, user: UserRow): Envelope {
  const id = positiveId(context.params.id);
  if (!id) return badId(context);
  const author = queries.postAuthor(area.db, id);
  if (author === undefined) return noPost(context);
  if (author !== user.id) return fail(403, say(context, "只能删除自己的动态", "You can only remove your own posts"));
  queries.markPostDeleted(area.db, id, context.now().toISOString());
  return ok({ id }, say(context, "已删除", "Removed"));
}

function praise(area: CircleArea, context: ApiContext, user: UserRow): Envelope {
  const { db } = area;
  const id = positiveId(context.params.id);
  if (!id) return badId(context);
  const author = queries.shownPostAuthor(db, id, user.id);
  if (author === undefined) return noPost(context);
  if (isBlocked(db, author, user.id))
    return fail(403, say(context, "对方已将你加入黑名单，无法点赞", "This person has blocked you, so you cannot praise their post"));
  const praised = togglePraise(db, id, user.id, context.now().toISOString());
  return ok({ id, praised, praiseCount: queries.praiseCount(db, id) });
}

/**
 * The circle (spec §7 /circle/*): the feed (newest first, or one person's posts), a post, posting with up to 9 images
 * uploaded before with the purpose circle, removing one's own, praising once per person, and whether the viewer may post.
 */
export function circleRoutes(db: Db, accounts: Accounts, uploadsDir: string): RouteDefinition[] {
  const area: CircleArea = { db, accounts, uploadsDir };
  const open =
    (handle: (area: CircleArea, context: ApiContext) => Envelope): Handler =>
    (context) =>
      handle(area, context);
  const signedIn = (handle: (area: CircleArea, context: ApiContext, user: UserRow) => Envelope): Handler =>
    accounts.withUser((context, user) => handle(area, context, user));
  return [
    { method: "ANY", path: "/circle/list", handler: open(list) },
    { method: "ANY", path: "/circle/mine", handler: signedIn((area, context, user) => page(area, context, user.id, queries.ownPosts)) },
    { method: "ANY", path: "/circle/detail", handler: open(detail) },
    { method: "ANY", path: "/circle/verify", handler: open(verify) },
    { method: "POST", path: "/circle/add", handler: signedIn(add) },
    { method: "POST", path: "/circle/remove", handler: signedIn(remove) },
    { method: "POST", path: "/circle/praise", handler: signedIn(praise) },
  ];
}
