import type { Db } from "./kernel/db.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import type { Lang } from "@contracts/language.ts";
import { say } from "./kernel/language.server.ts";
import { publicItemSql } from "./essays/visibility.server.ts";

export interface ItemRow {
  id: number;
  kind: string;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  cover: string;
  status: number;
  starts_at: string | null;
  ends_at: string | null;
  author_name: string;
  author_name_en: string;
  org_name: string;
  org_name_en: string;
  view_count: number;
  link: string;
  extra: string;
}

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

export function paging(params: Record<string, unknown>, defaultSize = 10): { pageNum: number; pageSize: number } {
  const pageNum = Math.max(1, Math.min(10_000, Math.trunc(Number(params.pageNum ?? 1)) || 1));
  const pageSize = Math.max(1, Math.min(50, Math.trunc(Number(params.pageSize ?? defaultSize)) || defaultSize));
  return { pageNum, pageSize };
}

/** The longest search phrase, in characters (code points). */
export const KEYWORD_MAX = 50;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const NOT_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\p{Cs}/gu;

/**
 * A search phrase as every search takes it: control characters (NUL included: FTS5 reads its query as a C string and
 * fails on one), the line separators and unpaired surrogates become spaces, runs of spaces one, the ends trimmed, cut
 * to KEYWORD_MAX characters without splitting one. "" for anything that is not a string or holds nothing else.
 */
export function searchPhrase(value: unknown): string {
  if (typeof value !== "string") return "";
  const text = value.replace(NOT_TEXT, " ").replace(/\s+/g, " ").trim();
  return Array.from(text).slice(0, KEYWORD_MAX).join("").trim();
}

/**
 * Full text over titles and summaries in both languages; trigram FTS for 3+ characters, LIKE below that. The one
 * place a phrase reaches FTS: it is cleaned here again whatever the caller did.
 */
function keywordFilter(raw: string): { sql: string; args: unknown[] } {
  const keyword = searchPhrase(raw);
  if (Array.from(keyword).length >= 3) {
    const phrase = `"${keyword.replaceAll('"', '""')}"`;
    return { sql: "id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)", args: [phrase] };
  }
  const like = `%${keyword.replace(/[%_\\]/g, "\\$&")}%`;
  return {
    sql: "(title LIKE ? ESCAPE '\\' OR title_en LIKE ? ESCAPE '\\' OR summary LIKE ? ESCAPE '\\' OR summary_en LIKE ? ESCAPE '\\')",
    args: [like, like, like, like],
  };
}

export interface ListOptions {
  kinds: string[];
  statuses?: number[];
  keyword?: string;
  pageNum: number;
  pageSize: number;
  order?: "sort" | "newest" | "popular" | "startsSoon" | "sequence";
  /** Further conditions on items (e.g. a type tag kept in another table), each with its arguments. */
  where?: { sql: string; args: unknown[] }[];
}

