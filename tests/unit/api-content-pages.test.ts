/**
 * The embedded API behind the content pages: type filters, details with counters and the viewer's own state,
 * specials, related lists, lecture notes, search with per-type counts and hot keywords, praise and collect toggles,
 * video comments (validated, login-gated, own-only deletion), and the share signature.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { SEEDED_VIDEO_URL } from "@platform/content/engagement-seed.server";
import { answerChecker } from "./contract-fixture";

interface Envelope {
  code: number;
  message: string;
  data?: any;
}

let directory: string;
let platform: EmbeddedPlatform;
const now = () => new Date("2027-01-10T00:00:00Z");

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "content-pages-"));
  platform = createEmbeddedPlatform({ file: join(directory, "platform.sqlite"), now, log: () => {}, captchaTestMode: true });
}, 60_000);

afterAll(() => {
  platform?.close();
  rmSync(directory, { recursive: true, force: true });
});

const checkAnswer = answerChecker();

async function call(path: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Envelope> {
  const response = await platform.api.fetch(
    new Request(`http://embedded/api${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(params) }),
  );
  const answer = (await response.json()) as Envelope;
  checkAnswer("POST", path, answer);
  return answer;
}

async function data(path: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const answer = await call(path, params, headers);
  expect(answer.code, `${path}: ${answer.message}`).toBe(200);
  return answer.data;
}

/** Logs a new phone user in through the SMS-code flow and returns their token. */
async function login(phone: string): Promise<string> {
  expect((await call("/web/sendMessageWithCaptcha", { randStr: "test-rand-str", ticket: "any", phoneNum: phone, prefix: "86" })).code).toBe(200);
  const code = platform.db.prepare("SELECT code FROM outbox WHERE recipient LIKE ? ORDER BY id DESC LIMIT 1").pluck().get(`%${phone}`) as string;
  const answer = await call("/web/loginMessage", { userName: phone, mobilePrefix: "86", smsVerifyCode: code, uuid: "unit", sourceUrl: "/home" });
  expect(answer.code, answer.message).toBe(1);
  return answer.data.token as string;
}

const firstVideo = async () => (await data("/video/list", { pageSize: 1 })).list[0] as { id: number; title: string };

describe("type filters", () => {
  it("/video/types and /report/getTypeTag list named types in both languages", async () => {
    for (const path of ["/video/types", "/report/getTypeTag"]) {
      const { list } = await data(path);
      expect(list.length).toBeGreaterThanOrEqual(4);
      for (const type of list) {
        expect(type.id).toBeGreaterThan(0);
        expect(type.name).toMatch(/[\u4e00-\u9fff]/);
        expect(type.nameEn).toMatch(/[A-Za-z]/);
      }
    }
  });

  it("typeId narrows /video/list and /report/getList, and the types split the items between them", async () => {
    for (const [typesPath, listPath] of [
      ["/video/types", "/video/list"],
      ["/report/getTypeTag", "/report/getList"],
    ]) {
      const all = (await data(listPath)).total as number;
      let sum = 0;
      for (const type of (await data(typesPath)).list) {
        const page = await data(listPath, { typeId: type.id, pageSize: 50 });
        expect(page.total, `${listPath} type ${type.id}`).toBeGreaterThan(0);
        expect(page.total).toBeLessThan(all);
        for (const item of page.list.slice(0, 5))
          expect((await data(listPath === "/video/list" ? "/video/getVideoDetail" : "/mpPaper/detail", { id: item.id })).typeId).toBe(type.id);
        sum += page.total;
      }
      expect(sum).toBe(all);
    }
  });
});

