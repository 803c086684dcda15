import { randomInt } from "node:crypto";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import type { Ledger } from "./points/index.server.ts";
import type { DeliveryAddress } from "./orders/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { allow } from "./kernel/rate-limits.server.ts";
import { answerRefusal, Refusal } from "./kernel/refusal.server.ts";
import { say } from "./kernel/language.server.ts";
import { shanghaiDay } from "./kernel/shanghai-day.server.ts";
import { notify } from "./notices.server.ts";

const DRAWS_PER_MINUTE = 30;
const DAY = 86_400_000;

type PrizeKind = "points" | "coupon" | "physical" | "none";

interface DrawRow {
  id: number;
  title: string;
  title_en: string;
  rules: string;
  rules_en: string;
  cost_points: number;
  starts_at: string;
  ends_at: string;
}

interface PrizeRow {
  id: number;
  draw_id: number;
  position: number;
  title: string;
  title_en: string;
  kind: PrizeKind;
  points: number;
  coupon_id: number | null;
  weight: number;
  stock: number | null;
}

interface ResultRow {
  id: number;
  user_id: number;
  draw_id: number;
  prize_id: number;
  paid_with: "points" | "chance";
  user_coupon_id: number | null;
  address: string | null;
  status: "won" | "claimed" | "shipped";
  created_at: string;
  claimed_at: string | null;
}

/** Tasks that give one draw chance per Shanghai day: sign in (done on the welfare centre), share the draw (done here). */
const TASKS = [
  {
    id: "signin",
    title: ["今日签到", "Sign in today"],
    description: ["在福利中心签到，得 1 次抽奖机会", "Sign in at the welfare centre for 1 draw chance"],
    link: "/welfareCenter",
  },
  {
    id: "share",
    title: ["分享抽奖活动", "Share the lucky draw"],
    description: ["把抽奖活动分享给好友，得 1 次抽奖机会", "Share the lucky draw with a friend for 1 draw chance"],
    link: null,
  },
] as const;
type TaskId = (typeof TASKS)[number]["id"];

export interface AddressSource {
  deliveryAddress: (userId: number, addressId: number) => DeliveryAddress | null;
}

/**
 * The lucky draw (/luckyDraw/*) and its chance tasks (/luckyTask/*). A turn is one transaction: window, payment (a
 * chance or points), the weighted pick among prizes in stock, the stock taken, the prize granted, so two turns racing
 * for the last notebook cannot both win it and a refused payment leaves nothing behind.
 *
 * Rules the pick follows: a prize out of stock is not drawn; nor is a coupon the winner already holds (a user has each
 * coupon once) or one no longer valid, since a turn paid for should not land on a prize that cannot be given.
 */
