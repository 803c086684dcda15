/**
 * Articles through the embedded platform's own calls: drafts that autosave and come back, release with its rules (title,
 * content and cover, risk words, rate limit), edits of a released article that readers see only once released, who
 * sees what (public, only me, followers, mutual follows) in lists, detail, search, posters, praise and comments, blocked
 * writers vanishing, and only the writer editing or removing.
 */
import { describe, expect, it } from "vitest";
import { posterSvg } from "@platform/media/index.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { plainPng } from "./image-samples";

const api = useEmbeddedPlatform("2027-04-10T02:00:00.000Z", { captchaTestMode: true });
const { call } = api;

type User = { token: string; id: number };

/** A real PNG of the cover's 750×420 (the upload decodes it; a release checks the cover's size, ADR 041). */
const PNG = (await plainPng(750, 420)).toString("base64");

async function uploadCover(user: User): Promise<string> {
  const answer = await call("/file/upload", { body: { purpose: "cover", data: PNG }, token: user.token });
  expect(answer.body.code).toBe(200);
  return answer.body.data.url;
}

const saveDraft = (user: User, body: Record<string, unknown>) => call("/essay/saveDraft", { body, token: user.token });
const release = (user: User, body: Record<string, unknown>) => call("/essay/release", { body, token: user.token });
const detail = (id: number, user?: User) => call("/essay/detail", { method: "GET", query: { id: String(id) }, token: user?.token });
const listIds = async (path: string, user?: User, query: Record<string, string> = {}) =>
  ((await call(path, { method: "GET", query: { pageSize: "50", ...query }, token: user?.token })).body.data.list as { id: number }[]).map((item) => item.id);

async function releasedEssay(writer: User, fields: Record<string, unknown> = {}): Promise<number> {
  const cover = await uploadCover(writer);
  const answer = await release(writer, { title: "货币政策的预期管理", content: "<p>预期管理的核心是 $\\pi^e$ 的锚定。</p>", cover, ...fields });
  expect(answer.body.code).toBe(200);
  return answer.body.data.id;
}

describe("the seeded articles", () => {
  it("lists released public essays, newest first, renders formulas as MathML and hides the followers-only and only-me ones", async () => {
    const latest = await call("/essay/list", { method: "GET", query: { pageSize: "20" }, lang: "zh" });
    expect(latest.body.code).toBe(200);
    expect(latest.body.data.total).toBeGreaterThanOrEqual(160);
    const titles = latest.body.data.list.map((item: { title: string }) => item.title);
    expect(titles).toContain("CAPM 还有用吗？写给刚入门的资产定价研究者");
    expect(titles.join()).not.toMatch(/仅关注者可见|仅自己可见/);
    const capm = latest.body.data.list.find((item: { title: string }) => item.title.startsWith("CAPM"));
    expect(capm).toMatchObject({ link: `/essayInfo?id=${capm.id}`, userName: "林知远", userNameEn: "Lin Zhiyuan", visibility: "public", status: "released" });
    // A scholar's essay carries the scholar's English name for English pages.
    const scholars = latest.body.data.list.filter((item: { userName: string; userNameEn: string }) => /[\u4e00-\u9fff]/.test(item.userName));
    expect(scholars.filter((item: { userNameEn: string }) => /[\u4e00-\u9fff]/.test(item.userNameEn))).toEqual([]);

    const read = await call("/essay/detail", { method: "GET", query: { id: String(capm.id) }, lang: "en" });
    expect(read.body.data.content).toContain("<math");
    expect(read.body.data.contentEn).toContain("capital asset pricing model");
    expect(read.body.data.content).toContain("资本资产定价模型");
    expect(read.body.data).toMatchObject({ mine: false, praised: false, author: { userName: "林知远", userNameEn: "Lin Zhiyuan", followed: false } });
    expect(read.body.data.editable).toBeUndefined();

    const hot = await call("/essay/hot", { method: "GET" });
    expect(hot.body.data.list.length).toBeGreaterThan(0);
    const hidden = api.platform.db.prepare("SELECT item_id FROM essays WHERE visibility <> 'public'").pluck().all() as number[];
    expect(hidden).toHaveLength(2);
    for (const id of hidden) {
      expect((await detail(id)).body.code).toBe(404);
      expect(posterSvg(api.platform.db, id)).not.toMatch(/仅|only/);
    }
  });
});

