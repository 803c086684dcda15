import { libraryEntrySchema, libraryEntryValidators } from "@schemas/generated/form-kits.ts";
import type { LibraryEntryForm } from "@schemas/generated/forms.ts";
import {
  LIBRARY_API,
  LIBRARY_LIMITS,
  isLibraryKind,
  itemRef,
  parseItemRef,
  type LibraryEntry,
  type LibraryKind,
  type LibraryList,
} from "@contracts/library.ts";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { visibleSql } from "./community/visibility.server.ts";
import { seenItemSql } from "./essays/visibility.server.ts";

/**
 * The reading list, "my library" (ADR 047, migration 026): a person saves papers, reports, books, articles, videos,
 * audio books and lives with a note and tags; every call acts on the caller's own rows only. Paths and answers are
 * contracts/library.ts.
 */

/** The platform's item kind behind each reference kind: an "article" is an essay item. */
const ITEM_KIND: Record<LibraryKind, string> = {
  paper: "paper",
  report: "report",
  book: "book",
  article: "essay",
  video: "video",
  audiobook: "audiobook",
  live: "live",
};
const REFERENCE_KIND = Object.fromEntries(Object.entries(ITEM_KIND).map(([reference, item]) => [item, reference])) as Record<string, LibraryKind>;

interface EntryRow {
  item_id: number;
  kind: string;
  title: string;
  title_en: string;
  link: string;
  note: string;
  tags: string;
  saved_at: string;
  updated_at: string;
}

function toEntry(row: EntryRow): LibraryEntry {
  const kind = REFERENCE_KIND[row.kind];
  return {
    item: itemRef(kind, row.item_id),
    kind,
    id: row.item_id,
    title: row.title,
    titleEn: row.title_en,
    link: row.link.replaceAll("{id}", String(row.item_id)),
    note: row.note,
    tags: JSON.parse(row.tags) as string[],
    savedAt: row.saved_at,
    updatedAt: row.updated_at,
  };
}

const libraryForm = formKit(libraryEntrySchema, libraryEntryValidators);
/** A tag filter longer than any tag can be matches nothing; it is refused rather than searched. */
const TAG_FILTER_MAX = LIBRARY_LIMITS.tagChars;

