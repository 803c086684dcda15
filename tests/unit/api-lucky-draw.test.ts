/**
 * The lucky draw through the embedded platform's own calls: limited prizes never given more often than their stock,
 * no turns outside the draw's window, points and chances never below zero, task chances once per Shanghai day, and a
 * physical prize's address given once, by its winner only. "Concurrent" means many calls started at once.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { createLedger } from "@platform/points/index.server";

const api = useEmbeddedPlatform("2027-06-01T04:00:00.000Z", { captchaTestMode: true });
const { call } = api;
const db = () => api.platform.db;

let phoneCounter = 0;

interface Player {
  token: string;
  id: number;
  addressId: number;
}

async function newPlayer(points = 0): Promise<Player> {
  const phone = `136${String(++phoneCounter).padStart(8, "0")}`;
  expect((await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "r", ticket: "t" }, ip: api.freshIp() })).body.code).toBe(200);
  const code = api.outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
  const login = await call("/web/loginMessage", { body: { userName: phone, mobilePrefix: "86", smsVerifyCode: code }, ip: api.freshIp() });
  expect(login.body.code).toBe(1);
  const token = login.body.data.token as string;
  const id = login.body.data.user.id as number;
  const address = await call("/userAddress/operation", {
    body: { receiver: "王芳", phone, provinceCode: "310000", cityCode: "310000", districtCode: "310104", detail: "徐汇区漕溪北路88号" },
    token,
  });
  expect(address.body.code, address.body.message).toBe(200);
  if (points) createLedger(db()).credit(id, points, "operator", null, api.now());
  return { token, id, addressId: address.body.data.id };
}

const drawId = () => db().prepare("SELECT id FROM draws ORDER BY id LIMIT 1").pluck().get() as number;
const prize = (where: string) => db().prepare(`SELECT * FROM draw_prizes WHERE ${where}`).get() as { id: number; position: number; stock: number | null };
const balance = (userId: number) => createLedger(db()).balance(userId);

/** Runs with the odds changed (prize id → weight, every other prize 0), then puts the seeded odds back. */
async function withOdds<T>(weights: Record<number, number>, run: () => Promise<T>): Promise<T> {
  const seeded = db().prepare("SELECT id, weight FROM draw_prizes").all() as { id: number; weight: number }[];
  const set = db().prepare("UPDATE draw_prizes SET weight = ? WHERE id = ?");
  for (const { id } of seeded) set.run(weights[id] ?? 0, id);
  try {
    return await run();
  } finally {
    for (const { id, weight } of seeded) set.run(weight, id);
  }
}

const draw = (player: Player, payWith: "points" | "chance") => call("/luckyDraw/draw", { body: { drawId: drawId(), payWith }, token: player.token });
const thanks = () => prize("kind = 'none' ORDER BY position LIMIT 1");