describe("drafts", () => {
  it("creates a draft with what was typed, keeps it the writer's own, and saves again into the same draft", async () => {
    const [writer, other] = [await api.newUser(), await api.newUser()];
    const draft = { title: "数字经济与劳动力市场", content: "<p>初稿<script>alert(1)</script> $x^2$</p>" };
    const first = await saveDraft(writer, draft);
    expect(first.body.data).toMatchObject({ status: "draft" });
    const id = first.body.data.id as number;
    // Each save sends the whole article, as the editor shows it.
    expect((await saveDraft(writer, { ...draft, id, intro: "平台经济下的灵活就业" })).body.data.id).toBe(id);

    const own = await detail(id, writer);
    expect(own.body.data.editable).toEqual({
      title: "数字经济与劳动力市场",
      intro: "平台经济下的灵活就业",
      content: "<p>初稿 $x^2$</p>",
      cover: "",
      visibility: "public",
    });
    expect(await listIds("/essay/drafts", writer)).toEqual([id]);
    expect((await detail(id, writer)).body.data.title).toBe("数字经济与劳动力市场");
    expect((await detail(id, other)).body.code).toBe(404);
    expect((await detail(id)).body.code).toBe(404);
    expect(await listIds("/essay/list")).not.toContain(id);
    expect((await call("/essay/drafts", { method: "GET" })).body.code).toBe(401);
    // A draft without a title yet is still named in the writer's list.
    const untitled = (await saveDraft(writer, { content: "<p>先记下一个想法</p>" })).body.data.id as number;
    const drafts = (await call("/essay/drafts", { method: "GET", token: writer.token })).body.data.list;
    expect(drafts.find((item: { id: number }) => item.id === untitled)).toMatchObject({
      title: "无标题草稿",
      titleEn: "Untitled draft",
      summary: "先记下一个想法",
    });
  });

  it("refuses another writer's edits and removal with 403, unknown ids with 404 and malformed ones with 400", async () => {
    const [writer, other] = [await api.newUser(), await api.newUser()];
    const id = (await saveDraft(writer, { title: "我的草稿" })).body.data.id as number;
    expect((await saveDraft(other, { id, title: "改掉" })).body.code).toBe(403);
    expect((await release(other, { id })).body.code).toBe(403);
    expect((await call("/essay/remove", { body: { id }, token: other.token })).body.code).toBe(403);
    expect((await detail(id, writer)).body.data.title).toBe("我的草稿");
    expect((await saveDraft(writer, { id: 99_999_999 })).body.code).toBe(404);
    for (const bad of ["abc", -1, 1.5, "1 OR 1=1"]) expect((await saveDraft(writer, { id: bad })).body.code).toBe(400);
    for (const bad of [[id], true]) expect((await call("/essay/remove", { body: { id: bad }, token: writer.token })).body.code).toBe(400);
    expect((await saveDraft(writer, { visibility: "everyone" })).body.code).toBe(400);
    expect((await saveDraft(writer, { cover: "javascript:alert(1)" })).body.code).toBe(400);
    expect((await saveDraft(writer, { title: 42 })).body.code).toBe(400);
    expect((await detail(Number.NaN)).body.code).toBe(400);
    expect((await call("/essay/detail", { method: "GET", query: { id: "x" } })).body.code).toBe(400);
  });
});

