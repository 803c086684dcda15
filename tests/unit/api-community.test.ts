/**
 * The community core through the embedded platform's own calls: following people, the blacklist (which also ends
 * following both ways), the risk-word check that folds the usual dodges, and costly-action limits.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEmbeddedPlatform } from "@platform/index.server";
import { findRiskWord } from "@platform/community/rules.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2027-03-01T02:00:00.000Z", { captchaTestMode: true });
const { call } = api;

describe("following people", () => {
  it("toggles a follow, counts both sides and refuses self, strangers and bad ids", async () => {
    const [ana, ben] = [await api.newUser(), await api.newUser()];
    const follow = (token: string, userId: unknown) => call("/follow/doFollow", { body: { userId }, token });
    expect((await follow(ana.token, ben.id)).body.data).toEqual({ userId: ben.id, followed: true });
    const status = await call("/follow/userStatus", { method: "GET", query: { userId: String(ben.id) }, token: ana.token });
    expect(status.body.data).toMatchObject({
      userId: ben.id,
      followerCount: 1,
      followingCount: 0,
      followed: true,
      followsMe: false,
      blocked: false,
      self: false,
    });
    const seenByBen = await call("/follow/userStatus", { method: "GET", query: { userId: String(ana.id) }, token: ben.token });
    expect(seenByBen.body.data).toMatchObject({ followed: false, followsMe: true });
    expect((await follow(ana.token, ben.id)).body.data.followed).toBe(false);
    expect((await follow(ana.token, ana.id)).body.code).toBe(400);
    expect((await follow(ana.token, 99_999_999)).body.code).toBe(404);
    expect((await follow(ana.token, "1 OR 1=1")).body.code).toBe(400);
    // Number() would read [id] as the id and true as 1: neither is an id.
    for (const bad of [[ben.id], true]) {
      expect((await follow(ana.token, bad)).body.code).toBe(400);
      expect((await call("/userBlack/add", { body: { userId: bad }, token: ana.token })).body.code).toBe(400);
      expect((await call("/follow/userStatus", { body: { userId: bad } })).body.code).toBe(404);
    }
    expect((await call("/follow/userStatus", { method: "GET", query: { userId: "x" } })).body.code).toBe(404);
  });

  it("answers 20 concurrent follow toggles by one person with one row per state, never a duplicate", async () => {
    const [ana, ben] = [await api.newUser(), await api.newUser()];
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("/follow/doFollow", { body: { userId: ben.id }, token: ana.token })));
    expect(answers.every((answer) => answer.body.code === 200)).toBe(true);
    const rows = api.platform.db.prepare("SELECT COUNT(*) FROM user_follows WHERE follower_id = ? AND followee_id = ?").pluck().get(ana.id, ben.id);
    expect(rows).toBe(0);
  });
});

describe("the blacklist", () => {
  it("blocks and unblocks, lists the blocked, and ends following both ways", async () => {
    const [ana, ben] = [await api.newUser(), await api.newUser()];
    await call("/follow/doFollow", { body: { userId: ben.id }, token: ana.token });
    await call("/follow/doFollow", { body: { userId: ana.id }, token: ben.token });
    expect((await call("/userBlack/add", { body: { userId: ben.id }, token: ana.token })).body.data).toEqual({ userId: ben.id, blocked: true });
    expect((await call("/userBlack/add", { body: { userId: ben.id }, token: ana.token })).body.code).toBe(200);
    const list = await call("/userBlack/list", { method: "GET", token: ana.token });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ userId: ben.id });
    const status = await call("/follow/userStatus", { method: "GET", query: { userId: String(ben.id) }, token: ana.token });
    expect(status.body.data).toMatchObject({ blocked: true, followed: false, followsMe: false });
    expect((await call("/userBlack/add", { body: { userId: ana.id }, token: ana.token })).body.code).toBe(400);
    expect((await call("/userBlack/list", { method: "GET" })).body.code).not.toBe(200);
    await call("/userBlack/remove", { body: { userId: ben.id }, token: ana.token });
    expect((await call("/userBlack/list", { method: "GET", token: ana.token })).body.data.total).toBe(0);
  });
});

describe("risk words", () => {
  it("finds seeded words through case, full-width letters, spaces and zero-width marks, and passes clean text", async () => {
    const check = async (text: string) => (await call("/textRoute/filterRiskWords", { body: { text } })).body.data;
    expect(await check("关于货币政策传导的实证研究")).toEqual({ passed: true, word: null });
    expect(await check("专业代写论文，包过")).toEqual({ passed: false, word: "代写论文" });
    expect(await check("Try our ONLINE  CASINO")).toEqual({ passed: false, word: "online casino" });
    expect((await check("ｏｎｌｉｎｅ ｃａｓｉｎｏ")).passed).toBe(false);
    expect((await check("代\u200b写 论文")).passed).toBe(false);
    expect((await check("a paper\tmill")).passed).toBe(false);
    expect((await call("/textRoute/filterRiskWords", { body: { text: 42 } })).body.data).toEqual({ passed: true, word: null });
  });
});

describe("the risk-word list", () => {
  it("is seeded once: a word an operator deletes stays deleted after a restart", () => {
    const directory = mkdtempSync(join(tmpdir(), "risk-"));
    const file = join(directory, "p.sqlite");
    try {
      const first = createEmbeddedPlatform({ file, seed: false });
      expect(findRiskWord(first.db, "专业刷单")).toBe("刷单");
      first.db.prepare("DELETE FROM risk_words WHERE word = ?").run("刷单");
      first.close();
      const again = createEmbeddedPlatform({ file, seed: false });
      expect(findRiskWord(again.db, "专业刷单")).toBeNull();
      expect(findRiskWord(again.db, "代写论文")).toBe("代写论文");
      again.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("comments", () => {
  it("refuses unknown kinds, bad ids and visitors, whatever the kind of post", async () => {
    const ana = await api.newUser();
    expect((await call("/comment/list", { method: "GET", query: { kind: "video", targetId: "1" } })).body.code).toBe(400);
    expect((await call("/comment/list", { method: "GET", query: { kind: "essay", targetId: "-3" } })).body.code).toBe(400);
    expect((await call("/comment/add", { body: { kind: "essay", targetId: 1, content: "好文" } })).body.code).not.toBe(200);
    expect((await call("/comment/add", { body: { kind: "essay", targetId: 1, content: "   " }, token: ana.token })).body.code).toBe(400);
    expect((await call("/comment/delete", { body: { id: "x" }, token: ana.token })).body.code).toBe(404);
  });
});
