import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { listItems, paging, toItem, type ItemRow, type ListOptions } from "./content.server.ts";
import { say } from "./kernel/language.server.ts";
import { publicItemSql } from "./essays/visibility.server.ts";
import type { HotSearches } from "./hot-searches.server.ts";

/**
 * Videos, documents and search for the content pages: type filters, details with counters and the viewer's own
 * praise/collect state, specials, related lists, a video's lecture notes, search with per-type counts, hot keywords.
 */

interface MetaRow {
  type_id: number | null;
  type_name: string | null;
  type_name_en: string | null;
  topic: string;
  media_url: string;
  special_id: number | null;
  praise_count: number;
  collect_count: number;
  notes: string;
}

/** The content API's own answers to a bad or unknown id (content.server.ts), for clients that read them. */
const BAD_ID = "id must be a positive integer";
const NOT_FOUND = "not found";

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const byType = (typeId: number) => ({ sql: "id IN (SELECT item_id FROM item_meta WHERE type_id = ?)", args: [typeId] });
const byTopicOf = (id: number) => ({
  sql: "id <> ? AND id IN (SELECT item_id FROM item_meta WHERE topic <> '' AND topic = (SELECT topic FROM item_meta WHERE item_id = ?))",
  args: [id, id],
});

export function mediaRoutes(db: Db, accounts: Accounts, hotSearches: HotSearches): RouteDefinition[] {
  const viewerId = (context: ApiContext): number | null => {
    const who = accounts.current(context);
    return "user" in who ? who.user.id : null;
  };
  const metaOf = db.prepare(`SELECT m.*, t.name AS type_name, t.name_en AS type_name_en FROM item_meta m
    LEFT JOIN content_types t ON t.id = m.type_id WHERE m.item_id = ?`);
  const praisedBy = db.prepare("SELECT 1 FROM praises WHERE user_id = ? AND item_id = ?");
  const collectedBy = db.prepare("SELECT 1 FROM collects WHERE user_id = ? AND item_id = ?");
  const commentCount = db.prepare("SELECT COUNT(*) FROM video_comments WHERE video_id = ? AND deleted_at IS NULL").pluck();
  const videosInSpecial = db.prepare("SELECT COUNT(*) FROM item_meta WHERE special_id = ?").pluck();

  /** An item with its counters and, for a signed-in viewer, whether they praised or collected it. */
  const detail = (kinds: string[]) => (context: ApiContext) => {
    const id = positiveId(context.params.id);
    if (!id) return fail(400, BAD_ID);
    const row = db.prepare(`SELECT * FROM items WHERE id = ? AND kind IN (${kinds.map(() => "?").join(",")}) AND ${publicItemSql()}`).get(id, ...kinds) as
      | ItemRow
      | undefined;
    if (!row) return fail(404, NOT_FOUND);
    const meta = metaOf.get(id) as MetaRow | undefined;
    const viewer = viewerId(context);
    const item: Record<string, unknown> = {
      ...toItem(row),
      typeId: meta?.type_id ?? null,
      typeName: meta?.type_name ?? "",
      typeNameEn: meta?.type_name_en ?? "",
      topic: meta?.topic ?? "",
      praiseCount: meta?.praise_count ?? 0,
      collectCount: meta?.collect_count ?? 0,
      praised: viewer !== null && Boolean(praisedBy.get(viewer, id)),
      collected: viewer !== null && Boolean(collectedBy.get(viewer, id)),
    };
    if (row.kind === "video") {
      item.videoUrl = meta?.media_url ?? "";
      item.specialId = meta?.special_id ?? null;
      item.commentCount = commentCount.get(id) as number;
      item.docLink = `/videoDoc?id=${id}`;
    }
    if (row.kind === "videoSpecial") item.videoCount = videosInSpecial.get(id) as number;
    return ok(item);
  };

  const typeList = (kind: string) => () =>
    ok({
      list: (
        db.prepare("SELECT id, name, name_en FROM content_types WHERE kind = ? ORDER BY sort DESC, id").all(kind) as {
          id: number;
          name: string;
          name_en: string;
        }[]
      ).map((row) => ({ id: row.id, name: row.name, nameEn: row.name_en })),
    });

  /** A list of one kind, narrowed to a type tag when typeId is given (the filters of /videoList and /docList). */
  const typedList = (kinds: string[], order: ListOptions["order"]) => (context: ApiContext) => {
    const typeId = positiveId(context.params.typeId);
    const keyword = typeof context.params.keyword === "string" ? context.params.keyword : undefined;
    return ok(listItems(db, { kinds, order, keyword, where: typeId ? [byType(typeId)] : [], ...paging(context.params) }));
  };

  const related = (kinds: string[], pageSize: number) => (context: ApiContext) => {
    const id = positiveId(context.params.id);
    if (!id) return fail(400, BAD_ID);
    return ok(listItems(db, { kinds, order: "popular", where: [byTopicOf(id)], ...paging(context.params, pageSize) }));
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
    {
      method: "ANY",
      path: "/video/getVideoListInSpecial",
      handler: (context) => {
        const id = positiveId(context.params.id);
        if (!id) return fail(400, BAD_ID);
        return ok(
          listItems(db, {
            kinds: ["video"],
            order: "sequence",
            where: [{ sql: "id IN (SELECT item_id FROM item_meta WHERE special_id = ?)", args: [id] }],
            ...paging(context.params),
          }),
        );
      },
    },
    { method: "ANY", path: "/video/getRecommendVideoInDetail", handler: related(["video"], 6) },
    {
      method: "ANY",
      path: "/video/getRecommendSpecialInDetail",
      handler: (context) => {
        const id = positiveId(context.params.id);
        if (!id) return fail(400, BAD_ID);
        const sameType = { sql: "id IN (SELECT item_id FROM item_meta WHERE type_id = (SELECT type_id FROM item_meta WHERE item_id = ?))", args: [id] };
        return ok(listItems(db, { kinds: ["videoSpecial"], order: "popular", where: [sameType], ...paging(context.params, 4) }));
      },
    },
    { method: "ANY", path: "/recommend/relatedDocs", handler: related(["paper", "report", "book"], 5) },
    {
      method: "ANY",
      path: "/video/getVideoDoc",
      handler: (context) => {
        const id = positiveId(context.params.id);
        if (!id) return fail(400, BAD_ID);
        const row = db.prepare("SELECT * FROM items WHERE id = ? AND kind = 'video'").get(id) as ItemRow | undefined;
        if (!row) return fail(404, say(context, "视频不存在", "No such video"));
        const meta = metaOf.get(id) as MetaRow | undefined;
        const papers = listItems(db, { kinds: ["paper"], order: "popular", where: [byTopicOf(id)], pageNum: 1, pageSize: 5 });
        return ok({ ...toItem(row), topic: meta?.topic ?? "", notes: JSON.parse(meta?.notes ?? "[]") as unknown[], papers: papers.list });
      },
    },
    {
      method: "ANY",
      path: "/article/keyWords",
      handler: (context) => {
        const { pageSize } = paging(context.params, 10);
        return ok({ list: hotSearches.list(pageSize, context.now()) });
      },
    },
  ];
}