describe("the draw", () => {
  it("shows a visitor the running draw's eight prizes round the grid, and a player their points and chances", async () => {
    const visitor = await call("/luckyDraw/detail", { method: "GET" });
    expect(visitor.body.data).toMatchObject({ running: true, state: "running", costPoints: 20, points: null, chances: null });
    expect(visitor.body.data.prizes.map((entry: { position: number }) => entry.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(visitor.body.data.prizes.map((entry: { kind: string }) => entry.kind).sort()).toEqual(
      ["coupon", "none", "physical", "physical", "points", "points", "points", "points"].sort(),
    );
    const player = await newPlayer(45);
    const mine = await call("/luckyDraw/detail", { method: "GET", token: player.token, lang: "zh" });
    expect(mine.body.data).toMatchObject({ title: "幸运大抽奖", points: 45, chances: 0 });
  });

  it("gives a prize of stock 3 to exactly 3 of 100 concurrent draws, and every other draw something else", async () => {
    const notebook = prize("kind = 'physical' AND stock = 3");
    const players = await Promise.all(Array.from({ length: 10 }, () => newPlayer(200)));
    const answers = await withOdds({ [notebook.id]: 1_000_000, [thanks().id]: 1 }, () =>
      Promise.all(players.flatMap((player) => Array.from({ length: 10 }, () => draw(player, "points")))),
    );
    expect(answers.map((answer) => answer.body.code)).toEqual(Array(100).fill(200));
    const winners = answers.filter((answer) => answer.body.data.prize.id === notebook.id);
    expect(winners).toHaveLength(3);
    expect(winners.every((answer) => answer.body.data.prize.position === notebook.position && answer.body.data.needsAddress)).toBe(true);
    expect(prize(`id = ${notebook.id}`).stock).toBe(0);
    expect(db().prepare("SELECT COUNT(*) FROM draw_results WHERE prize_id = ?").pluck().get(notebook.id)).toBe(3);
    for (const player of players) expect(balance(player.id)).toBe(0);
  });

  it("refuses turns before the draw starts and after it ends, and takes nothing for them", async () => {
    const player = await newPlayer(100);
    const window = db().prepare("SELECT starts_at, ends_at FROM draws WHERE id = ?").get(drawId()) as { starts_at: string; ends_at: string };
    const move = db().prepare("UPDATE draws SET starts_at = ?, ends_at = ? WHERE id = ?");
    try {
      move.run(new Date(api.now().getTime() + 3_600_000).toISOString(), window.ends_at, drawId());
      const early = await draw(player, "points");
      expect(early.body).toMatchObject({ code: 403, message: "The lucky draw has not started yet" });
      move.run(window.starts_at, api.now().toISOString(), drawId());
      const late = await draw(player, "points");
      expect(late.body).toMatchObject({ code: 403, message: "The lucky draw has ended" });
      expect((await call("/luckyDraw/draw", { body: { drawId: drawId(), payWith: "points" }, token: player.token, lang: "zh" })).body.message).toBe(
        "抽奖活动已结束",
      );
      expect((await call("/luckyDraw/detail", { method: "GET", token: player.token })).body.data).toMatchObject({ running: false, state: "ended" });
    } finally {
      move.run(window.starts_at, window.ends_at, drawId());
    }
    expect(balance(player.id)).toBe(100);
    expect(db().prepare("SELECT COUNT(*) FROM draw_results WHERE user_id = ?").pluck().get(player.id)).toBe(0);
  });

  it("never takes points below zero: 20 concurrent draws with points for 3 give exactly 3 turns", async () => {
    const player = await newPlayer(60);
    const answers = await withOdds({ [thanks().id]: 1 }, () => Promise.all(Array.from({ length: 20 }, () => draw(player, "points"))));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.body.code !== 200);
    expect(refused).toHaveLength(17);
    expect(refused.every((answer) => answer.body.code === 409 && answer.body.message === "Not enough points")).toBe(true);
    expect(balance(player.id)).toBe(0);
    expect((await call("/luckyDraw/draw", { body: { drawId: drawId(), payWith: "points" }, token: player.token, lang: "zh" })).body.message).toBe("积分不足");
  });

  it("credits a points prize to the ledger and gives a coupon once: a holder of the coupon draws something else", async () => {
    const player = await newPlayer(100);
    const hundred = prize("kind = 'points' AND points = 100");
    const won = await withOdds({ [hundred.id]: 1 }, () => draw(player, "points"));
    expect(won.body.data).toMatchObject({ prize: { position: hundred.position, kind: "points", points: 100 }, points: 180 });
    expect(balance(player.id)).toBe(180);
    const coupon = prize("kind = 'coupon'");
    const [first, second] = await withOdds({ [coupon.id]: 1_000_000, [thanks().id]: 1 }, async () => [
      await draw(player, "points"),
      await draw(player, "points"),
    ]);
    expect(first.body.data.prize.id).toBe(coupon.id);
    expect(second.body.data.prize.kind).toBe("none");
    expect(db().prepare("SELECT COUNT(*) FROM user_coupons WHERE user_id = ?").pluck().get(player.id)).toBe(1);
  });

  it("limits one player to 30 draws a minute", async () => {
    const player = await newPlayer(1_000);
    const answers = await withOdds({ [thanks().id]: 1 }, () => Promise.all(Array.from({ length: 31 }, () => draw(player, "points"))));
    expect(answers.filter((answer) => answer.body.code === 429)).toHaveLength(1);
    expect(balance(player.id)).toBe(1_000 - 30 * 20);
  });
});

describe("chances", () => {
  it("gives one chance per task per Shanghai day, spent by a draw and never below zero", async () => {
    const player = await newPlayer();
    const receive = (taskId: string) => call("/luckyTask/receive", { body: { taskId }, token: player.token });
    expect((await receive("share")).body).toMatchObject({ code: 409, message: "Finish the task first" });
    expect((await call("/luckyTask/finish", { body: { taskId: "share" }, token: player.token })).body.code).toBe(200);
    const answers = await Promise.all([receive("share"), receive("share"), receive("share")]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 409, 409]);

    expect((await receive("signin")).body.code).toBe(409);
    db().prepare("INSERT INTO signins (user_id, day, streak, points, created_at) VALUES (?, '2027-06-01', 1, 5, ?)").run(player.id, api.now().toISOString());
    expect((await receive("signin")).body).toMatchObject({ code: 200, data: { chances: 2 } });
    const list = await call("/luckyTask/list", { method: "GET", token: player.token });
    expect(list.body.data.chances).toBe(2);
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ taskId: "signin", done: true, received: true }),
      expect.objectContaining({ taskId: "share", done: true, received: true }),
    ]);

    const turns = await withOdds({ [thanks().id]: 1 }, () => Promise.all([1, 2, 3].map(() => draw(player, "chance"))));
    expect(turns.map((answer) => answer.body.code).sort()).toEqual([200, 200, 409]);
    expect(turns.find((answer) => answer.body.code === 409)!.body.message).toBe("No draw chances left");
    expect((await call("/luckyDraw/detail", { method: "GET", token: player.token })).body.data.chances).toBe(0);

    // 16:00 UTC is midnight in Shanghai: the UTC date is the same, the task day is the next one.
    api.advance(12 * 3_600_000);
    const next = await call("/luckyTask/list", { method: "GET", token: player.token });
    expect(next.body.data.list.map((task: { done: boolean; received: boolean }) => [task.done, task.received])).toEqual([
      [false, false],
      [false, false],
    ]);
    await call("/luckyTask/finish", { body: { taskId: "share" }, token: player.token });
    expect((await receive("share")).body).toMatchObject({ code: 200, data: { chances: 1 } });
    expect((await receive("share")).body.code).toBe(409);
  });

  it("refuses an unknown task and a visitor", async () => {
    const player = await newPlayer();
    expect((await call("/luckyTask/receive", { body: { taskId: "nothing" }, token: player.token })).body.code).toBe(400);
    expect((await call("/luckyTask/list", { method: "GET" })).body.code).toBe(401);
    expect((await call("/luckyDraw/draw", { body: { drawId: drawId(), payWith: "points" } })).body.code).toBe(401);
  });
});