export function luckyDrawRoutes(db: Db, accounts: Accounts, ledger: Ledger, addressBook: AddressSource): RouteDefinition[] {
  const drawById = db.prepare("SELECT * FROM draws WHERE id = ?");
  // Without a drawId: the draw running now, else the one starting next, else the last one that ran.
  const currentDraw = db.prepare(`SELECT * FROM draws ORDER BY
      CASE WHEN starts_at <= @now AND ends_at > @now THEN 0 WHEN starts_at > @now THEN 1 ELSE 2 END,
      CASE WHEN starts_at > @now THEN starts_at END ASC, ends_at DESC LIMIT 1`);
  const prizesOf = db.prepare("SELECT * FROM draw_prizes WHERE draw_id = ? ORDER BY position");
  const prizeById = db.prepare("SELECT * FROM draw_prizes WHERE id = ?");
  const chancesOf = db.prepare("SELECT COALESCE(SUM(delta), 0) FROM draw_chance_entries WHERE user_id = ? AND draw_id = ?").pluck();
  const addChance = db.prepare(
    "INSERT INTO draw_chance_entries (user_id, draw_id, delta, balance_after, reason, ref, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );

  const stateOf = (draw: DrawRow, now: Date) => (now < new Date(draw.starts_at) ? "upcoming" : now >= new Date(draw.ends_at) ? "ended" : ("running" as const));

  const findDraw = (context: ApiContext): DrawRow | undefined => {
    const id = Number(context.params.drawId);
    if (context.params.drawId !== undefined && context.params.drawId !== "")
      return Number.isInteger(id) ? (drawById.get(id) as DrawRow | undefined) : undefined;
    return currentDraw.get({ now: context.now().toISOString() }) as DrawRow | undefined;
  };
  const noDraw = (context: ApiContext) => fail(404, say(context, "抽奖活动不存在", "No such lucky draw"));
  const windowProblem = (context: ApiContext, draw: DrawRow): Envelope | null => {
    const state = stateOf(draw, context.now());
    if (state === "upcoming") return fail(403, say(context, "抽奖活动尚未开始", "The lucky draw has not started yet"));
    if (state === "ended") return fail(403, say(context, "抽奖活动已结束", "The lucky draw has ended"));
    return null;
  };

  const prizeView = (context: ApiContext, prize: PrizeRow) => ({
    id: prize.id,
    position: prize.position,
    title: say(context, prize.title, prize.title_en),
    kind: prize.kind,
    points: prize.points,
    soldOut: prize.stock === 0,
  });

  const viewerId = (context: ApiContext): number | null => {
    if (!context.token) return null;
    const who = accounts.current(context);
    return "user" in who ? who.user.id : null;
  };

  const taskDone = (userId: number, task: TaskId, day: string): boolean =>
    task === "signin"
      ? Boolean(db.prepare("SELECT 1 FROM signins WHERE user_id = ? AND day = ?").get(userId, day))
      : Boolean(db.prepare("SELECT 1 FROM draw_task_steps WHERE user_id = ? AND task_id = ? AND day = ?").get(userId, task, day));
  const taskRef = (task: TaskId, day: string) => `task:${task}:${day}`;

  /** The prize a paid turn lands on: weighted among those that can be given now, by the secure random source. */
  const pick = (draw: DrawRow, userId: number, now: Date): PrizeRow | undefined => {
    const candidates = (prizesOf.all(draw.id) as PrizeRow[]).filter((prize) => {
      if (prize.weight <= 0 || prize.stock === 0) return false;
      if (prize.kind !== "coupon") return true;
      const coupon = db.prepare("SELECT valid_from, valid_until FROM coupons WHERE id = ?").get(prize.coupon_id) as { valid_from: string; valid_until: string };
      const valid = new Date(coupon.valid_from) <= now && now < new Date(coupon.valid_until);
      return valid && !db.prepare("SELECT 1 FROM user_coupons WHERE coupon_id = ? AND user_id = ?").get(prize.coupon_id, userId);
    });
    const total = candidates.reduce((sum, prize) => sum + prize.weight, 0);
    if (total === 0) return undefined;
    let ticket = randomInt(total);
    for (const prize of candidates) {
      if (ticket < prize.weight) return prize;
      ticket -= prize.weight;
    }
    return undefined;
  };

  const turn = db.transaction((context: ApiContext, userId: number, draw: DrawRow, payWith: "points" | "chance") => {
    const now = context.now();
    const closed = windowProblem(context, draw);
    if (closed) return closed;
    if (payWith === "chance") {
      const chances = chancesOf.get(userId, draw.id) as number;
      if (chances < 1) return fail(409, say(context, "抽奖机会不足", "No draw chances left"));
      addChance.run(userId, draw.id, -1, chances - 1, "draw", null, now.toISOString());
    } else {
      const paid = ledger.debit(userId, draw.cost_points, "draw", null, now);
      if (!paid.ok) return fail(409, say(context, "积分不足", "Not enough points"));
    }
    let prize = pick(draw, userId, now);
    // Stock is taken only while some is left; a prize that ran out is the consolation prize instead.
    if (prize && prize.stock !== null && db.prepare("UPDATE draw_prizes SET stock = stock - 1 WHERE id = ? AND stock > 0").run(prize.id).changes !== 1)
      prize = undefined;
    prize ??= db.prepare("SELECT * FROM draw_prizes WHERE draw_id = ? AND kind = 'none' AND stock IS NULL ORDER BY position LIMIT 1").get(draw.id) as
      | PrizeRow
      | undefined;
    if (!prize) throw new Refusal(fail(503, say(context, "奖品已抽完，请稍后再来", "All prizes have been drawn. Please come back later")));

    const at = now.toISOString();
    const status = prize.kind === "physical" ? "won" : "claimed";
    const resultId = Number(
      db
        .prepare("INSERT INTO draw_results (user_id, draw_id, prize_id, paid_with, status, created_at, claimed_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .run(userId, draw.id, prize.id, payWith, status, at, status === "claimed" ? at : null).lastInsertRowid,
    );
    if (prize.kind === "points") ledger.credit(userId, prize.points, "prize", `draw-result:${resultId}`, now);
    if (prize.kind !== "none")
      notify(db, userId, { kind: "prize", title: `恭喜中奖：${prize.title}`, titleEn: `You won: ${prize.title_en || prize.title}`, link: "/myluckyDraw" }, now);
    if (prize.kind === "coupon") {
      const userCouponId = db
        .prepare("INSERT INTO user_coupons (coupon_id, user_id, obtained_at) VALUES (?, ?, ?)")
        .run(prize.coupon_id, userId, at).lastInsertRowid;
      db.prepare("UPDATE draw_results SET user_coupon_id = ? WHERE id = ?").run(userCouponId, resultId);
    }
    return ok(
      {
        resultId,
        prize: prizeView(context, prize),
        needsAddress: prize.kind === "physical",
        points: ledger.balance(userId),
        chances: chancesOf.get(userId, draw.id) as number,
      },
      prize.kind === "none" ? say(context, "谢谢参与", "Thanks for taking part") : say(context, "恭喜中奖", "Congratulations!"),
    );
  });

  const claim = db.transaction((context: ApiContext, userId: number, resultId: number, addressId: number) => {
    // Someone else's result is answered as no result at all: its existence is not the caller's business.
    const result = db.prepare("SELECT * FROM draw_results WHERE id = ? AND user_id = ?").get(resultId, userId) as ResultRow | undefined;
    if (!result) return fail(404, say(context, "奖品不存在", "No such prize"));
    const prize = prizeById.get(result.prize_id) as PrizeRow;
    if (prize.kind !== "physical") return fail(400, say(context, "该奖品无需填写地址", "This prize needs no address"));
    if (result.status !== "won") return fail(409, say(context, "该奖品已填写收货地址", "This prize already has an address"));
    const address = addressBook.deliveryAddress(userId, addressId);
    if (!address) return fail(404, say(context, "地址不存在", "No such address"));
    const at = context.now().toISOString();
    db.prepare("UPDATE draw_results SET address = ?, status = 'claimed', claimed_at = ? WHERE id = ? AND status = 'won'").run(
      JSON.stringify(address),
      at,
      result.id,
    );
    return ok({ resultId: result.id, status: "claimed", address }, say(context, "已提交收货地址", "Address saved. Your prize is on its way soon"));
  });

  const receive = db.transaction((context: ApiContext, userId: number, draw: DrawRow, task: TaskId) => {
    const closed = windowProblem(context, draw);
    if (closed) return closed;
    const day = shanghaiDay(context.now());
    if (!taskDone(userId, task, day)) return fail(409, say(context, "请先完成任务", "Finish the task first"));
    const chances = chancesOf.get(userId, draw.id) as number;
    if (db.prepare("SELECT 1 FROM draw_chance_entries WHERE user_id = ? AND ref = ?").get(userId, taskRef(task, day)))
      return fail(409, say(context, "今天已领取过该任务的机会", "You have received today's chance for this task"));
    addChance.run(userId, draw.id, 1, chances + 1, "task", taskRef(task, day), context.now().toISOString());
    return ok({ chances: chances + 1 }, say(context, "获得 1 次抽奖机会", "You got 1 draw chance"));
  });

  const taskOf = (context: ApiContext): TaskId | null => TASKS.find((task) => task.id === context.params.taskId)?.id ?? null;
  const unknownTask = (context: ApiContext) => fail(400, say(context, "未知任务", "Unknown task"));

  return [
    {
      method: "GET",
      path: "/luckyDraw/detail",
      // For anyone: the draw and its grid; for a signed-in viewer also their points and chances.
      handler: (context) => {
        const draw = findDraw(context);
        if (!draw) return noDraw(context);
        const userId = viewerId(context);
        const state = stateOf(draw, context.now());
        return ok({
          id: draw.id,
          title: say(context, draw.title, draw.title_en),
          rules: say(context, draw.rules, draw.rules_en),
          costPoints: draw.cost_points,
          startsAt: draw.starts_at,
          endsAt: draw.ends_at,
          state,
          running: state === "running",
          prizes: (prizesOf.all(draw.id) as PrizeRow[]).map((prize) => prizeView(context, prize)),
          points: userId === null ? null : ledger.balance(userId),
          chances: userId === null ? null : (chancesOf.get(userId, draw.id) as number),
        });
      },
    },
    {
      method: "POST",
      path: "/luckyDraw/draw",
      handler: accounts.withUser((context, user) => {
        const payWith = context.params.payWith;
        if (payWith !== "points" && payWith !== "chance") return fail(400, say(context, "请选择支付方式", "Choose to pay with points or a chance"));
        const draw = findDraw(context);
        if (!draw) return noDraw(context);
        if (!allow(db, `draw:${user.id}`, DRAWS_PER_MINUTE, 60_000, context.now().getTime()))
          return fail(429, say(context, "抽得太快了，请稍后再试", "Too many draws. Please wait a moment"));
        return answerRefusal(() => turn(context, user.id, draw, payWith));
      }),
    },
    {
      method: "GET",
      path: "/luckyDraw/myPrizes",
      // What the viewer won, newest first; "thanks for taking part" is no prize and is left out.
      handler: accounts.withUser((context, user) => {
        const { pageNum, pageSize } = paging(context.params);
        const rows = db
          .prepare(`SELECT r.*, p.position, p.title, p.title_en, p.kind, p.points, d.title AS draw_title, d.title_en AS draw_title_en
            FROM draw_results r JOIN draw_prizes p ON p.id = r.prize_id JOIN draws d ON d.id = r.draw_id
            WHERE r.user_id = ? AND p.kind <> 'none' ORDER BY r.id DESC LIMIT ? OFFSET ?`)
          .all(user.id, pageSize, (pageNum - 1) * pageSize) as (ResultRow &
          Pick<PrizeRow, "position" | "title" | "title_en" | "kind" | "points"> & { draw_title: string; draw_title_en: string })[];
        const total = db
          .prepare("SELECT COUNT(*) FROM draw_results r JOIN draw_prizes p ON p.id = r.prize_id WHERE r.user_id = ? AND p.kind <> 'none'")
          .pluck()
          .get(user.id) as number;
        const list = rows.map((row) => ({
          id: row.id,
          drawTitle: say(context, row.draw_title, row.draw_title_en),
          title: say(context, row.title, row.title_en),
          kind: row.kind,
          points: row.points,
          paidWith: row.paid_with,
          status: row.status,
          needsAddress: row.kind === "physical" && row.status === "won",
          address: row.address ? (JSON.parse(row.address) as DeliveryAddress) : null,
          createdAt: row.created_at,
        }));
        return ok({ list, total, pageNum, pageSize });
      }),
    },
    {
      method: "POST",
      path: "/luckyDraw/claim",
      handler: accounts.withUser((context, user) => {
        const resultId = Number(context.params.resultId);
        const addressId = Number(context.params.addressId);
        if (!Number.isInteger(resultId) || resultId < 1) return fail(400, say(context, "请选择奖品", "Choose a prize"));
        if (!Number.isInteger(addressId) || addressId < 1) return fail(400, say(context, "请选择收货地址", "Choose a delivery address"));
        return claim(context, user.id, resultId, addressId);
      }),
    },
    {
      method: "GET",
      path: "/luckyTask/list",
      handler: accounts.withUser((context, user) => {
        const draw = findDraw(context);
        if (!draw) return noDraw(context);
        const day = shanghaiDay(context.now());
        const received = db.prepare("SELECT 1 FROM draw_chance_entries WHERE user_id = ? AND ref = ?");
        return ok({
          chances: chancesOf.get(user.id, draw.id) as number,
          list: TASKS.map((task) => ({
            taskId: task.id,
            title: say(context, task.title[0], task.title[1]),
            description: say(context, task.description[0], task.description[1]),
            chances: 1,
            link: task.link,
            done: taskDone(user.id, task.id, day),
            received: Boolean(received.get(user.id, taskRef(task.id, day))),
          })),
        });
      }),
    },
    {
      method: "POST",
      path: "/luckyTask/finish",
      // The share task is done by sharing; sign-in is done where one signs in.
      handler: accounts.withUser((context, user) => {
        const task = taskOf(context);
        if (!task) return unknownTask(context);
        if (task !== "share") return fail(400, say(context, "请前往福利中心签到", "Sign in at the welfare centre"));
        db.prepare("INSERT OR IGNORE INTO draw_task_steps (user_id, task_id, day, created_at) VALUES (?, ?, ?, ?)").run(
          user.id,
          task,
          shanghaiDay(context.now()),
          context.now().toISOString(),
        );
        return ok({ taskId: task, done: true });
      }),
    },
    {
      method: "POST",
      path: "/luckyTask/receive",
      handler: accounts.withUser((context, user) => {
        const task = taskOf(context);
        if (!task) return unknownTask(context);
        const draw = findDraw(context);
        if (!draw) return noDraw(context);
        return receive(context, user.id, draw, task);
      }),
    },
  ];
}

/** Seeds one draw running from yesterday for 90 days, with eight prizes, into a database that has none. */
export function seedLuckyDraw(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM draws LIMIT 1").get()) return;
  const coupon = db.prepare("SELECT id, title, title_en FROM coupons WHERE scope = 'all' ORDER BY id LIMIT 1").get() as
    | { id: number; title: string; title_en: string }
    | undefined;
  const thanks = { title: "谢谢参与", titleEn: "Thanks for taking part", kind: "none", points: 0, couponId: null, stock: null } as const;
  // Weights sum to 100, so each is the prize's percentage; the points paid out average a little under the cost.
  const prizes = [
    { title: "500 积分", titleEn: "500 points", kind: "points", points: 500, couponId: null, weight: 1, stock: null },
    { ...thanks, weight: 45 },
    { title: "100 积分", titleEn: "100 points", kind: "points", points: 100, couponId: null, weight: 5, stock: null },
    coupon
      ? { title: coupon.title, titleEn: coupon.title_en, kind: "coupon", points: 0, couponId: coupon.id, weight: 10, stock: null }
      : { ...thanks, weight: 10 },
    { title: "经管学术笔记本", titleEn: "EconScholar notebook", kind: "physical", points: 0, couponId: null, weight: 3, stock: 3 },
    { title: "20 积分", titleEn: "20 points", kind: "points", points: 20, couponId: null, weight: 26, stock: null },
    { title: "《经济学原理》一本", titleEn: "A copy of Principles of Economics", kind: "physical", points: 0, couponId: null, weight: 1, stock: 1 },
    { title: "50 积分", titleEn: "50 points", kind: "points", points: 50, couponId: null, weight: 9, stock: null },
  ];
  db.transaction(() => {
    const drawId = db
      .prepare("INSERT INTO draws (title, title_en, rules, rules_en, cost_points, starts_at, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(
        "幸运大抽奖",
        "Lucky draw",
        "每次抽奖消耗 20 积分或 1 次抽奖机会。\n每天签到、分享活动各得 1 次抽奖机会，当天领取有效。\n积分奖品即时到账，优惠券放入“我的优惠券”；实物奖品请在“我的奖品”中填写收货地址。\n奖品数量有限，抽完即止。",
        "Each draw costs 20 points or 1 draw chance.\nSigning in and sharing the draw each give 1 draw chance a day; receive it on the day.\nPoints are added at once and coupons go to My coupons; for a physical prize, give your address in My prizes.\nPrizes are limited: when one runs out, it can no longer be drawn.",
        20,
        new Date(now.getTime() - DAY).toISOString(),
        new Date(now.getTime() + 90 * DAY).toISOString(),
      ).lastInsertRowid;
    const insert = db.prepare(
      "INSERT INTO draw_prizes (draw_id, position, title, title_en, kind, points, coupon_id, weight, stock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    prizes.forEach((prize, position) =>
      insert.run(drawId, position, prize.title, prize.titleEn, prize.kind, prize.points, prize.couponId, prize.weight, prize.stock),
    );
  })();
}
