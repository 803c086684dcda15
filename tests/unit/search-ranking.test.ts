/**
 * Issue 34: search finds every searchable kind (papers, videos, lives, articles, Q&A, circle posts, jobs, audiobooks,
 * people) and ranks a title match before a body match, and only then by popularity.
 */
import { describe, expect, it } from "vitest";
import { rankHits, relevance, searchPage, SEARCH_TABS, type SearchHit } from "@platform/search/rules.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

function hit(kind: string, id: number, title: string, count?: number, summary = ""): SearchHit {
  return {
    kind,
    id,
    title,
    titleEn: "",
    summary,
    summaryEn: "",
    cover: "",
    authorName: "",
    authorNameEn: "",
    orgName: "",
    orgNameEn: "",
    link: `/x?id=${id}`,
    count,
  };
}

describe("ranking", () => {
  it("scores a title that is the phrase above one that holds it, above a body match, whatever the case or language", () => {
    expect(relevance(hit("paper", 1, "货币政策"), "货币政策")).toBe(3);
    expect(relevance({ title: "数字货币", titleEn: "Monetary Policy" }, "monetary policy")).toBe(3);
    expect(relevance(hit("paper", 1, "货币政策与通胀"), "货币政策")).toBe(2);
    expect(relevance(hit("paper", 1, "通胀预期", 0, "讨论货币政策"), "货币政策")).toBe(1);
  });

  it("puts a title match with few views before a body match with many, and popularity decides among equals", () => {
    const ranked = rankHits(
      [
        hit("video", 1, "宏观经济讲座", 90_000, "货币政策"),
        hit("paper", 2, "货币政策传导", 12),
        hit("live", 3, "货币政策展望", 400),
        hit("job", 4, "货币政策研究员"),
      ],
      "货币政策",
    );
    expect(ranked.map((entry) => entry.id)).toEqual([3, 2, 4, 1]);
  });

  it("counts each tab's hits and pages the chosen tab", () => {
    const hits = [hit("paper", 1, "a"), hit("paper", 2, "a"), hit("job", 3, "a"), hit("person", 4, "a"), hit("circle", 5, "a")];
    const page = searchPage(hits, "a", SEARCH_TABS["1"], 2, 1);
    expect(page).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(page.list.map((entry) => entry.id)).toEqual([1]);
    expect(page.counts).toMatchObject({ "0": 5, "1": 2, job: 1, people: 1, circle: 1, "3": 0 });
  });
});

describe("/commonSearc/all over the seeded platform", () => {
  const api = useEmbeddedPlatform("2027-01-10T00:00:00.000Z", { captchaTestMode: true });
  const search = async (searchType: string, keyword: string) => {
    const { body } = await api.call("/commonSearc/all", { method: "GET", query: { searchType, keyword, pageSize: "50" } });
    expect(body.code).toBe(200);
    return body.data as { list: SearchHit[]; total: number; counts: Record<string, number> };
  };
  const first = <T>(sql: string) => api.platform.db.prepare(sql).get() as T;

  it("finds jobs, circle posts, audiobooks and people, each linking to its own page", async () => {
    const job = first<{ id: number; title: string }>("SELECT id, title FROM job_posts ORDER BY id LIMIT 1");
    const scholar = first<{ author_code: string; name: string }>("SELECT author_code, name FROM scholars ORDER BY id LIMIT 1");
    const book = first<{ id: number; title: string }>("SELECT id, title FROM items WHERE kind = 'audiobook' ORDER BY id LIMIT 1");
    const post = first<{ id: number; content: string }>("SELECT id, content FROM circle_posts WHERE deleted_at IS NULL ORDER BY id LIMIT 1");
    for (const [tab, keyword, kind, link] of [
      ["job", job.title, "job", `/jobDetail?id=${job.id}`],
      ["people", scholar.name, "person", `/person?authorCode=${scholar.author_code}`],
      ["audio", book.title, "audiobook", `/bookAudioDetail?id=${book.id}`],
      ["circle", Array.from(post.content).slice(0, 8).join(""), "circle", `/circleDetail?id=${post.id}`],
    ]) {
      const found = await search(tab, keyword);
      expect(
        found.list.every((entry) => entry.kind === kind),
        tab,
      ).toBe(true);
      expect(
        found.list.map((entry) => entry.link),
        tab,
      ).toContain(link);
      const everything = await search("0", keyword);
      expect(everything.counts[tab]).toBe(found.total);
      expect(everything.list.some((entry) => entry.kind === kind)).toBe(true);
    }
  });

  it("ranks the seeded answers by relevance before popularity", async () => {
    const found = await search("0", "货币政策");
    expect(found.total).toBeGreaterThan(2);
    const scores = found.list.map((entry) => relevance(entry, "货币政策"));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const titled = found.list.filter((entry) => relevance(entry, "货币政策") === 2).map((entry) => entry.count ?? 0);
    expect(titled).toEqual([...titled].sort((a, b) => b - a));
  });
});
