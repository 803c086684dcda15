/**
 * The reading list through the embedded platform's own calls (ADR 047): save, a second save, unsave, notes and tags
 * checked with the form's schema and limits, filters, a person's list closed to everyone else, hidden articles, and
 * many saves of one item at once (also from a second node on the same file) leaving one row.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LIBRARY_LIMITS, citationExportHref } from "@contracts/library";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2026-11-27T02:00:00.000Z", { captchaTestMode: true });
const { call } = api;

type User = { token: string; id: number };

const save = (user: User, body: Record<string, unknown>, lang: "zh" | "en" = "en") => call("/library/save", { body, token: user.token, lang });
const update = (user: User, body: Record<string, unknown>, lang: "zh" | "en" = "en") => call("/library/update", { body, token: user.token, lang });
const remove = (user: User, item: string) => call("/library/remove", { body: { item }, token: user.token });
const status = (user: User, item: string) => call("/library/status", { method: "GET", query: { item }, token: user.token });
const list = (user: User, query: Record<string, string> = {}) => call("/library/list", { method: "GET", query, token: user.token });

/** The first seeded item of a platform kind, newest id first. */
const seeded = (kind: string, offset = 0) =>
  api.platform.db.prepare("SELECT id FROM items WHERE kind = ? ORDER BY id LIMIT 1 OFFSET ?").pluck().get(kind, offset) as number;
const rows = (user: User) => api.platform.db.prepare("SELECT COUNT(*) FROM library_entries WHERE user_id = ?").pluck().get(user.id) as number;

describe("saving and removing", () => {
  it("saves a paper with a note and tags, names it by reference with its titles and link, and removes it", async () => {
    const user = await api.newUser();
    const paper = seeded("paper");
    const saved = await save(user, { item: `paper:${paper}`, note: "  Read section 3 again  ", tags: ["identification", "货币政策"] });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.created).toBe(true);
    const title = api.platform.db.prepare("SELECT title, title_en FROM items WHERE id = ?").get(paper) as { title: string; title_en: string };
    expect(saved.body.data.entry).toMatchObject({
      item: `paper:${paper}`,
      kind: "paper",
      id: paper,
      title: title.title,
      titleEn: title.title_en,
      link: `/docDetail?id=${paper}`,
      note: "Read section 3 again",
      tags: ["identification", "货币政策"],
      savedAt: "2026-11-27T02:00:00.000Z",
    });
    expect((await status(user, `paper:${paper}`)).body.data).toMatchObject({ saved: true, entry: { note: "Read section 3 again" } });

    const removed = await remove(user, `paper:${paper}`);
    expect(removed.body).toMatchObject({ code: 200, data: { removed: true } });
    expect((await status(user, `paper:${paper}`)).body.data).toEqual({ saved: false });
    expect((await remove(user, `paper:${paper}`)).body.data).toEqual({ removed: false });
    expect(rows(user)).toBe(0);
  });

  it("a second save keeps the one entry and its note and tags, whatever the second save carries", async () => {
    const user = await api.newUser();
    const report = `report:${seeded("report")}`;
    expect((await save(user, { item: report, note: "first device", tags: ["macro"] })).body.data.created).toBe(true);
    const again = await save(user, { item: report });
    expect(again.body.code).toBe(200);
    expect(again.body.data.created).toBe(false);
    expect(again.body.data.entry).toMatchObject({ note: "first device", tags: ["macro"] });
    expect(rows(user)).toBe(1);
  });

  it("saves every kind a detail page offers, each by the platform's item of that kind (an article is an essay)", async () => {
    const user = await api.newUser();
    const essay = api.platform.db
      .prepare("SELECT item_id FROM essays WHERE status = 'released' AND visibility = 'public' ORDER BY item_id LIMIT 1")
      .pluck()
      .get() as number;
    const references = [`book:${seeded("book")}`, `article:${essay}`, `video:${seeded("video")}`, `audiobook:${seeded("audiobook")}`, `live:${seeded("live")}`];
    for (const item of references) expect((await save(user, { item })).body.code, item).toBe(200);
    const entries = (await list(user)).body.data.list as { item: string; link: string }[];
    // Saved within the same instant: newest first falls back to the larger id first.
    expect(new Map(entries.map((entry) => [entry.item, entry.link]))).toEqual(
      new Map([
        [`book:${seeded("book")}`, `/bookDetail?id=${seeded("book")}`],
        [`article:${essay}`, `/essayInfo?id=${essay}`],
        [`video:${seeded("video")}`, `/videoDetail?id=${seeded("video")}`],
        [`audiobook:${seeded("audiobook")}`, `/bookAudioDetail?id=${seeded("audiobook")}`],
        [`live:${seeded("live")}`, `/viewLive?id=${seeded("live")}`],
      ]),
    );
  });

  it("refuses a reference whose kind is not the item's, an unknown item, and a hidden article", async () => {
    const user = await api.newUser();
    expect((await save(user, { item: `report:${seeded("paper")}` })).body.code).toBe(404);
    expect((await save(user, { item: "paper:999999999" })).body.code).toBe(404);
    const hidden = api.platform.db.prepare("SELECT item_id FROM essays WHERE visibility = 'self' LIMIT 1").pluck().get() as number | undefined;
    if (hidden !== undefined) expect((await save(user, { item: `article:${hidden}` })).body.code).toBe(404);
    const notReference = await save(user, { item: "paper-12" }, "zh");
    expect(notReference.body).toMatchObject({ code: 400, message: "条目引用无效", data: { fields: { item: "library:errors.itemInvalid" } } });
    expect((await save(user, { item: "course:1" })).body.code).toBe(400);
    expect(rows(user)).toBe(0);
  });

  it("asks a visitor to log in", async () => {
    const answer = await call("/library/save", { body: { item: `paper:${seeded("paper")}` } });
    expect(answer.body.code).not.toBe(200);
    expect((await call("/library/list", { method: "GET" })).body.code).not.toBe(200);
  });
});

