import { circlePostSchema, circlePostValidators } from "@schemas/generated/form-kits.ts";
import type { CirclePostForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "./accounts.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { type CommentTarget, isBlocked, limitCostly, positiveId, refuseRiskWords, viewerIdOf } from "./community/rules.server.ts";
import { notBlockedSql } from "./community/visibility.server.ts";
import { isStoredImageUrl } from "./files.server.ts";

interface PostRow {
  id: number;
  user_id: number;
  content: string;
  created_at: string;
  nickname: string;
  user_name: string;
  portrait_url: string;
  images: string | null;
  praise_count: number;
  comment_count: number;
  praised: 0 | 1;
}

/**
 * A post as the viewer (@viewer, 0 for a visitor) sees it: its images in order, and counts taken from the rows
 * themselves. The comment count leaves out comments of people the viewer blocked, as /comment/list does.
 */
const POST_SELECT = `SELECT p.id, p.user_id, p.content, p.created_at, u.nickname, u.user_name, u.portrait_url,
  (SELECT json_group_array(url) FROM (SELECT url FROM circle_images WHERE post_id = p.id ORDER BY position)) AS images,
  (SELECT COUNT(*) FROM circle_praises WHERE post_id = p.id) AS praise_count,
  (SELECT COUNT(*) FROM comments c WHERE c.kind = 'circle' AND c.target_id = p.id AND c.deleted_at IS NULL AND ${notBlockedSql("c.user_id")}) AS comment_count,
  EXISTS (SELECT 1 FROM circle_praises WHERE post_id = p.id AND user_id = @viewer) AS praised
  FROM circle_posts p JOIN users u ON u.id = p.user_id`;

/** Posts anyone may see: not removed, and not by someone the viewer blocked (their posts vanish for the blocker). */
const SHOWN = `p.deleted_at IS NULL AND ${notBlockedSql("p.user_id")}`;

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

/** Who may post to the circle (/circle/verify): people signed in whose account has a bound phone (spec §6, real-name rule). */
function mayPost(user: Pick<UserRow, "is_bind_phone">): boolean {
  return user.is_bind_phone === 1;
}

/** Circle posts as a kind of post the community core's comments attach to: a removed post or a blocked author's takes none. */
export function circleCommentTarget(db: Db): CommentTarget {
  const ownerOf = db.prepare(`SELECT p.user_id FROM circle_posts p WHERE p.id = @id AND ${SHOWN}`).pluck();
  return {
    kind: "circle",
    ownerIfVisible: (targetId, viewerId) => (ownerOf.get({ id: targetId, viewer: viewerId }) as number | undefined) ?? null,
  };
}

/**
 * The circle (spec §7 /circle/*): the feed (newest first, or one person's posts), a post, posting with up to 9 images
 * uploaded before with the purpose circle, removing one's own, praising once per person, and whether the viewer may post.
 */
export function circleRoutes(db: Db, accounts: Accounts, uploadsDir: string): RouteDefinition[] {
  const postKit = formKit(circlePostSchema, circlePostValidators);
  const postById = db.prepare(`${POST_SELECT} WHERE p.id = @id AND ${SHOWN}`);

  /** A page of posts matching a condition (with its own named parameters besides @viewer). */
  const page = (context: ApiContext, viewer: number, where: string, bind: Record<string, unknown>) => {
    const { pageNum, pageSize } = paging(context.params);
    const total = db
      .prepare(`SELECT COUNT(*) FROM circle_posts p WHERE ${where}`)
      .pluck()
      .get({ ...bind, viewer }) as number;
    const rows = db
      .prepare(`${POST_SELECT} WHERE ${where} ORDER BY p.id DESC LIMIT @limit OFFSET @offset`)
      .all({ ...bind, viewer, limit: pageSize, offset: (pageNum - 1) * pageSize }) as PostRow[];
    return ok({ list: rows.map((row) => toPost(row, viewer)), total, pageNum, pageSize });
  };

  const list = (context: ApiContext) => {
    const viewer = viewerIdOf(accounts, context);
    if (context.params.userId === undefined || context.params.userId === "") return page(context, viewer, SHOWN, {});
    const userId = positiveId(context.params.userId);
    if (!userId) return fail(400, say(context, "userId必须是正整数", "userId must be a positive integer"));
    return page(context, viewer, `${SHOWN} AND p.user_id = @userId`, { userId });
  };

  const mine = accounts.withUser((context, user) => page(context, user.id, "p.deleted_at IS NULL AND p.user_id = @viewer", {}));

  // An id that is not a post's (abc, 0) names no post: 404, so /circleDetail?id=abc is the not-found page like any other.
  const detail = (context: ApiContext) => {
    const id = positiveId(context.params.id);
    const viewer = viewerIdOf(accounts, context);
    const row = id ? (postById.get({ id, viewer }) as PostRow | undefined) : undefined;
    return row ? ok(toPost(row, viewer)) : fail(404, say(context, "动态不存在或已删除", "This post does not exist or was removed"));
  };

  const verify = (context: ApiContext) => {
    const who = accounts.current(context);
    if (!("user" in who)) return ok({ canPost: false, reason: "login" });
    return ok(mayPost(who.user) ? { canPost: true, reason: null } : { canPost: false, reason: "bindPhone" });
  };

  const add = accounts.withUser((context, user) => {
    if (!mayPost(user)) return fail(403, say(context, "请先绑定手机号再发布动态", "Please bind your phone number before posting"));
    const body = validateBody<CirclePostForm>(context, postKit);
    if (!body.ok) return body.envelope;
    const images = body.value.images ?? [];
    if (!images.every((url) => isStoredImageUrl(uploadsDir, url)))
      return fail(400, say(context, "图片不存在，请重新上传", "An image was not found. Please upload it again"));
    const refusal = refuseRiskWords(context, db, body.value.content) ?? limitCostly(context, db, user.id, "post");
    if (refusal) return refusal;
    const id = db.transaction(() => {
      const inserted = db
        .prepare("INSERT INTO circle_posts (user_id, content, created_at) VALUES (?, ?, ?)")
        .run(user.id, body.value.content, context.now().toISOString());
      const postId = Number(inserted.lastInsertRowid);
      const addImage = db.prepare("INSERT INTO circle_images (post_id, position, url) VALUES (?, ?, ?)");
      images.forEach((url, position) => addImage.run(postId, position, url));
      return postId;
    })();
    return ok(toPost(postById.get({ id, viewer: user.id }) as PostRow, user.id), say(context, "发布成功", "Posted"));
  });

  const remove = accounts.withUser((context, user) => {
    const id = positiveId(context.params.id);
    if (!id) return fail(400, say(context, "id必须是正整数", "id must be a positive integer"));
    const author = db.prepare("SELECT user_id FROM circle_posts WHERE id = ? AND deleted_at IS NULL").pluck().get(id) as number | undefined;
    if (author === undefined) return fail(404, say(context, "动态不存在或已删除", "This post does not exist or was removed"));
    if (author !== user.id) return fail(403, say(context, "只能删除自己的动态", "You can only remove your own posts"));
    db.prepare("UPDATE circle_posts SET deleted_at = ? WHERE id = ?").run(context.now().toISOString(), id);
    return ok({ id }, say(context, "已删除", "Removed"));
  });

  const praise = accounts.withUser((context, user) => {
    const id = positiveId(context.params.id);
    if (!id) return fail(400, say(context, "id必须是正整数", "id must be a positive integer"));
    const author = db.prepare(`SELECT p.user_id FROM circle_posts p WHERE p.id = @id AND ${SHOWN}`).pluck().get({ id, viewer: user.id }) as number | undefined;
    if (author === undefined) return fail(404, say(context, "动态不存在或已删除", "This post does not exist or was removed"));
    if (isBlocked(db, author, user.id))
      return fail(403, say(context, "对方已将你加入黑名单，无法点赞", "This person has blocked you, so you cannot praise their post"));
    // One immediate transaction: two taps at once still leave at most one praise (the primary key holds it too).
    const praised = db
      .transaction(() => {
        if (db.prepare("DELETE FROM circle_praises WHERE post_id = ? AND user_id = ?").run(id, user.id).changes > 0) return false;
        db.prepare("INSERT INTO circle_praises (post_id, user_id, created_at) VALUES (?, ?, ?)").run(id, user.id, context.now().toISOString());
        return true;
      })
      .immediate();
    const praiseCount = db.prepare("SELECT COUNT(*) FROM circle_praises WHERE post_id = ?").pluck().get(id) as number;
    return ok({ id, praised, praiseCount });
  });

  return [
    { method: "ANY", path: "/circle/list", handler: list },
    { method: "ANY", path: "/circle/mine", handler: mine },
    { method: "ANY", path: "/circle/detail", handler: detail },
    { method: "ANY", path: "/circle/verify", handler: verify },
    { method: "POST", path: "/circle/add", handler: add },
    { method: "POST", path: "/circle/remove", handler: remove },
    { method: "POST", path: "/circle/praise", handler: praise },
  ];
}
