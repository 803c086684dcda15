/**
 * Points (ADR 020) through the embedded platform's own calls: a ledger whose rows always sum to the balance, sign-in
 * once per Asia/Shanghai day with a streak that resets after a missed day, tasks that credit once per period, and
 * exchanges that debit points and stock together, never below zero, under concurrent submissions.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { createLedger } from "@platform/points/index.server";
import { sendSigninReminders, signinPoints } from "@platform/points/index.server";

// 15:30 UTC is 23:30 in Shanghai: half an hour before the next calendar day there.
const api = useEmbeddedPlatform("2027-03-10T15:30:00.000Z", { captchaTestMode: true });
const { call, advance } = api;
const HOUR = 3_600_000;
const key = () => randomBytes(12).toString("hex");
const db = () => api.platform.db;
const ledger = () => createLedger(db());
const give = (userId: number, points: number) => ledger().credit(userId, points, "operator", null, api.now());

async function addressOf(token: string): Promise<number> {
  const saved = await call("/userAddress/operation", {
    body: { receiver: "王芳", phone: "13700137000", provinceCode: "110000", cityCode: "110000", districtCode: "110108", detail: "海淀区中关村大街59号" },
    token,
  });
  expect(saved.body.code, saved.body.message).toBe(200);
  return saved.body.data.id;
}

const goods = (kind: "physical" | "coupon", index = 0) =>
  db().prepare("SELECT * FROM point_goods WHERE kind = ? ORDER BY sort LIMIT 1 OFFSET ?").get(kind, index) as {
    id: number;
    points: number;
    stock: number;
    per_user_limit: number;
    coupon_id: number | null;
  };

describe("the ledger", () => {
  it("keeps the balance the sum of its rows after 1,000 random credits and debits, and never below zero", async () => {
    const { id } = await api.newUser();
    const book = ledger();
    let expected = 0;
    let refused = 0;
    for (let step = 0; step < 1_000; step++) {
      const points = 1 + Math.floor(Math.random() * 60);
      if (Math.random() < 0.5) {
        expect(book.credit(id, points, "operator", null, api.now()).ok).toBe(true);
        expected += points;
      } else {
        const result = book.debit(id, points, "exchange", null, api.now());
        if (points > expected) {
          expect(result).toEqual({ ok: false, problem: "insufficient" });
          refused++;
        } else {
          expect(result.ok).toBe(true);
          expected -= points;
        }
      }
    }
    const sum = db().prepare("SELECT SUM(delta) FROM point_entries WHERE user_id = ?").pluck().get(id);
    const lowest = db().prepare("SELECT MIN(balance_after) FROM point_entries WHERE user_id = ?").pluck().get(id) as number;
    expect(book.balance(id)).toBe(expected);
    expect(sum).toBe(expected);
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(book.count(id)).toBe(1_000 - refused);
    // Each row's balance_after is the running sum up to it.
    const rows = db().prepare("SELECT delta, balance_after FROM point_entries WHERE user_id = ? ORDER BY id").all(id) as {
      delta: number;
      balance_after: number;
    }[];
    let running = 0;
    for (const row of rows) {
      running += row.delta;
      expect(row.balance_after).toBe(running);
    }
  });

  it("posts a reward with a reference once", async () => {
    const { id } = await api.newUser();
    expect(ledger().credit(id, 10, "task", "task:20:2027-03-11", api.now()).ok).toBe(true);
    expect(ledger().credit(id, 10, "task", "task:20:2027-03-11", api.now())).toEqual({ ok: false, problem: "repeated" });
    expect(ledger().balance(id)).toBe(10);
  });
});

describe("sign-in", () => {
  it("counts once per Shanghai calendar day, grows the streak on consecutive days and resets it after a missed one", async () => {
    const { token } = await api.newUser();
    const signIn = () => call("/integralTask/signin", { token });
    const first = await signIn();
    expect(first.body.code, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ streak: 1, integral: signinPoints(1, false), signedToday: true });
    expect(first.body.data.week[0]).toMatchObject({ day: 1, signed: true, today: true });
    // Twice on the same Shanghai day: refused, nothing credited.
    const again = await signIn();
    expect(again.body.code).toBe(409);
    expect(again.body.message).toBe("You have signed in today. Come back tomorrow");
    // 31 minutes later it is the next day in Shanghai (still the same UTC day).
    advance(31 * 60_000);
    const second = await signIn();
    expect(second.body.data).toMatchObject({ streak: 2, integral: signinPoints(2, false) });
    advance(24 * HOUR);
    expect((await signIn()).body.data.streak).toBe(3);
    // A day missed: the streak starts again.
    advance(48 * HOUR);
    const list = await call("/integralTask/taskList", { method: "GET", token });
    expect(list.body.data.signin).toMatchObject({ signedToday: false, streak: 0 });
    expect((await signIn()).body.data.streak).toBe(1);
    const log = await call("/integralGoods/pointLog", { method: "GET", token });
    expect(log.body.data.list.map((entry: { reason: string }) => entry.reason)).toEqual(["signin", "signin", "signin", "signin"]);
    expect(log.body.data.balance).toBe(signinPoints(1, false) * 2 + signinPoints(2, false) + signinPoints(3, false));
  });

  it("gives 20 simultaneous sign-ins of one user one credit", async () => {
    const { token, id } = await api.newUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("/integralTask/signin", { token })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(db().prepare("SELECT COUNT(*) FROM point_entries WHERE user_id = ?").pluck().get(id)).toBe(1);
  });

  it("doubles a member's sign-in points and makes the seventh day the week's prize", () => {
    expect(signinPoints(1, true)).toBe(2 * signinPoints(1, false));
    expect(signinPoints(7, false)).toBeGreaterThan(signinPoints(6, false));
    expect(signinPoints(8, false)).toBe(signinPoints(1, false));
  });
});

describe("tasks", () => {
  it("credits a daily task when its steps reach the target, once a day, only for real items of its kind", async () => {
    const { token, id } = await api.newUser();
    const videos = db().prepare("SELECT id FROM items WHERE kind = 'video' ORDER BY id LIMIT 3").pluck().all() as number[];
    const paper = db().prepare("SELECT id FROM items WHERE kind = 'paper' LIMIT 1").pluck().get() as number;
    const step = (moduleId: number, executeId: number | string) => call("/integralTask/checkFinishTask", { token, body: { moduleId, executeId } });
    // A paper is not a video, and the same video twice is one step.
    expect((await step(20, paper)).body.data.finishTask).toBe(false);
    expect((await step(20, videos[0])).body.data.finishTask).toBe(false);
    expect((await step(20, videos[0])).body.data.finishTask).toBe(false);
    const done = await step(20, videos[1]);
    expect(done.body.data).toEqual({ finishTask: true, integral: 10, taskName: "Watch videos", moduleId: 20 });
    expect((await step(20, videos[2])).body.data.finishTask).toBe(false);
    const list = await call("/integralTask/taskList", { method: "GET", token });
    expect(list.body.data.tasks.find((task: { moduleId: number }) => task.moduleId === 20)).toMatchObject({ progress: 2, target: 2, done: true });
    advance(24 * HOUR);
    expect((await step(20, videos[0])).body.data.finishTask).toBe(false);
    expect((await step(20, videos[1])).body.data.finishTask).toBe(true);
    expect(ledger().balance(id)).toBe(20);
  });

  it("grants the bind-phone task to a person who signed up with a phone, once, and to nobody without one (issue 34)", async () => {
    const { token, id } = await api.newUser();
    const claim = () => call("/integralTask/checkFinishTask", { token, body: { moduleId: 3 } });
    expect((await claim()).body.data).toMatchObject({ finishTask: true, integral: 50, moduleId: 3 });
    expect((await claim()).body.data.finishTask).toBe(false);
    const list = await call("/integralTask/taskList", { method: "GET", token });
    expect(list.body.data.tasks.find((task: { moduleId: number }) => task.moduleId === 3)).toMatchObject({ progress: 1, done: true });
    expect(ledger().balance(id)).toBe(50);
    const other = await api.newUser();
    db().prepare("UPDATE users SET is_bind_phone = 0 WHERE id = ?").run(other.id);
    expect((await call("/integralTask/checkFinishTask", { token: other.token, body: { moduleId: 3 } })).body.data.finishTask).toBe(false);
    expect(ledger().balance(other.id)).toBe(0);
  });

  it("counts a share of a real item toward the share task, once a day", async () => {
    const { token } = await api.newUser();
    const meeting = db().prepare("SELECT id FROM items WHERE kind = 'meeting' LIMIT 1").pluck().get() as number;
    const share = (executeId: number) => call("/integralTask/checkFinishTask", { token, body: { moduleId: 23, executeId } });
    expect((await share(987_654_321)).body.data.finishTask).toBe(false);
    expect((await share(meeting)).body.data).toMatchObject({ finishTask: true, integral: 5, taskName: "Share something" });
    expect((await share(meeting)).body.data.finishTask).toBe(false);
  });

  it("finishes the collect task only for something really collected, and 20 simultaneous steps credit once", async () => {
    const { token, id } = await api.newUser();
    const video = db().prepare("SELECT id FROM items WHERE kind = 'video' ORDER BY id LIMIT 1").pluck().get() as number;
    expect((await call("/integralTask/checkFinishTask", { token, body: { moduleId: 22, executeId: video } })).body.data.finishTask).toBe(false);
    db().prepare("INSERT INTO collects (user_id, item_id, created_at) VALUES (?, ?, ?)").run(id, video, api.now().toISOString());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("/integralTask/checkFinishTask", { token, body: { moduleId: 22, executeId: video } })),
    );
    expect(answers.filter((answer) => answer.body.data.finishTask)).toHaveLength(1);
    expect(ledger().balance(id)).toBe(5);
  });
});

describe("the points mall", () => {
  it("exchanges points for a physical good in one step: points and stock down, the address copied, the ledger shows why", async () => {
    const { token, id } = await api.newUser();
    const item = goods("physical");
    give(id, item.points + 7);
    const addressId = await addressOf(token);
    const answer = await call("/goodsExchange/confirm", { token, body: { goodsId: item.id, quantity: 1, addressId, idempotencyKey: key() } });
    expect(answer.body.code, answer.body.message).toBe(200);
    expect(answer.body.data).toMatchObject({ points: item.points, status: "placed", address: { receiver: "王芳", region: "北京市海淀区" } });
    expect(ledger().balance(id)).toBe(7);
    expect(goods("physical").stock).toBe(item.stock - 1);
    const log = await call("/integralGoods/pointLog", { method: "GET", token, lang: "zh" });
    expect(log.body.data.list[0]).toMatchObject({ delta: -item.points, balanceAfter: 7, reasonText: "积分兑换" });
    const mine = await call("/goodsExchange/list", { method: "GET", token });
    expect(mine.body.data.list[0].exchangeNo).toBe(answer.body.data.exchangeNo);
    // Another user cannot read it.
    const other = await api.newUser();
    expect((await call("/goodsExchange/detail", { method: "GET", token: other.token, query: { exchangeNo: answer.body.data.exchangeNo } })).body.code).toBe(
      404,
    );
  });

  it("refuses without enough points or without an address, and takes nothing", async () => {
    const { token, id } = await api.newUser();
    const item = goods("physical");
    give(id, item.points - 1);
    const addressId = await addressOf(token);
    const poor = await call("/goodsExchange/confirm", { token, body: { goodsId: item.id, addressId, idempotencyKey: key() } });
    expect(poor.body).toMatchObject({ code: 409, message: "Not enough points" });
    give(id, 1);
    const noAddress = await call("/goodsExchange/confirm", { token, body: { goodsId: item.id, idempotencyKey: key() } });
    expect(noAddress.body.code).toBe(400);
    expect(ledger().balance(id)).toBe(item.points);
    expect(goods("physical").stock).toBe(item.stock);
  });

  it("gives a coupon good straight into My coupons", async () => {
    const { token, id } = await api.newUser();
    const item = goods("coupon");
    give(id, item.points);
    const answer = await call("/goodsExchange/confirm", { token, body: { goodsId: item.id, idempotencyKey: key() } });
    expect(answer.body.data.status).toBe("delivered");
    const coupons = await call("/coupon/myCouponList", { method: "GET", token });
    expect(coupons.body.data.usable.map((coupon: { title: string }) => coupon.title)).toContain("Points exchange: ¥15 off a ¥99 course");
  });

  it("20 simultaneous exchanges with points for 3: exactly 3 go through, the balance is 0 and the stock fell by 3", async () => {
    const { token, id } = await api.newUser();
    const item = goods("physical");
    db().prepare("UPDATE point_goods SET per_user_limit = 50 WHERE id = ?").run(item.id);
    give(id, item.points * 3);
    const addressId = await addressOf(token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("/goodsExchange/confirm", { token, body: { goodsId: item.id, addressId, idempotencyKey: key() } })),
    );
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(3);
    expect(ledger().balance(id)).toBe(0);
    expect(goods("physical").stock).toBe(item.stock - 3);
  });

  it("20 people racing for the last 2 in stock: exactly 2 get one, nobody pays for nothing", async () => {
    const item = goods("physical", 1);
    db().prepare("UPDATE point_goods SET stock = 2 WHERE id = ?").run(item.id);
    const people = await Promise.all(Array.from({ length: 20 }, () => api.newUser()));
    for (const person of people) give(person.id, item.points);
    const addresses = await Promise.all(people.map((person) => addressOf(person.token)));
    const answers = await Promise.all(
      people.map((person, index) =>
        call("/goodsExchange/confirm", { token: person.token, body: { goodsId: item.id, addressId: addresses[index], idempotencyKey: key() } }),
      ),
    );
    const winners = answers.filter((answer) => answer.body.code === 200);
    expect(winners).toHaveLength(2);
    expect(goods("physical", 1).stock).toBe(0);
    const spent = people.filter((person) => ledger().balance(person.id) === 0);
    expect(spent).toHaveLength(2);
  });

  it("answers a repeated submission key with the first exchange, charging once", async () => {
    const { token, id } = await api.newUser();
    const item = goods("coupon", 1);
    give(id, item.points * 5);
    const submission = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("/goodsExchange/confirm", { token, body: { goodsId: item.id, idempotencyKey: submission } })),
    );
    expect(new Set(answers.map((answer) => answer.body.data.exchangeNo)).size).toBe(1);
    expect(ledger().balance(id)).toBe(item.points * 4);
  });
});

describe("sign-in reminders and feature guides", () => {
  it("reminds once a Shanghai evening those who asked and have not signed in", async () => {
    const asked = await api.newUser();
    const signed = await api.newUser();
    const quiet = await api.newUser();
    for (const user of [asked, signed]) expect((await call("/signinPush/switch", { token: user.token, body: { remind: true } })).body.data.remind).toBe(true);
    expect((await call("/signinPush/status", { method: "GET", token: quiet.token })).body.data).toEqual({ remind: false, hour: 20 });
    // On to the next 20:30 in Shanghai.
    const now = api.now().getTime();
    const shanghai = new Date(now + 8 * HOUR);
    const evening = Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), shanghai.getUTCDate(), 20, 30) - 8 * HOUR;
    advance((evening > now ? evening : evening + 24 * HOUR) - now);
    await call("/integralTask/signin", { token: signed.token });
    const pushes = () => api.outbox().filter((row) => row.channel === "push");
    const before = pushes().length;
    expect(sendSigninReminders(db(), api.now())).toBe(1);
    expect(sendSigninReminders(db(), api.now())).toBe(0);
    expect(pushes().length).toBe(before + 1);
    expect(pushes()[0].recipient).toBe(asked.phone);
  });

  it("shows a feature guide until the user has read it, on any device", async () => {
    const { token } = await api.newUser();
    const guide = async () => (await call("/functionGuide/list", { method: "GET", token, query: { module: "welfare" } })).body.data;
    expect((await guide()).read).toBe(false);
    expect((await guide()).steps).toHaveLength(3);
    await call("/functionGuide/read", { token, body: { module: "welfare" } });
    expect((await guide()).read).toBe(true);
    expect((await call("/functionGuide/list", { method: "GET", query: { module: "nothing" } })).body.code).toBe(404);
  });
});
