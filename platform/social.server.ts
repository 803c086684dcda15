import { createHash, randomBytes } from "node:crypto";
import { videoCommentSchema, videoCommentValidators } from "@schemas/generated/form-kits.ts";
import type { VideoCommentForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./kernel/paging.server.ts";
import { toItem, type ItemRow } from "./content/index.server.ts";
import { allowAll } from "./kernel/rate-limits.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { positiveId } from "./community/rules.server.ts";
import { visibleSql } from "./community/visibility.server.ts";
import { seenItemSql } from "./essays/visibility.server.ts";

/** Praise and collection toggles with their counters, video comments, and the messaging-app share signature. */

interface CommentRow {
  id: number;
  video_id: number;
  user_id: number;
  content: string;
  created_at: string;
  nickname: string;
  portrait_url: string;
}

const COMMENTS_PER_MINUTE = 5;
/** Many readers may share an address (a campus NAT); one address posting for many accounts is still bounded. */
const COMMENTS_PER_MINUTE_PER_ADDRESS = 30;
const SHARE_URL_MAX = 500;

function toComment(row: CommentRow) {
  return {
    id: row.id,
    videoId: row.video_id,
    userId: row.user_id,
    userName: row.nickname,
    portraitUrl: row.portrait_url,
    content: row.content,
    createTime: row.created_at,
  };
}

/**
 * What the messaging app's JS-SDK needs to configure sharing for a page: its signature over the page URL
 * (without the fragment) with the platform's jsapi ticket, as the messaging app computes it.
 */
export function shareSignature(ticket: string, url: string, nonceStr: string, timestamp: number): string {
  return createHash("sha1").update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest("hex");
}

export function socialRoutes(db: Db, accounts: Accounts, options: { shareAppId: string; shareTicket: string }): RouteDefinition[] {
  const iso = (context: ApiContext) => context.now().toISOString();
  // An essay the viewer may not read (a draft, only me, followers only) cannot be praised or collected by them.
  const seenItem = seenItemSql(visibleSql("e.user_id", "e.visibility"));
  const itemExists = db.prepare(`SELECT kind FROM items WHERE id = @id AND ${seenItem}`).pluck();

  /** Toggles the viewer's praise or collection of an item, keeping the item's counter in step. */
  const toggle = (table: "praises" | "collects", counter: "praise_count" | "collect_count", flag: "praised" | "collected", countName: string) =>
    accounts.withUser((context, user) => {
      const id = positiveId(context.params.id);
      if (id === null || !itemExists.get({ id, viewer: user.id })) return fail(404, say(context, "内容不存在", "Not found"));
      const on = db.transaction(() => {
        db.prepare("INSERT OR IGNORE INTO item_meta (item_id) VALUES (?)").run(id);
        const removed = db.prepare(`DELETE FROM ${table} WHERE user_id = ? AND item_id = ?`).run(user.id, id).changes > 0;
        if (removed) db.prepare(`UPDATE item_meta SET ${counter} = MAX(0, ${counter} - 1) WHERE item_id = ?`).run(id);
        else {
          db.prepare(`INSERT INTO ${table} (user_id, item_id, created_at) VALUES (?, ?, ?)`).run(user.id, id, iso(context));
          db.prepare(`UPDATE item_meta SET ${counter} = ${counter} + 1 WHERE item_id = ?`).run(id);
        }
        return !removed;
      })();
      const count = db.prepare(`SELECT ${counter} FROM item_meta WHERE item_id = ?`).pluck().get(id) as number;
      return ok({ id, [flag]: on, [countName]: count });
    });

  const commentById = db.prepare(`SELECT c.*, u.nickname, u.portrait_url FROM video_comments c JOIN users u ON u.id = c.user_id WHERE c.id = ?`);

  return [
    { method: "POST", path: "/praise/doPraise", handler: toggle("praises", "praise_count", "praised", "praiseCount") },
    { method: "POST", path: "/collect/doCollect", handler: toggle("collects", "collect_count", "collected", "collectCount") },
    {
      method: "ANY",
      path: "/collect/list",
      // The viewer's collections, newest first; `kind` keeps one kind (video, paper, course, essay…).
      handler: accounts.withUser((context, user) => {
        const kind = typeof context.params.kind === "string" && /^[a-zA-Z]{1,20}$/.test(context.params.kind) ? context.params.kind : null;
        const { pageNum, pageSize } = paging(context.params);
        // An essay collected before it was hidden (or removed) leaves the list with it.
        const seen = seenItemSql(visibleSql("e.user_id", "e.visibility"), "i.id", "i.kind");
        const where = kind ? `c.user_id = ? AND i.kind = ? AND ${seen}` : `c.user_id = ? AND ${seen}`;
        const args = kind ? [user.id, kind, { viewer: user.id }] : [user.id, { viewer: user.id }];
        const rows = db
          .prepare(`SELECT i.* FROM collects c JOIN items i ON i.id = c.item_id WHERE ${where} ORDER BY c.created_at DESC, i.id DESC LIMIT ? OFFSET ?`)
          .all(...args, pageSize, (pageNum - 1) * pageSize) as ItemRow[];
        const total = db
          .prepare(`SELECT COUNT(*) FROM collects c JOIN items i ON i.id = c.item_id WHERE ${where}`)
          .pluck()
          .get(...args) as number;
        return ok({ list: rows.map((row) => ({ ...toItem(row), collected: true })), total, pageNum, pageSize });
      }),
    },
    {
      method: "ANY",
      path: "/video/videoCommentList",
      handler: (context) => {
        const videoId = Number(context.params.videoId);
        if (!Number.isInteger(videoId) || videoId <= 0) return fail(400, say(context, "videoId必须是正整数", "videoId must be a positive integer"));
        const { pageNum, pageSize } = paging(context.params);
        const total = db.prepare("SELECT COUNT(*) FROM video_comments WHERE video_id = ? AND deleted_at IS NULL").pluck().get(videoId) as number;
        const rows = db
          .prepare(`SELECT c.*, u.nickname, u.portrait_url FROM video_comments c JOIN users u ON u.id = c.user_id
            WHERE c.video_id = ? AND c.deleted_at IS NULL ORDER BY c.id DESC LIMIT ? OFFSET ?`)
          .all(videoId, pageSize, (pageNum - 1) * pageSize) as CommentRow[];
        return ok({ list: rows.map(toComment), total, pageNum, pageSize });
      },
    },
    {
      method: "POST",
      path: "/video/addVideoComment",
      handler: accounts.withUser((context, user) => {
        const body = validateBody<VideoCommentForm>(context, formKit(videoCommentSchema, videoCommentValidators));
        if (!body.ok) return body.envelope;
        if (db.prepare("SELECT kind FROM items WHERE id = ?").pluck().get(body.value.videoId) !== "video")
          return fail(404, say(context, "视频不存在", "No such video"));
        const limits = [
          { bucket: `comment:${user.id}`, max: COMMENTS_PER_MINUTE },
          { bucket: `comment-ip:${context.ip}`, max: COMMENTS_PER_MINUTE_PER_ADDRESS },
        ];
        if (!allowAll(db, limits, 60_000, context.now().getTime())) {
          return fail(429, say(context, "评论太频繁，请稍后再试", "You are commenting too often. Please try again later"));
        }
        const result = db
          .prepare("INSERT INTO video_comments (video_id, user_id, content, created_at) VALUES (?, ?, ?, ?)")
          .run(body.value.videoId, user.id, body.value.content, iso(context));
        return ok(toComment(commentById.get(Number(result.lastInsertRowid)) as CommentRow), say(context, "评论成功", "Comment posted"));
      }),
    },
    {
      method: "POST",
      path: "/video/delVideoComment",
      handler: accounts.withUser((context, user) => {
        const id = Number(context.params.id);
        const row = Number.isInteger(id)
          ? (db.prepare("SELECT user_id, deleted_at FROM video_comments WHERE id = ?").get(id) as { user_id: number; deleted_at: string | null } | undefined)
          : undefined;
        if (!row || row.deleted_at) return fail(404, say(context, "评论不存在", "No such comment"));
        if (row.user_id !== user.id) return fail(403, say(context, "只能删除自己的评论", "You can only delete your own comments"));
        db.prepare("UPDATE video_comments SET deleted_at = ? WHERE id = ?").run(iso(context), id);
        return ok({ id }, say(context, "删除成功", "Deleted"));
      }),
    },
    {
      method: "POST",
      path: "/wechat/getShare",
      handler: (context) => {
        const raw = typeof context.params.url === "string" ? context.params.url : "";
        let url: URL;
        try {
          url = new URL(raw);
        } catch {
          return fail(400, say(context, "url无效", "url is invalid"));
        }
        if (raw.length > SHARE_URL_MAX || (url.protocol !== "http:" && url.protocol !== "https:")) return fail(400, say(context, "url无效", "url is invalid"));
        url.hash = "";
        const nonceStr = randomBytes(8).toString("hex");
        const timestamp = Math.floor(context.now().getTime() / 1000);
        return ok({
          appId: options.shareAppId,
          timestamp,
          nonceStr,
          signature: shareSignature(options.shareTicket, url.toString(), nonceStr, timestamp),
          url: url.toString(),
        });
      },
    },
  ];
}
