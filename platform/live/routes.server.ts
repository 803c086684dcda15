import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { toItem } from "../content/index.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { GuestRow, ItemRow } from "./queries.server.ts";
import { LIVE, playUrlOf, statusList } from "./rules.server.ts";

/** A guest as lists show it (spec §3): authorName, orgName and their En siblings. */
function toGuest(row: GuestRow) {
  return {
    id: row.id,
    authorName: row.author_name,
    authorNameEn: row.author_name_en,
    orgName: row.org_name,
    orgNameEn: row.org_name_en,
    authorCode: row.author_code,
    portraitUrl: row.portrait,
    role: row.role ?? "guest",
    link: row.author_code ? `/person?authorCode=${row.author_code}` : "",
  };
}

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A special with what its card shows: its guests' names in both languages and how many lives it groups. */
function toSpecial(db: Db, row: ItemRow) {
  const guests = queries.specialGuests(db, row.id).map(toGuest);
  return {
    ...toItem(row),
    planCount: queries.planCount(db, row.id),
    guestNames: guests.map((guest) => guest.authorName).join("、"),
    guestNamesEn: guests.map((guest) => guest.authorNameEn).join(", "),
    guests,
  };
}

const badId = (context: ApiContext) => fail(400, say(context, "id 必须是正整数", "id must be a positive integer"));

/** Plans, optionally of one special and in some states. */
function planList(db: Db, context: ApiContext): Envelope {
  const { pageNum, pageSize } = paging(context.params);
  let specialId: number | null = null;
  if (context.params.specialId !== undefined && context.params.specialId !== "") {
    specialId = positiveId(context.params.specialId);
    if (!specialId) return fail(400, say(context, "specialId 必须是正整数", "specialId must be a positive integer"));
  }
  const { rows, total } = queries.plansPage(db, { statuses: statusList(context.params.status), specialId }, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map(toItem), total, pageNum, pageSize });
}

/** Characters of a live search's phrase the platform reads. */
const SEARCH_PHRASE_LIMIT = 50;

/** Live search (spec §7 /live/searchList): plans with the phrase, in the list's order; no phrase, no plans. */
function searchList(db: Db, context: ApiContext): Envelope {
  const { pageNum, pageSize } = paging(context.params);
  const keyword = typeof context.params.keyword === "string" ? [...context.params.keyword.trim()].slice(0, SEARCH_PHRASE_LIMIT).join("") : "";
  if (!keyword) return ok({ list: [], total: 0, pageNum, pageSize, keyword });
  const { rows, total } = queries.plansPage(db, { statuses: statusList(context.params.status), specialId: null, keyword }, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map(toItem), total, pageNum, pageSize, keyword });
}

function playInfo(db: Db, context: ApiContext): Envelope {
  const id = positiveId(context.params.id);
  if (!id) return badId(context);
  const row = queries.playRow(db, id);
  if (!row) return fail(404, say(context, "直播不存在", "No such live"));
  return ok({
    id: row.id,
    status: row.status,
    startTime: row.starts_at,
    endTime: row.ends_at,
    cover: row.cover,
    playUrl: playUrlOf(row),
    isPlayback: row.status === LIVE.replay,
    serverTime: context.now().toISOString(),
  });
}

function guestList(db: Db, context: ApiContext): Envelope {
  const planId = positiveId(context.params.planId);
  const specialId = positiveId(context.params.specialId);
  if (!planId && !specialId) return fail(400, say(context, "缺少 planId 或 specialId", "planId or specialId is required"));
  const rows = planId ? queries.planGuests(db, planId) : queries.specialGuests(db, specialId!);
  return ok({ list: rows.map(toGuest), total: rows.length });
}

function specialList(db: Db, context: ApiContext): Envelope {
  const { pageNum, pageSize } = paging(context.params);
  const { rows, total } = queries.specialsPage(db, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map((row) => toSpecial(db, row)), total, pageNum, pageSize });
}

function specialDetail(db: Db, context: ApiContext): Envelope {
  const id = positiveId(context.params.id);
  if (!id) return badId(context);
  const row = queries.specialById(db, id);
  return row ? ok(toSpecial(db, row)) : fail(404, say(context, "专题不存在", "No such special"));
}

export function liveRoutes(db: Db): RouteDefinition[] {
  return [
    { method: "ANY", path: "/live/planList", handler: (context) => planList(db, context) },
    { method: "ANY", path: "/live/searchList", handler: (context) => searchList(db, context) },
    { method: "ANY", path: "/live/playInfo", handler: (context) => playInfo(db, context) },
    { method: "ANY", path: "/guest/list", handler: (context) => guestList(db, context) },
    { method: "ANY", path: "/special/liveSpecialList", handler: (context) => specialList(db, context) },
    { method: "ANY", path: "/special/liveSpecialDetail", handler: (context) => specialDetail(db, context) },
  ];
}
