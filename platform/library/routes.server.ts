import { libraryEntrySchema, libraryEntryValidators } from "@schemas/generated/form-kits.ts";
import type { LibraryEntryForm } from "@schemas/generated/forms.ts";
import { LIBRARY_API, LIBRARY_LIMITS, isLibraryKind, itemRef, parseItemRef, type LibraryKind, type LibraryList } from "@contracts/library.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import { entryFor, referenceKind, saveEntry, toEntry } from "./rules.server.ts";

type UserHandler = (db: Db, context: ApiContext, user: UserRow) => Envelope;

const libraryForm = formKit(libraryEntrySchema, libraryEntryValidators);
/** A tag filter longer than any tag can be matches nothing; it is refused rather than searched. */
const TAG_FILTER_MAX = LIBRARY_LIMITS.tagChars;

const notFound = (context: ApiContext) => fail(404, say(context, "内容不存在或不可见", "This item does not exist or is not visible to you"));
const notSaved = (context: ApiContext) => fail(404, say(context, "这一项不在你的文库中", "This item is not in your library"));
const badReference = (context: ApiContext) => fail(400, say(context, "条目引用无效", "Invalid item reference"));

/** The entry a valid body names, as stored for the viewer, or the refusal. */
function readBody(context: ApiContext): { ok: true; value: LibraryEntryForm & { id: number; kind: LibraryKind } } | { ok: false; envelope: Envelope } {
  const body = validateBody<LibraryEntryForm>(context, libraryForm);
  if (!body.ok) return body;
  const reference = parseItemRef(body.value.item);
  if (!reference) return { ok: false, envelope: badReference(context) };
  return { ok: true, value: { ...body.value, ...reference } };
}

const entryValues = (context: ApiContext, viewer: number, body: LibraryEntryForm & { id: number }) => ({
  viewer,
  id: body.id,
  note: body.note ?? "",
  tags: JSON.stringify(body.tags ?? []),
  now: context.now().toISOString(),
});

const save: UserHandler = (db, context, user) => {
  const body = readBody(context);
  if (!body.ok) return body.envelope;
  const { id, kind } = body.value;
  if (!queries.visibleItem(db, user.id, id, kind)) return notFound(context);
  const outcome = saveEntry(db, entryValues(context, user.id, body.value));
  if (outcome === "full") {
    const limit = LIBRARY_LIMITS.entries;
    return fail(409, say(context, `文库最多保存 ${limit} 项，请先移除一些`, `Your library holds at most ${limit} items; remove some first`));
  }
  return ok({ created: outcome === "created", entry: entryFor(db, user.id, id) }, say(context, "已加入我的文库", "Added to my library"));
};

const edit: UserHandler = (db, context, user) => {
  const body = readBody(context);
  if (!body.ok) return body.envelope;
  const { id } = body.value;
  if (!entryFor(db, user.id, id)) return notSaved(context);
  queries.updateEntry(db, entryValues(context, user.id, body.value));
  return ok({ entry: entryFor(db, user.id, id) }, say(context, "已保存", "Saved"));
};

const unsave: UserHandler = (db, context, user) => {
  const reference = parseItemRef(context.params.item);
  if (!reference) return badReference(context);
  return ok({ removed: queries.removeEntry(db, user.id, reference.id) }, say(context, "已从我的文库移除", "Removed from my library"));
};

const status: UserHandler = (db, context, user) => {
  const reference = parseItemRef(context.params.item);
  if (!reference) return badReference(context);
  const entry = entryFor(db, user.id, reference.id);
  return ok(entry && entry.kind === reference.kind ? { saved: true, entry } : { saved: false });
};

const list: UserHandler = (db, context, user) => {
  const kind = context.params.kind === undefined || context.params.kind === "" ? null : context.params.kind;
  if (kind !== null && !isLibraryKind(kind)) return fail(400, say(context, "类型无效", "Unknown kind"));
  const tag = typeof context.params.tag === "string" && context.params.tag !== "" ? context.params.tag : null;
  if (tag !== null && Array.from(tag).length > TAG_FILTER_MAX) return fail(400, say(context, "标签过长", "Tag too long"));
  const { pageNum, pageSize } = paging(context.params, 20);
  const filter = { viewer: user.id, kind, tag };
  const matching = queries.matchingEntries(db, filter);
  const answer: LibraryList = {
    list: queries.entryPage(db, filter, pageSize, (pageNum - 1) * pageSize).map(toEntry),
    total: matching.length,
    pageNum,
    pageSize,
    refs: matching.map((row) => itemRef(referenceKind(row.kind), row.item_id)),
    paths: matching.map((row) => row.link.replaceAll("{id}", String(row.item_id))),
    tags: queries.tagCounts(db, user.id),
    count: queries.entryCount(db, user.id),
    limit: LIBRARY_LIMITS.entries,
  };
  return ok(answer);
};

/**
 * The reading list, "my library" (ADR 047, migration 026): a person saves papers, reports, books, articles, videos,
 * audio books and lives with a note and tags; every call acts on the caller's own rows only. Paths and answers are
 * contracts/library.ts.
 */
export function libraryRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const signedIn = (handler: UserHandler) => accounts.withUser((context, user) => handler(db, context, user));
  return [
    { method: "GET", path: LIBRARY_API.list, handler: signedIn(list) },
    { method: "GET", path: LIBRARY_API.status, handler: signedIn(status) },
    { method: "POST", path: LIBRARY_API.save, handler: signedIn(save) },
    { method: "POST", path: LIBRARY_API.update, handler: signedIn(edit) },
    { method: "POST", path: LIBRARY_API.remove, handler: signedIn(unsave) },
  ];
}
