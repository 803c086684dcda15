/**
 * Findings 5, 7 and 9 of issue 26 (ADR 042) through the embedded platform's own calls: hot searches one client cannot
 * stuff, control characters in a search phrase, the share task on something the sharer cannot read, and the welcome
 * coupon given only by a POST.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { searchPhrase } from "@platform/content/index.server";
import { HALF_LIFE_DAYS, searchClient } from "@platform/search/index.server";
import { addressKey } from "@contracts/client-address.server";
import { plainPng } from "./image-samples";

// 02:00 UTC is 10:00 in Shanghai: the day has hours left either way.
const api = useEmbeddedPlatform("2027-05-10T02:00:00.000Z", { captchaTestMode: true });
const { call, advance } = api;
const DAY = 86_400_000;

interface Hot {
  keyword: string;
  keywordEn: string;
  searchCount: number;
}
const hotList = async (): Promise<Hot[]> => (await call("/article/keyWords", { method: "GET", query: { pageSize: "50" } })).body.data.list;
const search = (keyword: string, options: { ip?: string; token?: string; headers?: Record<string, string> } = {}) =>
  call("/commonSearc/all", { method: "GET", query: { keyword, searchType: "0" }, ...options });
/** An essay's cover: a real PNG of its 750×420, uploaded (ADR 041). */
const COVER = (await plainPng(750, 420)).toString("base64");
const release = async (token: string, title: string, fields: Record<string, unknown> = {}) => {
  const cover = (await call("/file/upload", { token, body: { purpose: "cover", data: COVER } })).body.data.url as string;
  const answer = await call("/essay/release", { token, body: { title, content: `<p>${title}：一篇关于它的短文。</p>`, cover, ...fields } });
  expect(answer.body.code, answer.body.message).toBe(200);
  return answer.body.data.id as number;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("hot searches (finding 5)", () => {
  it("keeps a phrase one client searched 500 times out of everyone's list once its post is gone", async () => {
    const writer = await api.newUser();
    const phrase = "刷榜测试短语甲乙丙";
    const id = await release(writer.token, phrase);
    for (let time = 0; time < 500; time++) expect((await search(phrase, { ip: "203.0.113.50" })).body.data.total).toBe(1);
    await search(phrase, { token: writer.token });
    // Two clients searched it: it counts two, not 501.
    expect((await hotList()).find((entry) => entry.keyword === phrase)?.searchCount).toBe(2);
    expect((await hotList())[0].keyword).not.toBe(phrase);
    expect((await call("/essay/remove", { token: writer.token, body: { id } })).body.code).toBe(200);
    // Nothing public finds it any more: it leaves the list at once, for every visitor.
    expect((await hotList()).map((entry) => entry.keyword)).not.toContain(phrase);
    expect((await search(phrase, { ip: "203.0.113.51" })).body.data.total).toBe(0);
    expect((await hotList()).map((entry) => entry.keyword)).not.toContain(phrase);
  }, 60_000);

  it("counts one search per client per phrase per Shanghai day: a user by id, a visitor by address, IPv6 by /64", async () => {
    const [first, second] = [await api.newUser(), await api.newUser()];
    const target = (await hotList())[6];
    const countOf = async () => (await hotList()).find((entry) => entry.keyword === target.keyword)?.searchCount;
    for (let time = 0; time < 5; time++) {
      await search(target.keyword, { ip: "198.51.100.1" });
      await search(target.keyword, { ip: "198.51.100.2" });
      // Two users behind one address count as two; each of them once.
      await search(target.keyword, { ip: "198.51.100.3", token: first.token });
      await search(target.keyword, { ip: "198.51.100.3", token: second.token });
      // Addresses of one IPv6 /64 are one client; the IPv4 inside a mapped address is that address.
      await search(target.keyword, { ip: `2001:db8:1:2::${time + 1}` });
      await search(target.keyword, { ip: "::ffff:198.51.100.1" });
    }
    expect(await countOf()).toBe(target.searchCount + 5);
    // The page after the first, and a search that found nothing, count nothing.
    await call("/commonSearc/all", { method: "GET", query: { keyword: target.keyword, pageNum: "2" }, ip: "198.51.100.9" });
    await search("不会找到任何内容的短语zzz", { ip: "198.51.100.9" });
    expect(await countOf()).toBe(target.searchCount + 5);
    expect((await hotList()).some((entry) => entry.keyword.includes("zzz"))).toBe(false);
  });

  it("counts nothing another site's page makes its visitors' browsers search for (an image tag), and our own pages' searches", async () => {
    const target = (await hotList())[7];
    const countOf = async () => (await hotList()).find((entry) => entry.keyword === target.keyword)?.searchCount;
    for (let visitor = 1; visitor <= 25; visitor++) {
      const answer = await search(target.keyword, { ip: `192.0.2.${visitor}`, headers: { "sec-fetch-site": "cross-site" } });
      expect(answer.body.data.total).toBeGreaterThan(0);
      await search(target.keyword, { ip: `192.0.2.${visitor}`, headers: { "sec-fetch-site": "same-site" } });
    }
    expect(await countOf()).toBe(target.searchCount);
    await search(target.keyword, { ip: "192.0.2.100", headers: { "sec-fetch-site": "same-origin" } });
    expect(await countOf()).toBe(target.searchCount + 1);
  });

  it("counts the same client again on the next Shanghai day, and lets every score halve every few days", async () => {
    const target = (await hotList())[8];
    const before = target.searchCount;
    await search(target.keyword, { ip: "192.0.2.10" });
    await search(target.keyword, { ip: "192.0.2.10" });
    const scoreOf = async () => (await hotList()).find((entry) => entry.keyword === target.keyword)?.searchCount ?? 0;
    expect(await scoreOf()).toBe(before + 1);
    // 16:00 UTC is midnight in Shanghai: a new day there, though not yet in UTC. Yesterday's score has decayed by a
    // day, and the same client counts again.
    advance(Date.parse("2027-05-10T16:00:00.000Z") - api.now().getTime());
    const decayed = (before + 1) * 0.5 ** (1 / HALF_LIFE_DAYS);
    expect(Math.abs((await scoreOf()) - decayed)).toBeLessThanOrEqual(1);
    await search(target.keyword, { ip: "192.0.2.10" });
    const nextDay = await scoreOf();
    expect(Math.abs(nextDay - (decayed + 1))).toBeLessThanOrEqual(1);
    advance(HALF_LIFE_DAYS * DAY);
    expect(Math.abs((await scoreOf()) - nextDay / 2)).toBeLessThanOrEqual(1);
  });

  it("neither counts nor shows a phrase with a risk word, whatever its results", async () => {
    const target = (await hotList())[3];
    const stored = () => api.platform.db.prepare("SELECT search_count, updated_at FROM search_keywords WHERE keyword = ?").get(target.keyword);
    const before = stored();
    // Operators add words to the list at any time (here, to its table): a word added after the first list counts too.
    api.platform.db.prepare("INSERT INTO risk_words (word) VALUES (?)").run(target.keyword);
    try {
      expect((await hotList()).map((entry) => entry.keyword)).not.toContain(target.keyword);
      expect((await search(target.keyword, { ip: "192.0.2.20" })).body.data.total).toBeGreaterThan(0);
      expect(stored()).toEqual(before);
    } finally {
      api.platform.db.prepare("DELETE FROM risk_words WHERE word = ?").run(target.keyword);
    }
  });

  it("lets an operator hide a phrase: gone from the list, not counted while hidden, back when shown again", async () => {
    const target = (await hotList())[1];
    expect(api.platform.hotSearches.hide(` ${target.keyword}\u0000`, "operator", api.now())).toBe(target.keyword);
    expect((await hotList()).map((entry) => entry.keyword)).not.toContain(target.keyword);
    await search(target.keyword, { ip: "192.0.2.30" });
    expect(api.platform.hotSearches.hidden().map((row) => row.keyword)).toContain(target.keyword);
    expect(api.platform.hotSearches.unhide(target.keyword)).toBe(true);
    expect((await hotList()).find((entry) => entry.keyword === target.keyword)?.searchCount).toBe(target.searchCount);
    // A phrase nobody searched yet can be hidden ahead of time.
    expect(api.platform.hotSearches.hide("尚未出现的短语", "operator", api.now())).toBe("尚未出现的短语");
  });

  it("names clients by user, else by address key", () => {
    expect(searchClient(7, "198.51.100.1")).toBe("user:7");
    expect(searchClient(null, "198.51.100.1")).toBe("address:198.51.100.1");
    expect(addressKey("::ffff:198.51.100.1")).toBe("198.51.100.1");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("control characters in a search phrase (finding 7)", () => {
  it("cleans a phrase once for every search: control characters and lone surrogates out, at most 50 characters", () => {
    expect(searchPhrase("\u0000\u0000\u0000")).toBe("");
    expect(searchPhrase("\u0000货币\u0001政策\u007f\u2028")).toBe("货币 政策");
    expect(searchPhrase("  货币政策\t")).toBe("货币政策");
    expect(searchPhrase("\ud800abc")).toBe("abc");
    expect(searchPhrase("𝕏".repeat(300))).toBe("𝕏".repeat(50));
    expect(searchPhrase(["货币政策"])).toBe("");
  });

  it("answers every search with a NUL or another control character without a 5xx or a logged failure", async () => {
    const errors = vi.spyOn(console, "error");
    const keywords = [
      "\u0000\u0000\u0000",
      "\u0000",
      "a\u0000b\u0000c",
      "\u0000货币政策\u0000",
      "货币\u0000政策",
      "\u001b[31m\u0007",
      "\ud800\udc00\ud800",
      '"\u0000"',
    ];
    const searches: [string, Record<string, string>][] = [
      ["/commonSearc/all", { searchType: "0" }],
      ["/commonSearc/all", { searchType: "4" }],
      ["/search", {}],
      ["/video/list", {}],
      ["/report/getList", {}],
      ["/plan/list", {}],
      ["/mpPaper/searchAll", {}],
    ];
    const statuses: number[] = [];
    for (const keyword of keywords) {
      for (const [path, query] of searches) {
        for (const method of ["GET", "POST"] as const) {
          const answer =
            method === "GET" ? await call(path, { method, query: { ...query, keyword } }) : await call(path, { method, body: { ...query, keyword } });
          statuses.push(answer.status);
          expect(answer.status, `${method} ${path} ${JSON.stringify(keyword)}`).toBeLessThan(500);
          expect(answer.body.code, `${method} ${path} ${JSON.stringify(keyword)}`).not.toBe(500);
        }
      }
    }
    expect(statuses.length).toBe(keywords.length * searches.length * 2);
    expect(errors).not.toHaveBeenCalled();
    // The phrase around the control characters still finds what it names.
    expect((await search("\u0000货币政策\u0000")).body.data.total).toBeGreaterThan(0);
    expect((await call("/search", { method: "GET", query: { keyword: "\u0000\u0000\u0000" } })).body.code).toBe(400);
  });
});

describe("the share task (finding 9)", () => {
  it("pays only for sharing what the sharer may read: never someone else's draft or an essay kept from them", async () => {
    const [writer, sharer] = [await api.newUser(), await api.newUser()];
    const share = (token: string, executeId: number) => call("/integralTask/checkFinishTask", { token, body: { moduleId: 23, executeId } });
    const balance = async (token: string) => (await call("/integralGoods/centerData", { method: "GET", token })).body.data.balance as number;
    const draft = (await call("/essay/saveDraft", { token: writer.token, body: { title: "还没写完的草稿", content: "<p>草稿</p>" } })).body.data.id as number;
    const followersOnly = await release(writer.token, "只给关注者看的文章", { visibility: "followers" });
    const onlyMe = await release(writer.token, "只有自己能看的文章", { visibility: "self" });
    const before = await balance(sharer.token);
    for (const id of [draft, followersOnly, onlyMe, 999_999_999]) {
      const answer = await share(sharer.token, id);
      expect(answer.body.data, `item ${id}`).toMatchObject({ finishTask: false, integral: 0 });
    }
    expect(await balance(sharer.token)).toBe(before);
    // Not even the writer's own draft: a draft is there for nobody to share.
    expect((await share(writer.token, draft)).body.data.finishTask).toBe(false);
    // Something public pays, once a day.
    const video = (await call("/video/list", { method: "GET", query: { pageSize: "1" } })).body.data.list[0].id as number;
    expect((await share(sharer.token, video)).body.data).toMatchObject({ finishTask: true, integral: 5 });
    expect(await balance(sharer.token)).toBe(before + 5);
  });
});

describe("the welcome coupon (finding 9)", () => {
  it("is given only by a POST: a GET that names receive, as a link on another site would, is refused and gives nothing", async () => {
    const user = await api.newUser();
    const coupons = () =>
      api.platform.db
        .prepare("SELECT COUNT(*) FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id WHERE uc.user_id = ? AND c.channel = 'newcomer'")
        .pluck()
        .get(user.id) as number;
    const check = await call("/firstEven/firstEvenCoupon", { method: "GET", token: user.token });
    expect(check.body.data).toMatchObject({ available: true, received: false });
    for (const receive of ["true", "1", "yes"]) {
      const answer = await call("/firstEven/firstEvenCoupon", { method: "GET", query: { receive }, token: user.token });
      expect(answer.body.code === 200 ? answer.body.data.received : false).toBe(false);
    }
    expect((await call("/firstEven/firstEvenCoupon", { method: "GET", query: { receive: "true" }, token: user.token })).body.code).toBe(405);
    expect(coupons()).toBe(0);
    const given = await call("/firstEven/firstEvenCoupon", { method: "POST", body: { receive: true }, token: user.token });
    expect(given.body.data).toMatchObject({ received: true });
    expect(coupons()).toBe(1);
  });
});
