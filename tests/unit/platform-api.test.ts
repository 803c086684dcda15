import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { answerChecker } from "./contract-fixture";
import { createRouter } from "@platform/kernel/router.server";
import { posterSvg, wrapTitle } from "@platform/media/index.server";
import { CAMPAIGN_PLAN_COUNT } from "@platform/specials/index.server";

/** The content seed's 240 live plans and the sessions of the campaign specials. */
const LIVE_PLANS = 240 + CAMPAIGN_PLAN_COUNT;

interface Item {
  id: number;
  kind: string;
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  status: number;
  link: string;
  cover: string;
}
interface Page {
  list: Item[];
  total: number;
  pageNum: number;
  pageSize: number;
}

let directory: string;
let file: string;
let platform: EmbeddedPlatform;
const now = () => new Date("2027-01-10T00:00:00Z");

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "platform-"));
  file = join(directory, "nested", "platform.sqlite");
  platform = createEmbeddedPlatform({ file, now, log: () => {} });
}, 60_000);

afterAll(() => {
  platform?.close();
  rmSync(directory, { recursive: true, force: true });
});

const checkAnswer = answerChecker();

async function call(path: string, params?: Record<string, unknown>, init: RequestInit = {}) {
  const method = init.method ?? "POST";
  const request = new Request(`http://embedded/api${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: method === "GET" ? undefined : JSON.stringify(params ?? {}),
    ...init,
  });
  const response = await platform.api.fetch(request);
  const text = await response.text();
  const body = JSON.parse(text) as { code: number; message: string; data?: any };
  checkAnswer(method, path, body);
  return { status: response.status, text, body };
}

const page = async (path: string, params?: Record<string, unknown>) => {
  const { body } = await call(path, params);
  expect(body.code, body.message).toBe(200);
  return body.data as Page;
};

const counts = (db: EmbeddedPlatform["db"]) =>
  db.prepare("SELECT kind, COUNT(*) AS n FROM items GROUP BY kind ORDER BY kind").all() as { kind: string; n: number }[];

describe("createEmbeddedPlatform", () => {
  it("seeds a new database on first open, and not again on reopen; data survives restarts", () => {
    const other = join(directory, "restart.sqlite");
    const log = vi.fn();
    const first = createEmbeddedPlatform({ file: other, now, log });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/^seeded .*restart\.sqlite: /);
    const before = counts(first.db);
    expect(before.find((row) => row.kind === "live")?.n).toBe(LIVE_PLANS);
    expect(before.find((row) => row.kind === "banner")?.n).toBe(5);
    const scholars = first.db.prepare("SELECT COUNT(*) FROM scholars").pluck().get();
    first.db.prepare("UPDATE items SET title = ? WHERE id = 1").run("重启之后仍在");
    first.close();

    const reopenLog = vi.fn();
    const second = createEmbeddedPlatform({ file: other, now, log: reopenLog });
    try {
      expect(reopenLog).not.toHaveBeenCalled();
      expect(counts(second.db)).toEqual(before);
      expect(second.db.prepare("SELECT COUNT(*) FROM scholars").pluck().get()).toBe(scholars);
      expect(second.db.prepare("SELECT title FROM items WHERE id = 1").pluck().get()).toBe("重启之后仍在");
      const migrations = second.db.prepare("SELECT name FROM schema_migrations ORDER BY name").pluck().all() as string[];
      expect(migrations[0]).toBe("001-content.sql");
      expect(new Set(migrations).size).toBe(migrations.length);
    } finally {
      second.close();
    }
  }, 60_000);
});

describe("content API", () => {
  it("/banner/list answers the banners in both languages with links and covers", async () => {
    const data = await page("/banner/list");
    expect(data.total).toBe(5);
    expect(data.list).toHaveLength(5);
    for (const banner of data.list) {
      expect(banner.kind).toBe("banner");
      expect(banner.title).toMatch(/\S/);
      expect(banner.titleEn).toMatch(/[A-Za-z]/);
      expect(banner.link).toMatch(/^\//);
      expect(banner.cover).toBe(`/media/poster/${banner.id}.svg`);
    }
  });

  it("draws banners as 2:1 art whose text keeps clear of the carousel's dots, and other posters as 16:9", async () => {
    const [banner] = (await page("/banner/list")).list;
    const [paper] = (await page("/mpPaper/searchAll", { pageSize: 1 })).list;
    const bannerSvg = posterSvg(platform.db, banner.id)!;
    expect(bannerSvg).toContain('viewBox="0 0 720 360"');
    const baselines = [...bannerSvg.matchAll(/<text[^>]* y="(\d+)"/g)].map((match) => Number(match[1]));
    expect(baselines.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...baselines)).toBeLessThanOrEqual(360 - 360 / 6);
    expect(bannerSvg).not.toContain(">BANNER<");
    const paperSvg = posterSvg(platform.db, paper.id)!;
    expect(paperSvg).toContain('viewBox="0 0 640 360"');
    expect(paperSvg).toContain(">PAPER<");
  });

  it("draws the art in the viewer's language only: the Chinese title on Chinese pages, the English one on English pages", async () => {
    const [banner] = (await page("/banner/list")).list;
    const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]).join(" ");
    const zh = texts(posterSvg(platform.db, banner.id, "zh")!);
    const en = texts(posterSvg(platform.db, banner.id, "en")!);
    expect(zh.replace(/\s/g, "")).toBe(banner.title.replace(/\s/g, ""));
    expect(zh).not.toMatch(/[A-Za-z]{3}/);
    expect(
      en
        .replace(/…$/, "")
        .split(/\s+/)
        .every((word) => banner.titleEn.includes(word)),
    ).toBe(true);
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("breaks titles only where a word ends, in balanced lines, and marks a cut with …", () => {
    expect(wrapTitle("2027 中国金融学年会开放报名", "zh", 12, 2)).toEqual(["2027 中国金融", "学年会开放报名"]);
    for (const line of wrapTitle("Is the CAPM still useful? A note for new asset-pricing researchers", "en", 14, 3)) expect(line).not.toMatch(/^[?.,]/);
    for (const line of wrapTitle("资产定价还需要CAPM吗？写给新入门的研究者，以及他们的导师", "zh", 9, 4)) expect(line).not.toMatch(/^[？，]/);
    for (const line of wrapTitle("数字金融与普惠金融研究前沿讲座", "zh", 12, 2)) expect(line.endsWith("金")).toBe(false);
    expect(wrapTitle("China Finance Annual Meeting 2027: registration opens", "en", 14, 3)).toEqual([
      "China Finance Annual",
      "Meeting 2027:",
      "registration opens",
    ]);
    expect(wrapTitle("Frontiers of Digital Finance and Financial Inclusion: A Lecture Series on Methods", "en", 14, 3).at(-1)).toMatch(/…$/);
    expect(wrapTitle("短标题", "zh", 12, 2)).toEqual(["短标题"]);
  });

  it("answers with the same envelope without the /api prefix and for GET", async () => {
    const response = await platform.api.fetch(new Request("http://embedded/banner/list?pageSize=2"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { code: number; data: Page };
    expect(body.code).toBe(200);
    expect(body.data.list).toHaveLength(5);
  });

  it("/plan/list pages with pageNum and pageSize and reports the total", async () => {
    const first = await page("/plan/list", { pageNum: 1, pageSize: 7 });
    const second = await page("/plan/list", { pageNum: 2, pageSize: 7 });
    expect(first).toMatchObject({ total: LIVE_PLANS, pageNum: 1, pageSize: 7 });
    expect(second).toMatchObject({ total: LIVE_PLANS, pageNum: 2, pageSize: 7 });
    expect(first.list).toHaveLength(7);
    expect(second.list).toHaveLength(7);
    const ids = new Set([...first.list, ...second.list].map((item) => item.id));
    expect(ids.size).toBe(14);

    const pages = Math.ceil(LIVE_PLANS / 10);
    const last = await page("/plan/list", { pageNum: pages, pageSize: 10 });
    expect(last.list).toHaveLength(LIVE_PLANS - (pages - 1) * 10);
    expect((await page("/plan/list", { pageNum: pages + 1, pageSize: 10 })).list).toHaveLength(0);
    const all = new Set<number>();
    for (let pageNum = 1; pageNum <= Math.ceil(LIVE_PLANS / 50); pageNum++)
      for (const item of (await page("/plan/list", { pageNum, pageSize: 50 })).list) all.add(item.id);
    expect(all.size).toBe(LIVE_PLANS);
  });

  it("defaults and clamps paging values", async () => {
    expect(await page("/plan/list")).toMatchObject({ pageNum: 1, pageSize: 10 });
    expect(await page("/plan/list", { pageSize: 1000 })).toMatchObject({ pageSize: 50 });
    expect(await page("/plan/list", { pageNum: -3, pageSize: "abc" })).toMatchObject({ pageNum: 1, pageSize: 10 });
    expect((await page("/plan/list", { pageSize: 1000 })).list).toHaveLength(50);
  });

  it("filters /plan/list by status, with every live state 0-4 present", async () => {
    let sum = 0;
    for (const status of [0, 1, 2, 3, 4]) {
      const data = await page("/plan/list", { status, pageSize: 50 });
      expect(data.total, `status ${status}`).toBeGreaterThan(0);
      expect(data.list.length).toBeGreaterThan(0);
      expect(data.list.every((item) => item.status === status)).toBe(true);
      sum += data.total;
    }
    expect(sum).toBe(LIVE_PLANS);
    const living = await page("/plan/list", { status: 2 });
    const upcoming = await page("/plan/list", { status: 1 });
    const both = await page("/plan/list", { status: "1,2", pageSize: 50 });
    expect(both.total).toBe(living.total + upcoming.total);
    expect(both.list.every((item) => item.status === 1 || item.status === 2)).toBe(true);
    // nonsense status values are ignored rather than failing
    expect((await page("/plan/list", { status: "x" })).total).toBe(LIVE_PLANS);
  });

  it("live plans order living first, then upcoming", async () => {
    const data = await page("/plan/list", { pageSize: 50 });
    const living = data.list.filter((item) => item.status === 2).length;
    expect(data.list.slice(0, living).every((item) => item.status === 2)).toBe(true);
    expect(data.list[living].status).toBe(1);
  });

  describe("/search", () => {
    const text = (item: Item) => [item.title, item.titleEn, item.summary, item.summaryEn].join(" ").toLowerCase();

    it("finds a two-character Chinese keyword", async () => {
      const data = await page("/search", { keyword: "金融", pageSize: 50 });
      expect(data.total).toBeGreaterThan(0);
      for (const item of data.list) expect(text(item)).toContain("金融");
    });

    it("finds a Chinese keyword of three or more characters", async () => {
      const data = await page("/search", { keyword: "货币政策", pageSize: 50 });
      expect(data.total).toBeGreaterThan(0);
      for (const item of data.list) expect(text(item)).toContain("货币政策");
      expect(data.list.some((item) => item.title.includes("货币政策"))).toBe(true);
    });

    it("finds an English keyword, case-insensitively, in both languages' items", async () => {
      const english = await page("/search", { keyword: "monetary policy", pageSize: 50 });
      expect(english.total).toBeGreaterThan(0);
      for (const item of english.list) expect(text(item)).toContain("monetary policy");
      // the same content is found by its Chinese name, and every hit carries both languages
      const chinese = await page("/search", { keyword: "货币政策", pageSize: 50 });
      expect(english.total).toBe(chinese.total);
      expect(new Set(english.list.map((item) => item.id))).toEqual(new Set(chinese.list.map((item) => item.id)));
      for (const item of english.list) {
        expect(item.title).toMatch(/[\u4e00-\u9fff]/);
        expect(item.titleEn).toMatch(/[A-Za-z]/);
      }
    });

    it("finds a short English keyword", async () => {
      const data = await page("/search", { keyword: "AI", pageSize: 50 });
      expect(data.total).toBeGreaterThan(0);
      for (const item of data.list) expect(text(item)).toContain("ai");
    });

    it("narrows by searchType", async () => {
      const videos = await page("/search", { keyword: "货币政策", searchType: 4, pageSize: 50 });
      expect(videos.total).toBeGreaterThan(0);
      expect(videos.list.every((item) => item.kind === "video" || item.kind === "videoSpecial")).toBe(true);
      const docs = await page("/search", { keyword: "货币政策", searchType: "1", pageSize: 50 });
      expect(docs.list.every((item) => ["paper", "report", "book"].includes(item.kind))).toBe(true);
      const all = await page("/search", { keyword: "货币政策" });
      expect(all.total).toBeGreaterThan(videos.total);
    });

    it("treats LIKE wildcards and FTS syntax in keywords as plain text", async () => {
      expect((await page("/search", { keyword: "%" })).total).toBe(0);
      expect((await page("/search", { keyword: "_" })).total).toBe(0);
      expect((await page("/search", { keyword: "%%%" })).total).toBe(0);
      expect((await page("/search", { keyword: '"货币" OR 政策' })).total).toBe(0);
      expect((await page("/search", { keyword: "zzzqqq" })).total).toBe(0);
    });

    it("refuses a missing keyword and an unknown searchType", async () => {
      expect((await call("/search", {})).body).toEqual({ code: 400, message: "keyword is required" });
      expect((await call("/search", { keyword: "   " })).body.code).toBe(400);
      expect((await call("/search", { keyword: "金融", searchType: 2 })).body).toEqual({ code: 400, message: "searchType must be 0, 1, 3 or 4" });
    });

    it("reads a form-encoded body", async () => {
      const response = await platform.api.fetch(
        new Request("http://embedded/api/search", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ keyword: "金融", pageSize: "3" }).toString(),
        }),
      );
      const body = (await response.json()) as { code: number; data: Page };
      expect(body.code).toBe(200);
      expect(body.data.pageSize).toBe(3);
      expect(body.data.list.length).toBeLessThanOrEqual(3);
    });

    it("a body with its own code and message fields is still a request", async () => {
      const { status, body } = await call("/search", { keyword: "金融", code: 1, message: "hello" });
      expect(status).toBe(200);
      expect(body.code).toBe(200);
      expect((body.data as Page).total).toBeGreaterThan(0);
    });
  });

  it("a bad JSON body is a 400 envelope without internals", async () => {
    const { status, body, text } = await call("/plan/list", undefined, { method: "POST", body: "{ not json" });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, message: "request body is not valid JSON" });
    expect(text).not.toMatch(/stack|at .*\.ts|SyntaxError/);

    const array = await call("/plan/list", undefined, { method: "POST", body: "[1,2]" });
    expect(array.status).toBe(400);
    expect(array.body).toEqual({ code: 400, message: "request body must be a JSON object" });
  });

  it("an unknown path is a 404 envelope", async () => {
    const { status, body } = await call("/no/such/api", {});
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, message: "no such API: /no/such/api" });
  });

  it("/mpPaper/detail refuses a bad id and finds papers and reports only", async () => {
    for (const id of ["abc", -1, 0, 1.5, "", null]) {
      const { body } = await call("/mpPaper/detail", { id });
      expect(body, String(id)).toEqual({ code: 400, message: "id must be a positive integer" });
    }
    expect((await call("/mpPaper/detail", { id: 99_999_999 })).body).toEqual({ code: 404, message: "not found" });

    const paper = (await page("/mpPaper/searchAll", { pageSize: 1 })).list[0];
    const { body } = await call("/mpPaper/detail", { id: paper.id });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ id: paper.id, kind: "paper", title: paper.title, titleEn: paper.titleEn, link: `/docDetail?id=${paper.id}` });

    const live = (await page("/plan/list", { pageSize: 1 })).list[0];
    expect((await call("/mpPaper/detail", { id: live.id })).body).toEqual({ code: 404, message: "not found" });
    expect((await call("/plan/detail", { id: String(live.id) })).body.data).toMatchObject({ id: live.id, kind: "live" });
  });
});

describe("router", () => {
  it("a failing handler answers a 500 envelope with a generic message, not the error", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const router = createRouter(platform.db, [
        {
          method: "ANY",
          path: "/boom",
          handler: () => {
            throw new Error("secret detail at /srv/app/file.ts:1");
          },
        },
      ]);
      const response = await router.fetch(new Request("http://embedded/api/boom", { method: "POST" }));
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ code: 500, message: "operation failed, please try again later" });
      expect(text).not.toContain("secret");
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });

  it("a path served for another method only is a 405", async () => {
    const router = createRouter(platform.db, [{ method: "POST", path: "/only-post", handler: () => ({ code: 200, message: "ok" }) }]);
    const response = await router.fetch(new Request("http://embedded/only-post"));
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ code: 405, message: "method GET not allowed" });
  });
});
