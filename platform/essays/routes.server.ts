import { essaySchema, essayValidators } from "@schemas/generated/form-kits.ts";
import type { EssayForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { publicName, publicNameEn, type Accounts, type UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type Handler, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { toItem } from "../content/index.server.ts";
import { type CommentTarget, isBlocked, positiveId, viewerIdOf } from "../community/rules.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import { createEssayRendering } from "./rendering.server.ts";
import * as queries from "./queries.server.ts";
import type { EssayList, EssayRow } from "./queries.server.ts";
import { editableOf, type EssayArea, type EssayFields, essayCommentTarget, fieldsFrom, ownEssay, releaseEssay, saveDraft } from "./rules.server.ts";

/**
 * Articles people write (spec §3, §4, §7 /essay/*), ADR 023. An essay is an item of kind 'essay' plus its essays row.
 * Drafts autosave; a released essay's later edits wait in `pending` until released again, so readers never see half an
 * edit. Visibility (public, only me, followers, mutual follows) is applied in SQL on every read, blocked writers vanish
 * from the blocker's lists, and only the writer edits or removes.
 */

const essayKit = formKit(essaySchema, essayValidators);

/** What a list shows: the item (title, summary, cover, link) with the writer, counts and state. */
function toListEssay(row: EssayRow) {
  const item = toItem(row);
  return {
    ...item,
    // A writer's own title is one language; only seeded bilingual essays carry a separate English one. A draft may
    // have no title yet: its list entry still needs words to tap.
    ...(row.title ? { titleEn: row.title_en || undefined } : { title: "无标题草稿", titleEn: "Untitled draft" }),
    summaryEn: row.summary_en || undefined,
    userId: row.user_id,
    userName: publicName(row),
    // The writer's English name, which English pages show in place of userName (a sibling `…En`, ADR 030).
    userNameEn: publicNameEn(row),
    portraitUrl: row.portrait_url,
    intro: row.intro,
    visibility: row.visibility,
    status: row.essay_status,
    praiseCount: row.praise_count ?? 0,
    collectCount: row.collect_count ?? 0,
    commentCount: row.comment_count,
    createTime: row.created_at,
    updateTime: row.updated_at,
    releaseTime: row.released_at,
    hasPendingEdits: row.pending !== null,
    // A draft opens in the editor; a released essay on its page.
    link: row.essay_status === "draft" ? `/essayEdit?id=${row.item_id}` : item.link,
  };
}

const badId = (context: ApiContext) => fail(400, say(context, "id必须是正整数", "id must be a positive integer"));

type EssayWrite = (area: EssayArea, context: ApiContext, user: UserRow, fields: EssayFields, existing: EssayRow | null) => Envelope;

/** A save or a release: the validated body, and the writer's own essay when it names one. */
function writeFromBody(area: EssayArea, context: ApiContext, user: UserRow, write: EssayWrite): Envelope {
  const body = validateBody<EssayForm>(context, essayKit);
  if (!body.ok) return body.envelope;
  let existing: EssayRow | null = null;
  if (body.value.id !== undefined) {
    const own = ownEssay(area.db, context, user, body.value.id);
    if ("envelope" in own) return own.envelope;
    existing = own.row;
  }
  return write(area, context, user, fieldsFrom(body.value), existing);
}

function remove(area: EssayArea, context: ApiContext, user: UserRow): Envelope {
  const id = positiveId(context.params.id);
  if (id === null) return badId(context);
  const own = ownEssay(area.db, context, user, id);
  if ("envelope" in own) return own.envelope;
  queries.markRemoved(area.db, id, context.now().toISOString());
  return ok({ id }, say(context, "已删除", "Deleted"));
}

function authorOf(db: Db, row: EssayRow, viewer: number) {
  return {
    userId: row.user_id,
    userName: publicName(row),
    userNameEn: publicNameEn(row),
    portraitUrl: row.portrait_url,
    self: row.user_id === viewer,
    followed: queries.follows(db, viewer, row.user_id),
    blocked: viewer !== 0 && isBlocked(db, viewer, row.user_id),
  };
}

function detail(area: EssayArea, context: ApiContext): Envelope {
  const { db } = area;
  const id = positiveId(context.params.id);
  if (id === null) return badId(context);
  const viewer = viewerIdOf(area.accounts, context);
  // Someone else's draft, or an essay the viewer may not see, is simply not there (404, the same as a missing one).
  if (!queries.readableBy(db, id, viewer)) return fail(404, say(context, "文章不存在", "No such article"));
  const row = queries.essayById(db, id)!;
  const reading = area.rendering.readingText(row);
  const mine = row.user_id === viewer;
  if (!mine && row.essay_status === "released") queries.countView(db, id);
  return ok({
    ...toListEssay(row),
    viewCount: row.view_count + (mine ? 0 : 1),
    // A seeded bilingual essay answers both texts as siblings (a page loaded on the server does not say its
    // language); what people write is one text for every reader.
    content: reading.html,
    contentEn: reading.htmlEn ?? undefined,
    introEn: row.content_en && row.intro ? row.summary_en : undefined,
    praised: queries.hasMarked(db, "praises", viewer, id),
    collected: queries.hasMarked(db, "collects", viewer, id),
    mine,
    author: authorOf(db, row, viewer),
    // Only the writer gets the text as the editor edits it (formulas as source, pending edits applied).
    editable: mine ? editableOf(row) : undefined,
  });
}

function listPage(area: EssayArea, context: ApiContext, list: EssayList, viewer: number): Envelope {
  const { pageNum, pageSize } = paging(context.params);
  const { rows, total } = queries.essaysPage(area.db, list, viewer, context.now().toISOString(), pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map(toListEssay), total, pageNum, pageSize });
}

export interface Essays {
  routes: RouteDefinition[];
  commentTarget: CommentTarget;
}

export function createEssays(db: Db, accounts: Accounts, uploadsDir: string): Essays {
  const rendering = createEssayRendering(db);
  // Seeded essays, and every essay after a renderer change, are rendered once here rather than on their first reads.
  rendering.renderStaleEssays();
  const area: EssayArea = { db, accounts, uploadsDir, rendering };
  const forViewer =
    (list: EssayList): Handler =>
    (context) =>
      listPage(area, context, list, viewerIdOf(accounts, context));
  const forWriter = (list: EssayList): Handler => accounts.withUser((context, user) => listPage(area, context, list, user.id));
  const writing = (write: EssayWrite): Handler => accounts.withUser((context, user) => writeFromBody(area, context, user, write));
  return {
    commentTarget: essayCommentTarget(db),
    routes: [
      { method: "ANY", path: "/essay/list", handler: forViewer("latest") },
      { method: "ANY", path: "/essay/hot", handler: forViewer("hot") },
      { method: "ANY", path: "/essay/detail", handler: (context) => detail(area, context) },
      { method: "POST", path: "/essay/saveDraft", handler: writing(saveDraft) },
      { method: "POST", path: "/essay/release", handler: writing(releaseEssay) },
      { method: "POST", path: "/essay/remove", handler: accounts.withUser((context, user) => remove(area, context, user)) },
      { method: "ANY", path: "/essay/drafts", handler: forWriter("drafts") },
      { method: "ANY", path: "/essay/mine", handler: forWriter("mine") },
    ],
  };
}