describe("details", () => {
  it("a video has its file, special, counters and comment count; a visitor has neither praised nor collected", async () => {
    const video = await data("/video/getVideoDetail", { id: (await firstVideo()).id });
    expect(video.videoUrl).toBe(SEEDED_VIDEO_URL);
    expect(video.docLink).toBe(`/videoDoc?id=${video.id}`);
    expect(video.typeName).toMatch(/\S/);
    expect(video.commentCount).toBe(0);
    expect(video).toMatchObject({ praised: false, collected: false });
    expect(typeof video.praiseCount).toBe("number");
    const special = await data("/video/getVideoSpecialDetail", { id: video.specialId });
    expect(special.kind).toBe("videoSpecial");
    expect(special.videoCount).toBe(10);
    const inSpecial = await data("/video/getVideoListInSpecial", { id: video.specialId, pageSize: 50 });
    expect(inSpecial.total).toBe(10);
    expect(inSpecial.list.map((item: { id: number }) => item.id)).toContain(video.id);
    const ids = inSpecial.list.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
  });

  it("details answer only their own kinds, and refuse bad ids", async () => {
    const video = await firstVideo();
    expect((await call("/mpPaper/detail", { id: video.id })).code).toBe(404);
    expect((await call("/booksDetail", { id: video.id })).code).toBe(404);
    expect((await call("/video/getVideoDetail", { id: "abc" })).code).toBe(400);
    expect((await call("/video/getVideoDetail", { id: -1 })).code).toBe(400);
    const book = (await data("/books", { pageSize: 1 })).list[0];
    expect((await data("/booksDetail", { id: book.id })).title).toBe(book.title);
  });

  it("related lists share the item's topic and leave the item out", async () => {
    const video = await data("/video/getVideoDetail", { id: (await firstVideo()).id });
    const related = await data("/video/getRecommendVideoInDetail", { id: video.id });
    expect(related.list.length).toBeGreaterThan(0);
    expect(related.list.length).toBeLessThanOrEqual(6);
    for (const item of related.list) {
      expect(item.id).not.toBe(video.id);
      expect((await data("/video/getVideoDetail", { id: item.id })).topic).toBe(video.topic);
    }
    const paper = (await data("/mpPaper/searchAll", { pageSize: 1 })).list[0];
    const docs = await data("/recommend/relatedDocs", { id: paper.id });
    expect(docs.list.length).toBeGreaterThan(0);
    expect(docs.list.every((item: { id: number; kind: string }) => item.id !== paper.id && ["paper", "report", "book"].includes(item.kind))).toBe(true);
    const specials = await data("/video/getRecommendSpecialInDetail", { id: video.id });
    expect(specials.list.length).toBeGreaterThan(0);
    expect(specials.list.every((item: { kind: string }) => item.kind === "videoSpecial")).toBe(true);
  });

  it("/video/getVideoDoc gives the lecture notes in both languages and readings on the video's topic", async () => {
    const video = await data("/video/getVideoDetail", { id: (await firstVideo()).id });
    const doc = await data("/video/getVideoDoc", { id: video.id });
    expect(doc.title).toBe(video.title);
    expect(doc.notes.length).toBe(4);
    for (const note of doc.notes) {
      expect(note.heading).toMatch(/[\u4e00-\u9fff]/);
      expect(note.headingEn).toMatch(/[A-Za-z]/);
      expect(note.text.length).toBeGreaterThan(10);
      expect(note.textEn.length).toBeGreaterThan(10);
    }
    expect(doc.papers.length).toBeGreaterThan(0);
    expect(doc.papers.every((paper: { topic: string }) => paper.topic === video.topic)).toBe(true);
    expect((await call("/video/getVideoDoc", { id: (await data("/books", { pageSize: 1 })).list[0].id })).code).toBe(404);
  });
});

