/**
 * Audio books (ADR 022) through the embedded platform's calls: open and locked chapters, signed audio URLs, unlocking
 * with points, membership or a friend's voucher (once), the shelf and ratings, and listening positions that carry the
 * time they were taken: a late, older report never overwrites a newer one.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { randomBytes } from "node:crypto";
import { createLedger } from "@platform/points/index.server";
import { audioUrlValid } from "@platform/audio-books/rules.server";

const api = useEmbeddedPlatform("2027-04-02T03:00:00.000Z", { captchaTestMode: true });
const { call, advance } = api;
const db = () => api.platform.db;
const books = async () =>
  (await call("/books", { method: "GET", query: { pageSize: "10" } })).body.data.list as { id: number; unlockPoints: number; title: string }[];
const detail = async (id: number, token?: string) => (await call("/booksDetail", { method: "GET", query: { id: String(id) }, token })).body.data;
const play = (chapterId: number, token?: string) => call("/booksPlay", { method: "GET", query: { chapterId: String(chapterId) }, token });

describe("the catalogue", () => {
  it("lists books by category with their chapters, minutes and free chapters", async () => {
    const categories = (await call("/classify", { method: "GET", lang: "zh" })).body.data.list;
    expect(categories.map((category: { name: string }) => category.name)).toEqual(["货币与金融", "行为经济学", "管理与组织"]);
    const money = await call("/books", { method: "GET", query: { classifyId: String(categories[0].id) } });
    expect(money.body.data.list.map((book: { title: string }) => book.title)).toEqual(["The Logic of Money", "A Short History of Central Banking"]);
    expect(money.body.data.category.name).toBe("Money and finance");
    const book = await detail(money.body.data.list[0].id);
    expect(book.chapters).toHaveLength(3);
    expect(book.chapters.map((chapter: { locked: boolean }) => chapter.locked)).toEqual([false, true, true]);
  });
});

describe("playing", () => {
  it("plays an open chapter with a signed URL and a timed transcript; a locked one keeps its words and file on the server", async () => {
    const [book] = await books();
    const chapters = (await detail(book.id)).chapters as { id: number }[];
    const open = await play(chapters[0].id);
    expect(open.body.code).toBe(200);
    const { audioUrl, transcript, nextId } = open.body.data;
    expect(audioUrl).toMatch(/^\/media\/audio\/money-logic-1\.mp3\?exp=\d+&sig=[0-9a-f]{64}$/);
    const url = new URL(audioUrl, "http://x");
    expect(audioUrlValid(db(), "money-logic-1.mp3", Number(url.searchParams.get("exp")), url.searchParams.get("sig")!, api.now())).toBe(true);
    expect(audioUrlValid(db(), "money-logic-2.mp3", Number(url.searchParams.get("exp")), url.searchParams.get("sig")!, api.now())).toBe(false);
    expect(transcript[0]).toMatchObject({ text: "欢迎收听货币的逻辑。", startMs: 400 });
    expect(transcript[1].startMs).toBeGreaterThan(transcript[0].endMs);
    expect(nextId).toBe(chapters[1].id);
    const locked = await play(chapters[1].id);
    expect(locked.body).toMatchObject({ code: 403, data: { locked: true, unlockPoints: book.unlockPoints } });
    expect(JSON.stringify(locked.body)).not.toContain("银行");
    // A signed URL runs out.
    advance(7 * 3_600_000);
    expect(audioUrlValid(db(), "money-logic-1.mp3", Number(url.searchParams.get("exp")), url.searchParams.get("sig")!, api.now())).toBe(false);
  });
});

describe("unlocking", () => {
  it("unlocks with points once, recorded in the ledger; without enough points nothing changes", async () => {
    const { token, id } = await api.newUser();
    const [book] = await books();
    const poor = await call("/unlock", { token, body: { bookId: book.id, method: "points" } });
    expect(poor.body).toMatchObject({ code: 409, message: "Not enough points" });
    createLedger(db()).credit(id, book.unlockPoints + 5, "operator", null, api.now());
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("/unlock", { token, body: { bookId: book.id, method: "points" } })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(createLedger(db()).balance(id)).toBe(5);
    const chapters = (await detail(book.id, token)).chapters as { id: number; locked: boolean }[];
    expect(chapters.every((chapter) => !chapter.locked)).toBe(true);
    expect((await play(chapters[2].id, token)).body.code).toBe(200);
    const history = await call("/unlock/history", { method: "GET", token });
    expect(history.body.data.list[0]).toMatchObject({ id: book.id, method: "points", cost: -book.unlockPoints });
  });

  it("lets a member unlock free and refuses a non-member", async () => {
    const { token, id } = await api.newUser();
    const [, book] = await books();
    expect((await call("/unlock", { token, body: { bookId: book.id, method: "membership" } })).body.code).toBe(403);
    db().prepare("UPDATE users SET is_vip = 1 WHERE id = ?").run(id);
    expect((await call("/unlock", { token, body: { bookId: book.id, method: "membership" } })).body.code).toBe(200);
  });

  it("gives up to 3 vouchers to friends; 20 friends racing for one voucher: one unlock", async () => {
    const giver = await api.newUser();
    const [, , book] = await books();
    expect((await call("/unlock/voucher", { token: giver.token, body: { bookId: book.id } })).body.code).toBe(403);
    db().prepare("UPDATE users SET is_vip = 1 WHERE id = ?").run(giver.id);
    await call("/unlock", { token: giver.token, body: { bookId: book.id, method: "membership" } });
    const codes: string[] = [];
    for (let index = 0; index < 3; index++) codes.push((await call("/unlock/voucher", { token: giver.token, body: { bookId: book.id } })).body.data.code);
    expect((await call("/unlock/voucher", { token: giver.token, body: { bookId: book.id } })).body.code).toBe(409);
    expect((await call("/unlock", { token: giver.token, body: { bookId: book.id, method: "voucher", code: codes[0] } })).body.code).toBe(409);
    const friends = await Promise.all(Array.from({ length: 20 }, () => api.newUser()));
    const answers = await Promise.all(
      friends.map((friend) => call("/unlock", { token: friend.token, body: { bookId: book.id, method: "voucher", code: codes[0] } })),
    );
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    const mine = await call("/unlock/vouchers", { method: "GET", token: giver.token, query: { bookId: String(book.id) } });
    expect(mine.body.data.left).toBe(0);
    expect(mine.body.data.list[0].receiverName).toMatch(/^用户\d{4}$/);
  });
});

describe("listening positions", () => {
  it("keep the newest measurement: a late older report changes nothing, a device clock far ahead counts as now", async () => {
    const { token } = await api.newUser();
    const [book] = await books();
    const [first] = (await detail(book.id)).chapters as { id: number }[];
    const report = (positionMs: number, takenAt: Date) =>
      call("/booksHistory/updatePlaysTimes", { token, body: { chapterId: first.id, positionMs, takenAt: takenAt.toISOString() } });
    const t0 = api.now();
    expect((await report(12_000, new Date(t0.getTime() + 2_000))).body.data.applied).toBe(true);
    // Sent earlier, arriving later:
    expect((await report(5_000, new Date(t0.getTime() + 1_000))).body.data.applied).toBe(false);
    expect((await detail(book.id, token)).resume).toEqual({ chapterId: first.id, positionMs: 12_000 });
    expect((await play(first.id, token)).body.data.resumeMs).toBe(12_000);
    // A clock a day ahead would freeze the position forever if trusted: it is taken as the server's now.
    advance(10_000);
    expect((await report(20_000, new Date(t0.getTime() + 86_400_000))).body.data.applied).toBe(true);
    advance(60_000);
    expect((await report(25_000, api.now())).body.data.applied).toBe(true);
    const history = await call("/booksHistory", { method: "GET", token });
    expect(history.body.data.list[0]).toMatchObject({ id: book.id, positionMs: 25_000, chapterId: first.id });
  });

  it("refuses a position in a locked chapter", async () => {
    const { token } = await api.newUser();
    const [book] = await books();
    const locked = ((await detail(book.id)).chapters as { id: number }[])[2];
    const answer = await call("/booksHistory/updatePlaysTimes", { token, body: { chapterId: locked.id, positionMs: 1000, takenAt: api.now().toISOString() } });
    expect(answer.body.code).toBe(403);
  });
});

describe("shelf and ratings", () => {
  it("toggles a book on the shelf and keeps one rating per listener, averaged", async () => {
    const first = await api.newUser();
    const second = await api.newUser();
    const [book] = await books();
    expect((await call("/shelf/toggle", { token: first.token, body: { bookId: book.id } })).body.data.onShelf).toBe(true);
    expect((await call("/shelf", { method: "GET", token: first.token })).body.data.list.map((entry: { id: number }) => entry.id)).toEqual([book.id]);
    expect((await call("/shelf/toggle", { token: first.token, body: { bookId: book.id } })).body.data.onShelf).toBe(false);
    await call("/booksScore", { token: first.token, body: { bookId: book.id, score: 5 } });
    await call("/booksScore", { token: first.token, body: { bookId: book.id, score: 4, comment: "讲得清楚" } });
    const rated = await call("/booksScore", { token: second.token, body: { bookId: book.id, score: 3 } });
    expect(rated.body.data).toMatchObject({ score: 3.5, scoreCount: 2 });
    expect((await call("/booksScore", { token: second.token, body: { bookId: book.id, score: 9 } })).body.code).toBe(400);
    const mine = await call("/booksScore/mine", { method: "GET", token: first.token });
    expect(mine.body.data.list[0]).toMatchObject({ myScore: 4, stars: "★★★★☆", myComment: "讲得清楚" });
  });
});

/** A membership card of so many days bought through the order engine and paid by a signed notice; its order number. */
async function buyMembership(token: string, days: number): Promise<string> {
  const productId = db().prepare("SELECT id FROM products WHERE kind = 'membership' AND days = ?").pluck().get(days) as number;
  const placed = (await call("/order/confirmPay", { token, body: { productId, idempotencyKey: randomBytes(12).toString("hex") } })).body.data;
  expect((await api.notifyPayment({ paymentNo: placed.paymentNo, outcome: "succeeded", amountFen: placed.totalFen })).data?.result).toBe("applied");
  return placed.orderNo as string;
}