export function listItems(db: Db, options: ListOptions) {
  // No answer of this function depends on who asks (some are cached), so an essay appears only when public.
  const where = [`kind IN (${options.kinds.map(() => "?").join(",")})`, publicItemSql()];
  const args: unknown[] = [...options.kinds];
  if (options.statuses?.length) {
    where.push(`status IN (${options.statuses.map(() => "?").join(",")})`);
    args.push(...options.statuses);
  }
  for (const condition of options.where ?? []) {
    where.push(condition.sql);
    args.push(...condition.args);
  }
  const keyword = searchPhrase(options.keyword);
  if (keyword) {
    const filter = keywordFilter(keyword);
    where.push(filter.sql);
    args.push(...filter.args);
  }
  const order = {
    sort: "sort DESC, id DESC",
    newest: "created_at DESC, id DESC",
    popular: "view_count DESC, id DESC",
    startsSoon: "sort DESC, starts_at ASC, id ASC",
    sequence: "id ASC",
  }[options.order ?? "sort"];
  const clause = where.join(" AND ");
  const total = db
    .prepare(`SELECT COUNT(*) FROM items WHERE ${clause}`)
    .pluck()
    .get(...args) as number;
  const rows = db
    .prepare(`SELECT * FROM items WHERE ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...args, options.pageSize, (options.pageNum - 1) * options.pageSize) as ItemRow[];
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

export function statuses(value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const list = String(value)
    .split(",")
    .map((entry) => Number(entry))
    .filter((entry) => Number.isInteger(entry) && entry >= 0 && entry <= 9);
  return list.length ? list : undefined;
}

function lister(kinds: string[], order: ListOptions["order"] = "sort", defaultSize = 10) {
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

function detail(kinds: string[]) {
  return ({ db, params }: ApiContext) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return fail(400, "id must be a positive integer");
    const row = db.prepare(`SELECT * FROM items WHERE id = ? AND kind IN (${kinds.map(() => "?").join(",")})`).get(id, ...kinds) as ItemRow | undefined;
    return row ? ok(toItem(row)) : fail(404, "not found");
  };
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

/** How wide a text is in em: a CJK character is one, anything else about half. */
const CLOSING_PUNCTUATION = /^[?!.,;:%)\]}…。，、；：？！）》」』”’]+$/u;
const emWidth = (text: string) => [...text].reduce((width, char) => width + (CJK.test(char) ? 1 : 0.55), 0);

/**
 * A title broken into at most `maxLines` lines of at most `maxEm` em, only where a word ends (Intl.Segmenter: Chinese
 * words stay whole, "金融" never splits), the lines balanced so none is left with a lone word; "…" when it is cut.
 */
export function wrapTitle(text: string, lang: Lang, maxEm: number, maxLines: number): string[] {
  const words: string[] = [];
  for (const { segment } of new Intl.Segmenter(lang === "en" ? "en" : "zh", { granularity: "word" }).segment(text)) {
    // Closing punctuation stays with the word before it: no line starts with "?" or "，".
    if (CLOSING_PUNCTUATION.test(segment) && words.length > 0) words[words.length - 1] += segment;
    else words.push(segment);
  }
  const fill = (limit: number) => {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.length - 1;
      if (last >= 0 && emWidth((lines[last] + word).trimEnd()) <= limit) lines[last] += word;
      else if (word.trim()) lines.push(word.trimStart());
      else if (last >= 0) lines[last] += word;
    }
    return lines.map((line) => line.trim());
  };
  const greedy = fill(maxEm);
  let best = greedy;
  // The narrowest width that needs no more lines than the full width does: the most even lines.
  for (let limit = maxEm - 0.5; limit >= maxEm / 2 && greedy.length > 1; limit -= 0.5) {
    const candidate = fill(limit);
    if (candidate.length > greedy.length || candidate.some((line) => emWidth(line) > limit)) break;
    best = candidate;
  }
  if (best.length <= maxLines) return best;
  const kept = best.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s,，、:：-]+$/, "")}…`;
  return kept;
}

/**
 * A poster for an item, drawn from its own title in the viewer's language (the lang cookie the image request carries):
 * the seed's media, made locally, never fetched. Posters are 16:9 with the item's kind as a kicker; banners are 2:1, the
 * carousel's shape, and keep their bottom sixth clear for the carousel's dots; posters keep their bottom quarter clear for
 * a player's controls.
 */
export function posterSvg(db: Db, id: number, lang: Lang = "zh"): string | null {
  const row = db.prepare(`SELECT id, kind, title, title_en, ${publicItemSql()} AS shown FROM items WHERE id = ?`).get(id) as
    | (Pick<ItemRow, "id" | "kind" | "title" | "title_en"> & { shown: number })
    | undefined;
  if (!row) return null;
  // An essay not everyone may read keeps its title off a poster anyone can fetch.
  if (!row.shown) Object.assign(row, { title: "", title_en: "" });
  const banner = row.kind === "banner";
  const [width, height] = banner ? [720, 360] : [640, 360];
  const en = lang === "en" && Boolean(row.title_en);
  const fontSize = en ? 38 : 44;
  const lineHeight = Math.round(fontSize * 1.27);
  const maxLines = en ? 3 : 2;
  const lines = wrapTitle(en ? row.title_en : row.title, lang, (width - 80) / fontSize, maxLines);
  // Banners sit the title above the carousel's dots; posters below the kicker, clear of a video's controls at the bottom.
  const titleTop = banner ? height - height / 6 - 20 - (lines.length - 1) * lineHeight : 130;
  const hue = (row.id * 47) % 360;
  const kicker = banner
    ? ""
    : `<text x="40" y="60" fill="#fff" opacity=".75" font-family="sans-serif" font-size="22" letter-spacing="3">${escapeXml(row.kind.toUpperCase())}</text>\n`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" lang="${en ? "en" : "zh"}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,48%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width - 80}" cy="70" r="120" fill="#fff" opacity=".08"/><circle cx="80" cy="330" r="90" fill="#fff" opacity=".06"/>
${kicker}${lines.map((line, index) => `<text x="40" y="${titleTop + index * lineHeight}" fill="#fff" font-family="sans-serif" font-size="${fontSize}" font-weight="700">${escapeXml(line)}</text>`).join("\n")}
</svg>`;
}

/** The newest release of an app: version, where to get it, what is new. */
function latestRelease(db: Db, platform: "android" | "ios") {
  const row = db
    .prepare(
      `SELECT version_name, version_code, download_url, notes, notes_en, released_at FROM app_releases
       WHERE platform = ? ORDER BY version_code DESC LIMIT 1`,
    )
    .get(platform) as { version_name: string; version_code: number; download_url: string; notes: string; notes_en: string; released_at: string } | undefined;
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

export function contentRoutes(): RouteDefinition[] {
  return [
    {
      method: "ANY",
      path: "/sys/android/version",
      handler: (context) => {
        const android = latestRelease(context.db, "android");
        if (!android) return fail(404, say(context, "暂无可下载的版本", "No release to download yet"));
        return ok({ ...android, iosUrl: latestRelease(context.db, "ios")?.downloadUrl ?? "" });
      },
    },
    { method: "ANY", path: "/banner/list", handler: ({ db }) => ok(listItems(db, { kinds: ["banner"], pageNum: 1, pageSize: 10 })) },
    { method: "ANY", path: "/plan/list", handler: lister(["live"], "startsSoon") },
    { method: "ANY", path: "/plan/detail", handler: detail(["live"]) },
    { method: "ANY", path: "/meeting/list", handler: lister(["meeting"], "newest") },
    { method: "ANY", path: "/meeting/detail", handler: detail(["meeting"]) },
    { method: "ANY", path: "/video/recommendVideo", handler: lister(["video"], "popular", 6) },
    { method: "ANY", path: "/video/getVideoSpecialList", handler: lister(["videoSpecial"]) },
    { method: "ANY", path: "/mpPaper/searchAll", handler: lister(["paper"], "newest") },
    { method: "ANY", path: "/report/getHotReport", handler: lister(["report"], "popular", 5) },
    { method: "ANY", path: "/books", handler: lister(["book"], "newest") },
    {
      method: "ANY",
      path: "/search",
      handler: ({ db, params }) => {
        const keyword = searchPhrase(params.keyword);
        if (!keyword) return fail(400, "keyword is required");
        const kinds = searchKinds(params.searchType);
        if (!kinds) return fail(400, "searchType must be 0, 1, 3 or 4");
        return ok(listItems(db, { kinds, keyword, order: "popular", ...paging(params) }));
      },
    },
  ];
}
