import type { Db } from "../kernel/db.server.ts";
import * as queries from "./queries.server.ts";
import type { ItemFilter, ItemOrder, ItemRow } from "./queries.server.ts";

/** The API's item shape: zh fields with their En siblings, the spec's naming (authorName, orgNameEn…). */
export function toItem(row: ItemRow) {
  return {
    ...(JSON.parse(row.extra) as Record<string, unknown>),
    id: row.id,
    kind: row.kind,
    title: row.title,
    titleEn: row.title_en,
    summary: row.summary,
    summaryEn: row.summary_en,
    cover: row.cover,
    status: row.status,
    startTime: row.starts_at,
    endTime: row.ends_at,
    authorName: row.author_name,
    authorNameEn: row.author_name_en,
    orgName: row.org_name,
    orgNameEn: row.org_name_en,
    viewCount: row.view_count,
    link: row.link.replaceAll("{id}", String(row.id)),
  };
}

export interface ListOptions extends ItemFilter {
  pageNum: number;
  pageSize: number;
  order?: ItemOrder;
}

/** A page of public items in the item shape, with the total; no answer of it depends on who asks (some are cached). */
export function listItems(db: Db, options: ListOptions) {
  const total = queries.countItems(db, options);
  const rows = queries.itemsPage(db, options, options.order ?? "sort", options.pageSize, (options.pageNum - 1) * options.pageSize);
  return { list: rows.map(toItem), total, pageNum: options.pageNum, pageSize: options.pageSize };
}

/** The kinds each searchType covers (spec §2: 0 home, 1 docs, 3 live, 4 video). */
const SEARCH_KINDS: Record<string, string[]> = {
  "0": ["live", "meeting", "video", "paper", "report", "book", "essay", "qa"],
  "1": ["paper", "report", "book"],
  "3": ["live", "meeting"],
  "4": ["video", "videoSpecial"],
};

/** The kinds a searchType value covers; undefined for anything else (including "constructor" and friends). */
export function searchKinds(searchType: unknown): string[] | undefined {
  const key = String(searchType ?? "0");
  return Object.hasOwn(SEARCH_KINDS, key) ? SEARCH_KINDS[key] : undefined;
}

/** The `status` filter of a list: comma-separated digits 0–9; undefined when none is given or none is valid. */
export function statuses(value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const list = String(value)
    .split(",")
    .map((entry) => Number(entry))
    .filter((entry) => Number.isInteger(entry) && entry >= 0 && entry <= 9);
  return list.length ? list : undefined;
}

export function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** An item with its type, topic and counters and, for a signed-in viewer, whether they praised or collected it. */
export function itemWithCounters(db: Db, row: ItemRow, viewer: number | null): Record<string, unknown> {
  const meta = queries.metaOf(db, row.id);
  const item: Record<string, unknown> = {
    ...toItem(row),
    typeId: meta?.type_id ?? null,
    typeName: meta?.type_name ?? "",
    typeNameEn: meta?.type_name_en ?? "",
    topic: meta?.topic ?? "",
    praiseCount: meta?.praise_count ?? 0,
    collectCount: meta?.collect_count ?? 0,
    praised: viewer !== null && queries.hasPraised(db, viewer, row.id),
    collected: viewer !== null && queries.hasCollected(db, viewer, row.id),
  };
  if (row.kind === "video") {
    item.videoUrl = meta?.media_url ?? "";
    item.specialId = meta?.special_id ?? null;
    item.commentCount = queries.videoCommentCount(db, row.id);
    item.docLink = `/videoDoc?id=${row.id}`;
  }
  if (row.kind === "videoSpecial") item.videoCount = queries.videosInSpecial(db, row.id);
  return item;
}

/** A video's lecture notes and the papers on its topic. */
export function videoDoc(db: Db, row: ItemRow) {
  const meta = queries.metaOf(db, row.id);
  const papers = listItems(db, { kinds: ["paper"], order: "popular", where: [queries.onTopicOf(row.id)], pageNum: 1, pageSize: 5 });
  return { ...toItem(row), topic: meta?.topic ?? "", notes: JSON.parse(meta?.notes ?? "[]") as unknown[], papers: papers.list };
}

/** The newest release of an app: version, where to get it, what is new. */
export function latestRelease(db: Db, platform: "android" | "ios") {
  const row = queries.latestRelease(db, platform);
  return row
    ? {
        versionName: row.version_name,
        versionCode: row.version_code,
        downloadUrl: row.download_url,
        updateContent: row.notes,
        updateContentEn: row.notes_en,
        updateTime: row.released_at,
      }
    : null;
}