describe("prizes", () => {
  it("lists a winner's prizes newest first without the consolation draws, and takes a physical prize's address once, from its winner only", async () => {
    const winner = await newPlayer(100);
    const other = await newPlayer();
    const book = prize("kind = 'physical' AND stock = 1");
    const turns = await withOdds({ [book.id]: 1_000_000, [thanks().id]: 1 }, async () => [await draw(winner, "points"), await draw(winner, "points")]);
    expect(turns.map((answer) => answer.body.data.prize.kind)).toEqual(["physical", "none"]);
    const resultId = turns[0].body.data.resultId as number;

    const mine = await call("/luckyDraw/myPrizes", { method: "GET", token: winner.token });
    expect(mine.body.data).toMatchObject({ total: 1, list: [{ id: resultId, kind: "physical", status: "won", needsAddress: true, address: null }] });
    expect((await call("/luckyDraw/myPrizes", { method: "GET", token: other.token })).body.data.total).toBe(0);

    const claim = (player: Player, addressId: number) => call("/luckyDraw/claim", { body: { resultId, addressId }, token: player.token });
    expect((await claim(other, other.addressId)).body).toMatchObject({ code: 404, message: "No such prize" });
    expect((await claim(winner, other.addressId)).body).toMatchObject({ code: 404, message: "No such address" });
    const answers = await Promise.all([claim(winner, winner.addressId), claim(winner, winner.addressId)]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.body.code === 200)!.body.data.address).toMatchObject({
      receiver: "王芳",
      region: expect.stringContaining("徐汇区"),
    });

    // The prize keeps its copy of the address when the address book changes.
    await call("/userAddress/delete", { body: { id: winner.addressId }, token: winner.token });
    const after = await call("/luckyDraw/myPrizes", { method: "GET", token: winner.token });
    expect(after.body.data.list[0]).toMatchObject({ status: "claimed", needsAddress: false, address: { receiver: "王芳", detail: "徐汇区漕溪北路88号" } });
  });

  it("needs no address for a points prize", async () => {
    const player = await newPlayer(20);
    const twenty = prize("kind = 'points' AND points = 20");
    const won = await withOdds({ [twenty.id]: 1 }, () => draw(player, "points"));
    const answer = await call("/luckyDraw/claim", { body: { resultId: won.body.data.resultId, addressId: player.addressId }, token: player.token });
    expect(answer.body.code).toBe(400);
  });
});