describe("search", () => {
  it("/commonSearc/all finds by keyword per type and counts every type", async () => {
    const all = await data("/commonSearc/all", { searchType: 0, keyword: "货币政策" });
    expect(all.keyword).toBe("货币政策");
    expect(Object.keys(all.counts).sort()).toEqual(["0", "1", "3", "4", "audio", "circle", "essay", "job", "people", "qa"]);
    expect(all.total).toBe(all.counts["0"]);
    for (const [type, kinds] of [
      ["1", ["paper", "report", "book"]],
      ["3", ["live", "meeting"]],
      ["4", ["video", "videoSpecial"]],
    ] as const) {
      const page = await data("/commonSearc/all", { searchType: type, keyword: "货币政策", pageSize: 50 });
      expect(page.total, `type ${type}`).toBe(all.counts[type]);
      expect(page.total).toBeGreaterThan(0);
      for (const item of page.list) {
        expect(kinds).toContain(item.kind);
        expect(`${item.title} ${item.summary}`).toContain("货币政策");
      }
    }
    expect(all.counts["1"] + all.counts["3"] + all.counts["4"]).toBeLessThanOrEqual(all.counts["0"]);
  });

  it("an empty keyword finds nothing; a bad searchType is refused", async () => {
    const empty = await data("/commonSearc/all", { searchType: 1, keyword: "   " });
    expect(empty).toMatchObject({ list: [], total: 0, counts: { "0": 0, "1": 0, "3": 0, "4": 0 } });
    for (const searchType of [2, "constructor", "__proto__"]) expect((await call("/commonSearc/all", { searchType, keyword: "金融" })).code).toBe(400);
    expect((await data("/commonSearc/all", { keyword: "zzzz-nothing-matches" })).total).toBe(0);
  });

  it("hot keywords start from the seeded topics and count searches that found something", async () => {
    const before = (await data("/article/keyWords")).list as { keyword: string; keywordEn: string; searchCount: number }[];
    expect(before).toHaveLength(10);
    expect(before[0].keywordEn).toMatch(/[A-Za-z]/);
    const counts = before.map((entry) => entry.searchCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const target = before[5];
    await data("/commonSearc/all", { keyword: target.keyword });
    await data("/commonSearc/all", { keyword: target.keyword, pageNum: 2 });
    await data("/commonSearc/all", { keyword: "zzzz-nothing-matches" });
    const after = (await data("/article/keyWords", { pageSize: 50 })).list as typeof before;
    expect(after.find((entry) => entry.keyword === target.keyword)?.searchCount).toBe(target.searchCount + 1);
    expect(after.some((entry) => entry.keyword === "zzzz-nothing-matches")).toBe(false);
  });

  it("/article/searchByAuthor lists the scholar's own papers, in the scholar's field", async () => {
    const scholars = (await data("/author/operationAuthorList", { pageSize: 20 })).list;
    for (const scholar of scholars) {
      const works = await data("/article/searchByAuthor", { authorCode: scholar.authorCode, pageSize: 50 });
      expect(works.total, scholar.authorCode).toBeGreaterThan(0);
      for (const paper of works.list) {
        expect(paper.authors.map((author: { authorCode?: string }) => author.authorCode)).toContain(scholar.authorCode);
        expect(paper.authorName).toContain(scholar.authorName);
        expect(paper.topic).toBe(scholar.researchField);
      }
    }
    expect((await call("/article/searchByAuthor", { authorCode: "nobody" })).code).toBe(404);
  });

  it("seeded papers have an abstract, keywords, JEL codes and authors; titles never repeat a word", async () => {
    const papers = (await data("/mpPaper/searchAll", { pageSize: 50 })).list;
    expect(new Set(papers.map((paper: { summary: string }) => paper.summary)).size).toBe(papers.length);
    for (const paper of papers) {
      expect(paper.summary).not.toContain("主讲");
      expect(paper.summary.length).toBeGreaterThan(60);
      expect(paper.summaryEn).toMatch(/^[A-Z].*\.$/);
      expect(paper.keywords.length).toBe(paper.keywordsEn.length);
      for (const code of paper.jel) expect(code).toMatch(/^[A-Z]\d\d$/);
      expect(paper.authors.length).toBeGreaterThan(0);
    }
    const lives = (await data("/plan/list", { pageSize: 50 })).list;
    for (const item of [...papers, ...lives]) {
      expect(item.title).not.toMatch(/(方法|与).*\1/);
      const words = item.titleEn.toLowerCase().match(/[a-z]{4,}/g) ?? [];
      expect(new Set(words).size, item.titleEn).toBe(words.length);
    }
  });
});

describe("praise and collect", () => {
  it("need login, toggle, count, and show in the viewer's details", async () => {
    const video = await firstVideo();
    expect((await call("/praise/doPraise", { id: video.id })).code).toBe(401);
    expect((await call("/collect/doCollect", { id: video.id })).code).toBe(401);
    const token = await login("13800001111");
    const before = await data("/video/getVideoDetail", { id: video.id }, { token });
    expect(before).toMatchObject({ praised: false, collected: false });

    const praised = await data("/praise/doPraise", { id: video.id }, { token });
    expect(praised).toEqual({ id: video.id, praised: true, praiseCount: before.praiseCount + 1 });
    const collected = await data("/collect/doCollect", { id: video.id }, { token });
    expect(collected).toEqual({ id: video.id, collected: true, collectCount: before.collectCount + 1 });
    expect(await data("/video/getVideoDetail", { id: video.id }, { token })).toMatchObject({
      praised: true,
      collected: true,
      praiseCount: before.praiseCount + 1,
    });
    // another viewer sees the counts but not this viewer's state
    expect(await data("/video/getVideoDetail", { id: video.id })).toMatchObject({ praised: false, collected: false, collectCount: before.collectCount + 1 });

    expect(await data("/praise/doPraise", { id: video.id }, { token })).toEqual({ id: video.id, praised: false, praiseCount: before.praiseCount });
    expect(await data("/collect/doCollect", { id: video.id }, { token })).toEqual({ id: video.id, collected: false, collectCount: before.collectCount });
    expect((await call("/praise/doPraise", { id: 99_999_999 }, { token })).code).toBe(404);
  });
});

describe("video comments", () => {
  it("a signed-in viewer posts, lists and deletes their own comment; others cannot delete it", async () => {
    const video = await firstVideo();
    expect((await call("/video/addVideoComment", { videoId: video.id, content: "好" })).code).toBe(401);
    const author = await login("13800002222");
    const posted = await data("/video/addVideoComment", { videoId: video.id, content: "  讲得很清楚，谢谢老师！ " }, { token: author });
    expect(posted).toMatchObject({ videoId: video.id, content: "讲得很清楚，谢谢老师！", userName: "用户2222" });
    const list = await data("/video/videoCommentList", { videoId: video.id });
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: posted.id, content: "讲得很清楚，谢谢老师！" });
    expect((await data("/video/getVideoDetail", { id: video.id })).commentCount).toBe(1);

    const other = await login("13800003333");
    expect((await call("/video/delVideoComment", { id: posted.id }, { token: other })).code).toBe(403);
    expect((await call("/video/delVideoComment", { id: posted.id })).code).toBe(401);
    expect((await data("/video/delVideoComment", { id: posted.id }, { token: author })).id).toBe(posted.id);
    expect((await data("/video/videoCommentList", { videoId: video.id })).total).toBe(0);
    expect((await call("/video/delVideoComment", { id: posted.id }, { token: author })).code).toBe(404);
  });

  it("validates the text with the form schema: required, at most 500 characters, in the caller's language", async () => {
    const video = await firstVideo();
    const token = await login("13800004444");
    const empty = await call("/video/addVideoComment", { videoId: video.id, content: "   " }, { token });
    expect(empty.code).toBe(400);
    expect(empty.message).toBe("请输入评论内容");
    expect(empty.data.fields).toEqual({ content: "video:comment.required" });
    const long = await call("/video/addVideoComment", { videoId: video.id, content: "长".repeat(501) }, { token, lang: "en" });
    expect(long).toMatchObject({ code: 400, message: "A comment can have at most 500 characters" });
    expect((await data("/video/addVideoComment", { videoId: video.id, content: "长".repeat(500) }, { token })).content).toHaveLength(500);
    const paper = (await data("/mpPaper/searchAll", { pageSize: 1 })).list[0];
    expect((await call("/video/addVideoComment", { videoId: paper.id, content: "hello" }, { token })).code).toBe(404);
    expect((await call("/video/videoCommentList", { videoId: "x" })).code).toBe(400);
  });

  it("limits how often one user comments", async () => {
    const video = await firstVideo();
    const token = await login("13800005555");
    const codes: number[] = [];
    for (let index = 0; index < 7; index++) codes.push((await call("/video/addVideoComment", { videoId: video.id, content: `第${index}条` }, { token })).code);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it("limits how often one address comments, over all its accounts, without using up a refused user's own quota", async () => {
    const video = await firstVideo();
    const accepted = () => platform.db.prepare("SELECT COUNT(*) FROM rate_events WHERE bucket = 'comment-ip:127.0.0.1'").pluck().get() as number;
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, index) => login(`1380000600${index}`)));
    const answers: number[] = [];
    for (const token of tokens)
      for (let index = 0; index < 5; index++)
        answers.push((await call("/video/addVideoComment", { videoId: video.id, content: `第${index}条` }, { token })).code);
    expect(answers).toContain(429);
    expect(accepted()).toBe(30);
    const lastId = platform.db.prepare("SELECT id FROM users WHERE user_name = '13800006007'").pluck().get();
    expect(platform.db.prepare("SELECT COUNT(*) FROM rate_events WHERE bucket = ?").pluck().get(`comment:${lastId}`)).toBe(0);
  });
});

describe("/wechat/getShare", () => {
  it("signs the page URL without its fragment, as the messaging app's SDK checks it", async () => {
    const answer = await data("/wechat/getShare", { url: "http://localhost:3000/videoDetail?id=5#comments" });
    expect(answer.url).toBe("http://localhost:3000/videoDetail?id=5");
    expect(answer.appId).toMatch(/\S/);
    expect(answer.nonceStr).toMatch(/^[0-9a-f]{16}$/);
    expect(answer.timestamp).toBe(Math.floor(now().getTime() / 1000));
    expect(answer.signature).toMatch(/^[0-9a-f]{40}$/);
    const again = await data("/wechat/getShare", { url: "http://localhost:3000/videoDetail?id=5" });
    expect(again.signature).not.toBe(answer.signature);
  });

  it("refuses what is not an http(s) URL", async () => {
    for (const url of ["", "javascript:alert(1)", "not a url", `http://x/${"a".repeat(600)}`])
      expect((await call("/wechat/getShare", { url })).code, url).toBe(400);
  });
});