/** Whether the listener can play a book's last (never free) chapter. */
const plays = async (bookId: number, token: string) => {
  const chapters = (await detail(bookId, token)).chapters as { id: number }[];
  return (await play(chapters[chapters.length - 1].id, token)).body.code === 200;
};

// Last in the file: these tests move the clock by a month.
describe("unlocks lent by membership (ADR 040)", () => {
  it("end when the membership is refunded; unlocks paid with points or a friend's voucher stay", async () => {
    const { token, id } = await api.newUser();
    const [byMembership, byPoints, byVoucher] = await books();
    const orderNo = await buyMembership(token, 30);
    expect((await call("/unlock", { token, body: { bookId: byMembership.id, method: "membership" } })).body.code).toBe(200);
    createLedger(db()).credit(id, byPoints.unlockPoints, "operator", null, api.now());
    expect((await call("/unlock", { token, body: { bookId: byPoints.id, method: "points" } })).body.code).toBe(200);
    const giver = await api.newUser();
    db().prepare("UPDATE users SET is_vip = 1 WHERE id = ?").run(giver.id);
    await call("/unlock", { token: giver.token, body: { bookId: byVoucher.id, method: "membership" } });
    const voucher = (await call("/unlock/voucher", { token: giver.token, body: { bookId: byVoucher.id } })).body.data.code;
    expect((await call("/unlock", { token, body: { bookId: byVoucher.id, method: "voucher", code: voucher } })).body.code).toBe(200);
    expect([await plays(byMembership.id, token), await plays(byPoints.id, token), await plays(byVoucher.id, token)]).toEqual([true, true, true]);

    expect(api.platform.orders.refund(orderNo, api.now())).toBe(true);
    expect([await plays(byMembership.id, token), await plays(byPoints.id, token), await plays(byVoucher.id, token)]).toEqual([false, true, true]);
    expect(await detail(byMembership.id, token)).toMatchObject({ unlockedBy: null, isMember: false });
    const last = ((await detail(byMembership.id, token)).chapters as { id: number }[]).at(-1)!;
    expect(
      (await call("/booksHistory/updatePlaysTimes", { token, body: { chapterId: last.id, positionMs: 1000, takenAt: api.now().toISOString() } })).body.code,
    ).toBe(403);
    expect((await call("/unlock/voucher", { token, body: { bookId: byMembership.id } })).body.code).toBe(403);
    // No longer a member: unlocking by membership is refused; with points it works, paid once of 20 tries at once.
    expect((await call("/unlock", { token, body: { bookId: byMembership.id, method: "membership" } })).body.code).toBe(403);
    createLedger(db()).credit(id, byMembership.unlockPoints * 2, "operator", null, api.now());
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("/unlock", { token, body: { bookId: byMembership.id, method: "points" } })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(createLedger(db()).balance(id)).toBe(byMembership.unlockPoints);
    expect(await plays(byMembership.id, token)).toBe(true);
    expect((await detail(byMembership.id, token)).unlockedBy).toBe("points");
  });

  it("end the moment the membership lapses, before any sweep, and hold again when it is renewed", async () => {
    const { token } = await api.newUser();
    const [book] = await books();
    await buyMembership(token, 30);
    expect((await call("/unlock", { token, body: { bookId: book.id, method: "membership" } })).body.code).toBe(200);
    api.advance(30 * 86_400_000 - 1_000);
    expect(await plays(book.id, token)).toBe(true);
    api.advance(2_000);
    expect(await plays(book.id, token)).toBe(false);
    expect((await detail(book.id, token)).unlockedBy).toBeNull();
    await buyMembership(token, 30);
    expect(await plays(book.id, token)).toBe(true);
    expect((await detail(book.id, token)).unlockedBy).toBe("membership");
  });
});
