import { videoCommentSchema, videoCommentValidators } from "@schemas/generated/form-kits.ts";
import type { VideoCommentForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { toItem } from "../content/index.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import { positiveId } from "../community/rules.server.ts";
import * as queries from "./queries.server.ts";
import type { ToggleCounter, ToggleTable } from "./queries.server.ts";
import { mayComment, toComment, toggle } from "./rules.server.ts";

const videoCommentKit = formKit(videoCommentSchema, videoCommentValidators);

/** The viewer's collections, newest first; `kind` keeps one kind (video, paper, course, essay…). */
function collections(db: Db, context: ApiContext, user: UserRow): Envelope {
  const kind = typeof context.params.kind === "string" && /^[a-zA-Z]{1,20}$/.test(context.params.kind) ? context.params.kind : null;
  const { pageNum, pageSize } = paging(context.params);
  const { rows, total } = queries.collectionPage(db, user.id, kind, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map((row) => ({ ...toItem(row), collected: true })), total, pageNum, pageSize });
}

function commentList(db: Db, context: ApiContext): Envelope {
  const videoId = Number(context.params.videoId);
  if (!Number.isInteger(videoId) || videoId <= 0) return fail(400, say(context, "videoId必须是正整数", "videoId must be a positive integer"));
  const { pageNum, pageSize } = paging(context.params);
  const total = queries.videoCommentCount(db, videoId);
  const rows = queries.videoCommentPage(db, videoId, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map(toComment), total, pageNum, pageSize });
}

function addComment(db: Db, context: ApiContext, user: UserRow): Envelope {
  const body = validateBody<VideoCommentForm>(context, videoCommentKit);
  if (!body.ok) return body.envelope;
  if (queries.itemKind(db, body.value.videoId) !== "video") return fail(404, say(context, "视频不存在", "No such video"));
  if (!mayComment(db, user.id, context.ip, context.now().getTime()))
    return fail(429, say(context, "评论太频繁，请稍后再试", "You are commenting too often. Please try again later"));
  const id = queries.insertVideoComment(db, body.value.videoId, user.id, body.value.content, context.now().toISOString());
  return ok(toComment(queries.commentById(db, id)), say(context, "评论成功", "Comment posted"));
}

function deleteComment(db: Db, context: ApiContext, user: UserRow): Envelope {
  const id = Number(context.params.id);
  const row = Number.isInteger(id) ? queries.commentOwner(db, id) : undefined;
  if (!row || row.deleted_at) return fail(404, say(context, "评论不存在", "No such comment"));
  if (row.user_id !== user.id) return fail(403, say(context, "只能删除自己的评论", "You can only delete your own comments"));
  queries.deleteVideoComment(db, id, context.now().toISOString());
  return ok({ id }, say(context, "删除成功", "Deleted"));
}

/** Praise and collection toggles with their counters, the viewer's collections, and video comments. */
export function socialRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  /** Toggles the viewer's praise or collection of an item they may see, keeping the item's counter in step. */
  const toggleRoute = (table: ToggleTable, counter: ToggleCounter, flag: "praised" | "collected", countName: string) =>
    accounts.withUser((context, user) => {
      const id = positiveId(context.params.id);
      if (id === null || !queries.itemSeen(db, id, user.id)) return fail(404, say(context, "内容不存在", "Not found"));
      const { on, count } = toggle(db, table, counter, user.id, id, context.now().toISOString());
      return ok({ id, [flag]: on, [countName]: count });
    });
  return [
    { method: "POST", path: "/praise/doPraise", handler: toggleRoute("praises", "praise_count", "praised", "praiseCount") },
    { method: "POST", path: "/collect/doCollect", handler: toggleRoute("collects", "collect_count", "collected", "collectCount") },
    { method: "ANY", path: "/collect/list", handler: accounts.withUser((context, user) => collections(db, context, user)) },
    { method: "ANY", path: "/video/videoCommentList", handler: (context) => commentList(db, context) },
    { method: "POST", path: "/video/addVideoComment", handler: accounts.withUser((context, user) => addComment(db, context, user)) },
    { method: "POST", path: "/video/delVideoComment", handler: accounts.withUser((context, user) => deleteComment(db, context, user)) },
  ];
}