export function libraryRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  // An essay the viewer may not read (a draft, followers only…) cannot be saved, and one hidden after saving leaves the list.
  const seen = seenItemSql(visibleSql("e.user_id", "e.visibility"), "i.id", "i.kind");
  const ENTRY_COLUMNS = "l.item_id, i.kind, i.title, i.title_en, i.link, l.note, l.tags, l.saved_at, l.updated_at";
  const ENTRY_FROM = "FROM library_entries l JOIN items i ON i.id = l.item_id";
  const findItem = db.prepare(`SELECT i.id FROM items i WHERE i.id = @id AND i.kind = @kind AND ${seen}`).pluck();
  const entryOf = db.prepare(`SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE l.user_id = @viewer AND l.item_id = @id AND ${seen}`);
  const countOf = db.prepare("SELECT COUNT(*) FROM library_entries WHERE user_id = ?").pluck();
  const insert = db.prepare(`INSERT INTO library_entries (user_id, item_id, note, tags, saved_at, updated_at)
    VALUES (@viewer, @id, @note, @tags, @now, @now) ON CONFLICT (user_id, item_id) DO NOTHING`);
  const update = db.prepare("UPDATE library_entries SET note = @note, tags = @tags, updated_at = @now WHERE user_id = @viewer AND item_id = @id");
  const remove = db.prepare("DELETE FROM library_entries WHERE user_id = ? AND item_id = ?");
  const tagCounts = db.prepare(`SELECT t.value AS tag, COUNT(*) AS count ${ENTRY_FROM}, json_each(l.tags) t
    WHERE l.user_id = @viewer AND ${seen} GROUP BY t.value ORDER BY count DESC, t.value`);

  const notFound = (context: ApiContext) => fail(404, say(context, "内容不存在或不可见", "This item does not exist or is not visible to you"));
  const notSaved = (context: ApiContext) => fail(404, say(context, "这一项不在你的文库中", "This item is not in your library"));

  /** The entry a valid body names, as stored for the viewer, or the refusal. */
  const readBody = (context: ApiContext): { ok: true; value: LibraryEntryForm & { id: number; kind: LibraryKind } } | { ok: false; envelope: Envelope } => {
    const body = validateBody<LibraryEntryForm>(context, libraryForm);
    if (!body.ok) return body;
    const reference = parseItemRef(body.value.item);
    if (!reference) return { ok: false, envelope: fail(400, say(context, "条目引用无效", "Invalid item reference")) };
    return { ok: true, value: { ...body.value, ...reference } };
  };

  const entryFor = (viewer: number, id: number) => {
    const row = entryOf.get({ viewer, id }) as EntryRow | undefined;
    return row ? toEntry(row) : null;
  };

  const save = accounts.withUser((context, user) => {
    const body = readBody(context);
    if (!body.ok) return body.envelope;
    const { id, kind } = body.value;
    if (!findItem.get({ id, kind: ITEM_KIND[kind], viewer: user.id })) return notFound(context);
    const now = context.now().toISOString();
    // One transaction: the count and the insert see the same list, so parallel saves never pass the limit together.
    const outcome = db.transaction((): "created" | "kept" | "full" => {
      if (db.prepare("SELECT 1 FROM library_entries WHERE user_id = ? AND item_id = ?").get(user.id, id)) return "kept";
      if ((countOf.get(user.id) as number) >= LIBRARY_LIMITS.entries) return "full";
      const values = { viewer: user.id, id, note: body.value.note ?? "", tags: JSON.stringify(body.value.tags ?? []), now };
      return insert.run(values).changes ? "created" : "kept";
    })();
    if (outcome === "full")
      return fail(
        409,
        say(
          context,
          `文库最多保存 ${LIBRARY_LIMITS.entries} 项，请先移除一些`,
          `Your library holds at most ${LIBRARY_LIMITS.entries} items; remove some first`,
        ),
      );
    // A second save keeps the entry as it is (its note and tags): another device may have written them.
    return ok({ created: outcome === "created", entry: entryFor(user.id, id) }, say(context, "已加入我的文库", "Added to my library"));
  });

  const edit = accounts.withUser((context, user) => {
    const body = readBody(context);
    if (!body.ok) return body.envelope;
    const { id } = body.value;
    if (!entryFor(user.id, id)) return notSaved(context);
    update.run({ viewer: user.id, id, note: body.value.note ?? "", tags: JSON.stringify(body.value.tags ?? []), now: context.now().toISOString() });
    return ok({ entry: entryFor(user.id, id) }, say(context, "已保存", "Saved"));
  });

  const unsave = accounts.withUser((context, user) => {
    const reference = parseItemRef(context.params.item);
    if (!reference) return fail(400, say(context, "条目引用无效", "Invalid item reference"));
    const removed = remove.run(user.id, reference.id).changes > 0;
    return ok({ removed }, say(context, "已从我的文库移除", "Removed from my library"));
  });

  const status = accounts.withUser((context, user) => {
    const reference = parseItemRef(context.params.item);
    if (!reference) return fail(400, say(context, "条目引用无效", "Invalid item reference"));
    const entry = entryFor(user.id, reference.id);
    return ok(entry && entry.kind === reference.kind ? { saved: true, entry } : { saved: false });
  });

  const list = accounts.withUser((context, user) => {
    const kind = context.params.kind === undefined || context.params.kind === "" ? null : context.params.kind;
    if (kind !== null && !isLibraryKind(kind)) return fail(400, say(context, "类型无效", "Unknown kind"));
    const tag = typeof context.params.tag === "string" && context.params.tag !== "" ? context.params.tag : null;
    if (tag !== null && Array.from(tag).length > TAG_FILTER_MAX) return fail(400, say(context, "标签过长", "Tag too long"));
    const { pageNum, pageSize } = paging(context.params, 20);
    const filters = [`l.user_id = @viewer`, seen];
    if (kind) filters.push("i.kind = @kind");
    if (tag) filters.push("EXISTS (SELECT 1 FROM json_each(l.tags) WHERE value = @tag)");
    const where = filters.join(" AND ");
    const args = { viewer: user.id, kind: kind ? ITEM_KIND[kind] : null, tag };
    const order = "ORDER BY l.saved_at DESC, l.item_id DESC";
    const matching = db.prepare(`SELECT i.kind, i.link, l.item_id ${ENTRY_FROM} WHERE ${where} ${order}`).all(args) as {
      kind: string;
      link: string;
      item_id: number;
    }[];
    const refs = matching.map((row) => itemRef(REFERENCE_KIND[row.kind], row.item_id));
    const rows = db
      .prepare(`SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE ${where} ${order} LIMIT @limit OFFSET @offset`)
      .all({ ...args, limit: pageSize, offset: (pageNum - 1) * pageSize }) as EntryRow[];
    const answer: LibraryList = {
      list: rows.map(toEntry),
      total: refs.length,
      pageNum,
      pageSize,
      refs,
      paths: matching.map((row) => row.link.replaceAll("{id}", String(row.item_id))),
      tags: tagCounts.all({ viewer: user.id }) as LibraryList["tags"],
      count: countOf.get(user.id) as number,
      limit: LIBRARY_LIMITS.entries,
    };
    return ok(answer);
  });

  return [
    { method: "GET", path: LIBRARY_API.list, handler: list },
    { method: "GET", path: LIBRARY_API.status, handler: status },
    { method: "POST", path: LIBRARY_API.save, handler: save },
    { method: "POST", path: LIBRARY_API.update, handler: edit },
    { method: "POST", path: LIBRARY_API.remove, handler: unsave },
  ];
}