describe("notes and tags", () => {
  it("edits the note and tags of a saved entry and refuses to edit one not saved", async () => {
    const user = await api.newUser();
    const item = `video:${seeded("video")}`;
    expect((await update(user, { item, note: "x" })).body.code).toBe(404);
    await save(user, { item });
    api.advance(60_000);
    const edited = await update(user, { item, note: "Lecture 2 at 12:30", tags: ["teaching"] });
    expect(edited.body.code).toBe(200);
    expect(edited.body.data.entry).toMatchObject({ note: "Lecture 2 at 12:30", tags: ["teaching"], updatedAt: api.now().toISOString() });
    // Sending no note and no tags clears both: the form always sends what the person sees.
    expect((await update(user, { item })).body.data.entry).toMatchObject({ note: "", tags: [] });
  });

  it("checks notes and tags with the form's schema, in the caller's language, on save and on edit", async () => {
    const user = await api.newUser();
    const item = `paper:${seeded("paper", 1)}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ note: "n".repeat(LIBRARY_LIMITS.noteChars + 1) }, "note", "笔记不能超过 1000 个字"],
      [{ tags: Array.from({ length: LIBRARY_LIMITS.tags + 1 }, (_, index) => `t${index}`) }, "tags", "最多 10 个标签"],
      [{ tags: ["x".repeat(LIBRARY_LIMITS.tagChars + 1)] }, "tags", "每个标签不超过 20 个字"],
      [{ tags: ["a,b"] }, "tags", "标签不能为空，不能含逗号或控制字符"],
      [{ tags: [" padded"] }, "tags", "标签不能为空，不能含逗号或控制字符"],
      [{ tags: [""] }, "tags", "标签不能为空，不能含逗号或控制字符"],
      [{ tags: ["same", "same"] }, "tags", "标签不能重复"],
      [{ tags: "macro" }, "tags", "标签不能为空，不能含逗号或控制字符"],
      [{ note: 12 }, "note", "笔记格式有误"],
      [{ owner: 1 }, "_form", "请求中有无法识别的字段"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await save(user, { item, ...fields }, "zh");
      expect(answer.body.code, JSON.stringify(fields)).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(Object.keys(answer.body.data.fields)).toEqual([field]);
    }
    expect(rows(user)).toBe(0);
    // The limits themselves pass: 1,000 characters of Chinese, ten tags of twenty characters.
    const atLimit = {
      item,
      note: "注".repeat(LIBRARY_LIMITS.noteChars),
      tags: Array.from({ length: LIBRARY_LIMITS.tags }, (_, index) => `${"标".repeat(LIBRARY_LIMITS.tagChars - 1)}${index}`),
    };
    expect((await save(user, atLimit)).body.code).toBe(200);
    expect((await update(user, { item, tags: ["ok", "ok"] })).body.data.fields).toEqual({ tags: "library:errors.tagRepeated" });
    const english = await update(user, { item, note: "n".repeat(1001) }, "en");
    expect(english.body.message).toBe("A note is at most 1,000 characters");
  });

  it("states the same limits in the form schema as in the contract", () => {
    const schema = JSON.parse(readFileSync(join(process.cwd(), "schemas/forms/library-entry.schema.json"), "utf8"));
    expect(schema.properties.note.maxLength).toBe(LIBRARY_LIMITS.noteChars);
    expect(schema.properties.tags.maxItems).toBe(LIBRARY_LIMITS.tags);
    expect(schema.properties.tags.items.maxLength).toBe(LIBRARY_LIMITS.tagChars);
  });
});

describe("the list", () => {
  it("lists newest first, filters by kind and tag, counts tags, pages, and gives every matching reference", async () => {
    const user = await api.newUser();
    const saves = [
      { item: `paper:${seeded("paper", 2)}`, tags: ["IO", "thesis"] },
      { item: `report:${seeded("report", 2)}`, tags: ["thesis"] },
      { item: `audiobook:${seeded("audiobook", 1)}`, tags: [] },
      { item: `paper:${seeded("paper", 3)}`, tags: ["IO"] },
    ];
    for (const body of saves) {
      await save(user, body);
      api.advance(1_000);
    }
    const all = (await list(user)).body.data;
    expect(all.refs).toEqual(saves.map((entry) => entry.item).reverse());
    expect(all.paths).toEqual([
      `/docDetail?id=${seeded("paper", 3)}`,
      `/bookAudioDetail?id=${seeded("audiobook", 1)}`,
      `/docDetail?id=${seeded("report", 2)}&type=report`,
      `/docDetail?id=${seeded("paper", 2)}`,
    ]);
    expect(all).toMatchObject({ total: 4, count: 4, limit: LIBRARY_LIMITS.entries });
    expect(all.tags).toEqual([
      { tag: "IO", count: 2 },
      { tag: "thesis", count: 2 },
    ]);
    expect((await list(user, { kind: "paper" })).body.data.refs).toEqual([saves[3].item, saves[0].item]);
    expect((await list(user, { tag: "thesis" })).body.data.refs).toEqual([saves[1].item, saves[0].item]);
    expect((await list(user, { tag: "thesis", kind: "paper" })).body.data.refs).toEqual([saves[0].item]);
    expect((await list(user, { tag: "nothing" })).body.data).toMatchObject({ total: 0, list: [], refs: [] });
    const second = (await list(user, { pageSize: "3", pageNum: "2" })).body.data;
    expect(second.list.map((entry: { item: string }) => entry.item)).toEqual([saves[0].item]);
    expect(second.refs).toHaveLength(4);
    expect((await list(user, { kind: "course" })).body.code).toBe(400);
    expect((await list(user, { tag: "x".repeat(21) })).body.code).toBe(400);
    // The export links of a list name its citable items only (an audio book is not one).
    expect(citationExportHref("bib", all.refs)).toBe(`/cite/export.bib?items=${[saves[3].item, saves[1].item, saves[0].item].join(",")}`);
  });

  it("drops an article from the list once its writer hides it", async () => {
    const user = await api.newUser();
    const essay = api.platform.db
      .prepare("SELECT item_id FROM essays WHERE status = 'released' AND visibility = 'public' ORDER BY item_id DESC LIMIT 1")
      .pluck()
      .get() as number;
    await save(user, { item: `article:${essay}`, tags: ["later"] });
    expect((await list(user)).body.data.refs).toEqual([`article:${essay}`]);
    api.platform.db.prepare("UPDATE essays SET visibility = 'self' WHERE item_id = ?").run(essay);
    try {
      const hidden = (await list(user)).body.data;
      expect(hidden).toMatchObject({ refs: [], tags: [] });
      expect((await status(user, `article:${essay}`)).body.data).toEqual({ saved: false });
    } finally {
      api.platform.db.prepare("UPDATE essays SET visibility = 'public' WHERE item_id = ?").run(essay);
    }
  });

  it("holds at most the per-person limit of entries", async () => {
    const user = await api.newUser();
    const papers = api.platform.db
      .prepare("SELECT id FROM items WHERE kind = 'paper' ORDER BY id LIMIT ?")
      .pluck()
      .all(LIBRARY_LIMITS.entries + 1) as number[];
    const insert = api.platform.db.prepare("INSERT INTO library_entries (user_id, item_id, saved_at, updated_at) VALUES (?, ?, ?, ?)");
    for (const id of papers.slice(0, -1)) insert.run(user.id, id, api.now().toISOString(), api.now().toISOString());
    const full = await save(user, { item: `paper:${papers.at(-1)}` });
    expect(full.body).toMatchObject({ code: 409, message: `Your library holds at most ${LIBRARY_LIMITS.entries} items; remove some first` });
    expect(rows(user)).toBe(LIBRARY_LIMITS.entries);
    // A save of an item already there is no new entry, so a full list still answers it.
    expect((await save(user, { item: `paper:${papers[0]}` })).body.data.created).toBe(false);
  });
});

describe("one person's list is theirs", () => {
  it("another person neither reads, edits nor removes it", async () => {
    const [owner, other] = [await api.newUser(), await api.newUser()];
    const item = `paper:${seeded("paper", 4)}`;
    await save(owner, { item, note: "private thought", tags: ["mine"] });
    expect((await list(other)).body.data).toMatchObject({ total: 0, list: [], tags: [], count: 0 });
    expect((await status(other, item)).body.data).toEqual({ saved: false });
    expect((await update(other, { item, note: "changed" })).body.code).toBe(404);
    expect((await remove(other, item)).body.data).toEqual({ removed: false });
    // The other person's own save is their own row; the owner's entry is untouched.
    await save(other, { item, note: "theirs" });
    expect((await status(owner, item)).body.data.entry).toMatchObject({ note: "private thought", tags: ["mine"] });
    expect((await list(owner)).body.data.list).toHaveLength(1);
  });
});

describe("saves at once", () => {
  const nodes: EmbeddedPlatform[] = [];
  afterAll(() => {
    for (const node of nodes) node.close();
  });

  it("24 saves of one item at once, through two nodes on one file, leave one row and one created answer", async () => {
    const user = await api.newUser();
    const file = api.platform.db.name;
    const second = createEmbeddedPlatform({ file, now: api.now, captchaTestMode: true, log: () => {} });
    nodes.push(second);
    const item = `book:${seeded("book", 3)}`;
    const request = () =>
      new Request("http://embedded/api/library/save", {
        method: "POST",
        headers: { "content-type": "application/json", token: user.token, cookie: "lang=en" },
        body: JSON.stringify({ item, note: "same" }),
      });
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => (index % 2 ? second.api : api.platform.api).fetch(request(), api.ip()).then((response) => response.json())),
    );
    expect(answers.every((answer) => answer.code === 200)).toBe(true);
    expect(answers.filter((answer) => answer.data.created)).toHaveLength(1);
    expect(rows(user)).toBe(1);
  }, 60_000);
});