describe("release", () => {
  it("needs title, content and cover, refuses risk words naming them and keeps the draft as it was", async () => {
    const writer = await api.newUser();
    const id = (await saveDraft(writer, { title: "论文写作经验", content: "<p><br></p>" })).body.data.id as number;
    const empty = await release(writer, { id });
    expect(empty.body).toMatchObject({ code: 400, message: "title/content/cover cannot be empty" });
    const emptyZh = await call("/essay/release", { body: { id }, token: writer.token, lang: "zh" });
    expect(emptyZh.body.message).toBe("标题/内容/封面不能为空");

    const cover = await uploadCover(writer);
    const risky = await release(writer, { id, title: "论文写作经验", cover, content: "<p>我们提供<b>代写</b>论文服务</p>" });
    expect(risky.body.code).toBe(400);
    expect(risky.body.data.word).toBe("代写论文");
    expect((await detail(id, writer)).body.data).toMatchObject({ status: "draft" });

    const gone = await release(writer, {
      id,
      title: "论文写作经验",
      cover: "/api/file/download?name=0123456789abcdef0123456789abcdef.png",
      content: "<p>正文</p>",
    });
    expect(gone.body.code).toBe(400);

    const released = await release(writer, { id, title: "论文写作经验", cover, content: "<p>先写方法，再写引言。</p>", visibility: "public" });
    expect(released.body.data).toMatchObject({ id, status: "released" });
    expect(await listIds("/essay/list")).toContain(id);
    expect(await listIds("/essay/mine", writer)).toEqual([id]);
    expect(await listIds("/essay/drafts", writer)).toEqual([]);
  });

  it("keeps a released essay as readers saw it while the writer edits, until the next release", async () => {
    const [writer, reader] = [await api.newUser(), await api.newUser()];
    const id = await releasedEssay(writer);
    const revised = { ...(await detail(id, writer)).body.data.editable, id, title: "货币政策的预期管理（修订）" };
    expect((await saveDraft(writer, revised)).body.data.status).toBe("released");
    expect((await detail(id, reader)).body.data.title).toBe("货币政策的预期管理");
    const own = await detail(id, writer);
    expect(own.body.data).toMatchObject({ title: "货币政策的预期管理", hasPendingEdits: true, editable: { title: "货币政策的预期管理（修订）" } });
    expect((await release(writer, { id })).body.code).toBe(400);
    expect((await release(writer, revised)).body.code).toBe(200);
    expect((await detail(id, reader)).body.data).toMatchObject({ title: "货币政策的预期管理（修订）", hasPendingEdits: false });
  });

  it("limits releases per writer", async () => {
    const writer = await api.newUser();
    const cover = await uploadCover(writer);
    const answers = [];
    for (let index = 0; index < 11; index++) answers.push((await release(writer, { title: `短评 ${index}`, content: "<p>正文</p>", cover })).body.code);
    expect(answers.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("limits new drafts per writer, even when each is removed at once, but never saving the same draft again", async () => {
    const writer = await api.newUser();
    const codes: number[] = [];
    let last = 0;
    for (let index = 0; index < 31; index++) {
      const saved = await saveDraft(writer, { title: `草稿 ${index}` });
      codes.push(saved.body.code);
      if (saved.body.code !== 200) break;
      last = saved.body.data.id;
      if (index < 29) await call("/essay/remove", { body: { id: last }, token: writer.token });
    }
    expect(codes).toEqual([...Array(30).fill(200), 429]);
    expect((await saveDraft(writer, { id: last, title: "仍可继续保存" })).body.code).toBe(200);
  });

  it("removes the writer's own essay from every list and page", async () => {
    const [writer, reader] = [await api.newUser(), await api.newUser()];
    const id = await releasedEssay(writer);
    expect((await call("/collect/doCollect", { body: { id }, token: reader.token })).body.data.collected).toBe(true);
    expect((await call("/essay/remove", { body: { id }, token: writer.token })).body.code).toBe(200);
    expect((await detail(id, writer)).body.code).toBe(404);
    expect(await listIds("/essay/list")).not.toContain(id);
    expect(await listIds("/essay/mine", writer)).not.toContain(id);
    expect(await listIds("/collect/list", reader)).not.toContain(id);
    expect((await call("/essay/remove", { body: { id }, token: writer.token })).body.code).toBe(404);
  });
});

describe("visibility", () => {
  it("shows a followers-only essay to the writer and followers only: lists, detail, search, praise and comments", async () => {
    const [writer, follower, stranger] = [await api.newUser(), await api.newUser(), await api.newUser()];
    await call("/follow/doFollow", { body: { userId: writer.id }, token: follower.token });
    const id = await releasedEssay(writer, { title: "关注者专享：利率走廊的新证据", visibility: "followers" });

    for (const user of [writer, follower]) {
      expect(await listIds("/essay/list", user)).toContain(id);
      expect((await detail(id, user)).body.code).toBe(200);
    }
    expect(await listIds("/essay/list", stranger)).not.toContain(id);
    expect(await listIds("/essay/list")).not.toContain(id);
    expect(await listIds("/essay/hot", stranger, { pageSize: "50" })).not.toContain(id);
    expect((await detail(id, stranger)).body.code).toBe(404);
    expect((await detail(id)).body.code).toBe(404);
    const search = await call("/search", { method: "GET", query: { keyword: "利率走廊的新证据" }, token: stranger.token });
    expect(search.body.data.list.map((item: { id: number }) => item.id)).not.toContain(id);
    expect((await call("/praise/doPraise", { body: { id }, token: stranger.token })).body.code).toBe(404);
    expect((await call("/praise/doPraise", { body: { id }, token: follower.token })).body.data.praised).toBe(true);
    for (const bad of [[id], true]) expect((await call("/collect/doCollect", { body: { id: bad }, token: follower.token })).body.code).toBe(404);
    expect((await call("/comment/list", { method: "GET", query: { kind: "essay", targetId: String(id) }, token: stranger.token })).body.code).toBe(404);
    const comment = await call("/comment/add", { body: { kind: "essay", targetId: id, content: "很有启发" }, token: follower.token });
    expect(comment.body.code).toBe(200);
    expect((await detail(id, writer)).body.data.commentCount).toBe(1);
    expect(posterSvg(api.platform.db, id)).not.toContain("利率走廊");
  });

  it("shows an only-me essay to nobody else, and a mutual one only when both follow each other", async () => {
    const [writer, friend] = [await api.newUser(), await api.newUser()];
    const onlyMe = await releasedEssay(writer, { title: "只给自己看", visibility: "self" });
    const mutual = await releasedEssay(writer, { title: "互相关注可见", visibility: "mutual" });
    await call("/follow/doFollow", { body: { userId: writer.id }, token: friend.token });
    expect((await detail(onlyMe, friend)).body.code).toBe(404);
    expect((await detail(mutual, friend)).body.code).toBe(404);
    await call("/follow/doFollow", { body: { userId: friend.id }, token: writer.token });
    expect((await detail(mutual, friend)).body.code).toBe(200);
    expect((await detail(onlyMe, friend)).body.code).toBe(404);
    expect(await listIds("/essay/mine", writer)).toEqual([mutual, onlyMe]);
  });

  it("keeps a followers-only essay from a follower the writer blocked, who cannot follow again", async () => {
    const [writer, follower] = [await api.newUser(), await api.newUser()];
    await call("/follow/doFollow", { body: { userId: writer.id }, token: follower.token });
    const id = await releasedEssay(writer, { title: "关注者专享：拉黑之后", visibility: "followers" });
    expect((await detail(id, follower)).body.code).toBe(200);
    await call("/userBlack/add", { body: { userId: follower.id }, token: writer.token });
    expect((await detail(id, follower)).body.code).toBe(404);
    const again = await call("/follow/doFollow", { body: { userId: writer.id }, token: follower.token });
    expect(again.body.code).toBe(403);
    expect((await detail(id, follower)).body.code).toBe(404);
    expect(await listIds("/essay/list", follower)).not.toContain(id);
    await call("/userBlack/remove", { body: { userId: follower.id }, token: writer.token });
    expect((await call("/follow/doFollow", { body: { userId: writer.id }, token: follower.token })).body.data.followed).toBe(true);
    expect((await detail(id, follower)).body.code).toBe(200);
  });

  it("makes a blocked writer's essays vanish from the blocker's lists", async () => {
    const [writer, reader] = [await api.newUser(), await api.newUser()];
    const id = await releasedEssay(writer);
    expect(await listIds("/essay/list", reader)).toContain(id);
    expect((await call("/userBlack/add", { body: { userId: writer.id }, token: reader.token })).body.code).toBe(200);
    expect(await listIds("/essay/list", reader)).not.toContain(id);
    expect(await listIds("/essay/list")).toContain(id);
    expect((await detail(id, reader)).body.data.author.blocked).toBe(true);
  });
});

describe("query plans", () => {
  it("finds one writer's released essays through an index on the writer, not by walking every released essay", () => {
    const plan = api.platform.db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT e.item_id FROM essays e WHERE e.user_id = @viewer AND e.status = 'released' ORDER BY e.released_at DESC, e.item_id DESC LIMIT 10",
      )
      .all({ viewer: 1 }) as { detail: string }[];
    expect(plan.map((step) => step.detail).join("\n")).toMatch(/USING (COVERING )?INDEX essays_writer_released \(user_id=\? AND status=\?\)/);
  });
});

describe("bad input", () => {
  it("answers malformed bodies and ids with 400 or 404, never a failure of the server", async () => {
    const writer = await api.newUser();
    const bodies: Record<string, unknown>[] = [
      { id: [] },
      { id: {} },
      { id: 1e20 },
      { id: "0x10" },
      { title: ["数组"] },
      { content: { html: "<p>x</p>" } },
      { visibility: null },
      { cover: 5 },
      { intro: "长".repeat(201) },
      { title: "字".repeat(51) },
      { constructor: "x", __proto__: { admin: true } },
    ];
    for (const path of ["/essay/saveDraft", "/essay/release", "/essay/remove"]) {
      for (const body of bodies) {
        const answer = await call(path, { body, token: writer.token });
        expect([400, 404], `${path} ${JSON.stringify(body)}`).toContain(answer.body.code);
      }
    }
    for (const id of ["", "0", "-1", "1e400", "NaN", "9007199254740993", "1.0e1"]) {
      expect([400, 404]).toContain((await call("/essay/detail", { method: "GET", query: { id } })).body.code);
    }
    const pagings: Record<string, string>[] = [{ pageNum: "-5" }, { pageSize: "100000" }, { pageNum: "x" }];
    for (const query of pagings) {
      expect((await call("/essay/list", { method: "GET", query })).body.code).toBe(200);
    }
  });
});
