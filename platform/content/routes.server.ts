import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { paging } from "../kernel/paging.server.ts";
import * as queries from "./queries.server.ts";
import type { ItemOrder } from "./queries.server.ts";
import { searchPhrase } from "./search-phrase.server.ts";
import { itemWithCounters, latestRelease, listItems, positiveId, searchKinds, statuses, toItem, videoDoc } from "./rules.server.ts";

/** The content API's own answers to a bad or unknown id, for clients that read them. */
const BAD_ID = "id must be a positive integer";
const NOT_FOUND = "not found";

/** A list of the kinds, narrowed by `status` and `keyword`. */
function lister(kinds: string[], order: ItemOrder = "sort", defaultSize = 10) {
  return ({ db, params }: ApiContext) =>
    ok(
      listItems(db, {
        kinds,
        order,
        statuses: statuses(params.status),
        keyword: typeof params.keyword === "string" ? params.keyword : undefined,
        ...paging(params, defaultSize),
      }),
    );
}

/** An item of the kinds by `id`, without counters. */
function plainDetail(kinds: string[]) {
  return ({ db, params }: ApiContext) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return fail(400, BAD_ID);
    const row = queries.itemOfKinds(db, id, kinds);
    return row ? ok(toItem(row)) : fail(404, NOT_FOUND);
  };
}

function appVersion(context: ApiContext) {
  const android = latestRelease(context.db, "android");
  if (!android) return fail(404, say(context, "暂无可下载的版本", "No release to download yet"));
  return ok({ ...android, iosUrl: latestRelease(context.db, "ios")?.downloadUrl ?? "" });
}

function search({ db, params }: ApiContext) {
  const keyword = searchPhrase(params.keyword);
  if (!keyword) return fail(400, "keyword is required");
  const kinds = searchKinds(params.searchType);
  if (!kinds) return fail(400, "searchType must be 0, 1, 3 or 4");
  return ok(listItems(db, { kinds, keyword, order: "popular", ...paging(params) }));
}

/** The home page's lists, lives and meetings, the plain lists of each kind, the app's version and the item search. */
function listRoutes(): RouteDefinition[] {
  return [
    { method: "ANY", path: "/sys/android/version", handler: appVersion },
    { method: "ANY", path: "/banner/list", handler: ({ db }) => ok(listItems(db, { kinds: ["banner"], pageNum: 1, pageSize: 10 })) },
    { method: "ANY", path: "/plan/list", handler: lister(["live"], "startsSoon") },
    { method: "ANY", path: "/plan/detail", handler: plainDetail(["live"]) },
    { method: "ANY", path: "/meeting/list", handler: lister(["meeting"], "newest") },
    { method: "ANY", path: "/meeting/detail", handler: plainDetail(["meeting"]) },
    { method: "ANY", path: "/video/recommendVideo", handler: lister(["video"], "popular", 6) },
    { method: "ANY", path: "/video/getVideoSpecialList", handler: lister(["videoSpecial"]) },
    { method: "ANY", path: "/mpPaper/searchAll", handler: lister(["paper"], "newest") },
    { method: "ANY", path: "/report/getHotReport", handler: lister(["report"], "popular", 5) },
    { method: "ANY", path: "/books", handler: lister(["book"], "newest") },
    { method: "ANY", path: "/search", handler: search },
  ];
}

const typeList = (kind: string) => (context: ApiContext) =>
  ok({ list: queries.typesOf(context.db, kind).map((row) => ({ id: row.id, name: row.name, nameEn: row.name_en })) });

/** A list of one kind, narrowed to a type tag when typeId is given (the filters of /videoList and /docList). */
const typedList = (kinds: string[], order: ItemOrder) => (context: ApiContext) => {
  const typeId = positiveId(context.params.typeId);
  const keyword = typeof context.params.keyword === "string" ? context.params.keyword : undefined;
  return ok(listItems(context.db, { kinds, order, keyword, where: typeId ? [queries.ofType(typeId)] : [], ...paging(context.params) }));
};

/** The most popular items of the kinds that share item `id`'s topic (or type tag, `byType`). */
const related =
  (kinds: string[], pageSize: number, byType = false) =>
  (context: ApiContext) => {
    const id = positiveId(context.params.id);
    if (!id) return fail(400, BAD_ID);
    const where = [byType ? queries.ofTypeOf(id) : queries.onTopicOf(id)];
    return ok(listItems(context.db, { kinds, order: "popular", where, ...paging(context.params, pageSize) }));
  };

function videosInSpecial(context: ApiContext) {
  const id = positiveId(context.params.id);
  if (!id) return fail(400, BAD_ID);
  return ok(listItems(context.db, { kinds: ["video"], order: "sequence", where: [queries.inSpecial(id)], ...paging(context.params) }));
}

function videoNotes(context: ApiContext) {
  const id = positiveId(context.params.id);
  if (!id) return fail(400, BAD_ID);
  const row = queries.itemOfKinds(context.db, id, ["video"]);
  if (!row) return fail(404, say(context, "视频不存在", "No such video"));
  return ok(videoDoc(context.db, row));
}

/**
 * Videos and documents: type filters, details with counters and the viewer's own praise/collect state, specials,
 * related lists and a video's lecture notes.
 */
function catalogueRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const detail = (kinds: string[]) => (context: ApiContext) => {
    const id = positiveId(context.params.id);
    if (!id) return fail(400, BAD_ID);
    const row = queries.publicItemOfKinds(db, id, kinds);
    if (!row) return fail(404, NOT_FOUND);
    const who = accounts.current(context);
    return ok(itemWithCounters(db, row, "user" in who ? who.user.id : null));
  };
  return [
    { method: "ANY", path: "/video/types", handler: typeList("video") },
    { method: "ANY", path: "/report/getTypeTag", handler: typeList("report") },
    { method: "ANY", path: "/video/list", handler: typedList(["video"], "newest") },
    { method: "ANY", path: "/report/getList", handler: typedList(["report"], "newest") },
    { method: "ANY", path: "/video/getVideoDetail", handler: detail(["video"]) },
    { method: "ANY", path: "/video/getVideoSpecialDetail", handler: detail(["videoSpecial"]) },
    { method: "ANY", path: "/mpPaper/detail", handler: detail(["paper", "report"]) },
    { method: "ANY", path: "/booksDetail", handler: detail(["book"]) },
    { method: "ANY", path: "/video/getVideoListInSpecial", handler: videosInSpecial },
    { method: "ANY", path: "/video/getRecommendVideoInDetail", handler: related(["video"], 6) },
    { method: "ANY", path: "/video/getRecommendSpecialInDetail", handler: related(["videoSpecial"], 4, true) },
    { method: "ANY", path: "/recommend/relatedDocs", handler: related(["paper", "report", "book"], 5) },
    { method: "ANY", path: "/video/getVideoDoc", handler: videoNotes },
  ];
}

/** Every path of the content area. */
export function contentRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  return [...listRoutes(), ...catalogueRoutes(db, accounts)];
}
