import { randomInt } from "node:crypto";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts, UserRow } from "./accounts.server.ts";
import type { DeliveryAddress } from "./orders.server.ts";
import type { Ledger, PointEntry } from "./ledger.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { pointExchangeSchema, pointExchangeValidators } from "@schemas/generated/form-kits.ts";
import type { PointExchangeForm } from "@schemas/generated/forms.ts";
import { answerRefusal, Refusal } from "./kernel/refusal.server.ts";
import { dayBefore, shanghaiDay } from "./kernel/shanghai-day.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { visibleSql } from "./community/visibility.server.ts";
import { seenItemSql } from "./essays/visibility.server.ts";

/** Points for the nth day of a week's streak (day 7 is the week's prize); a member's are doubled (interest 5). */
export const SIGNIN_POINTS = [5, 5, 10, 10, 15, 15, 30] as const;
const MEMBER_SIGNIN_FACTOR = 2;

export function signinPoints(streak: number, isMember: boolean): number {
  return SIGNIN_POINTS[(streak - 1) % SIGNIN_POINTS.length] * (isMember ? MEMBER_SIGNIN_FACTOR : 1);
}

interface TaskRow {
  module_id: number;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  integral: number;
  period: "once" | "daily";
  target: number;
  link: string;
}

interface GoodsRow {
  id: number;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  cover: string;
  points: number;
  stock: number;
  kind: "physical" | "coupon";
  coupon_id: number | null;
  per_user_limit: number;
}

interface ExchangeRow {
  id: number;
  exchange_no: string;
  user_id: number;
  goods_id: number;
  quantity: number;
  points: number;
  address: string | null;
  user_coupon_id: number | null;
  status: "placed" | "shipped" | "delivered";
  created_at: string;
}

/** What a task step must name so a client cannot finish a task by calling: a real item of the task's kind. */
const STEP_ITEM_KINDS: Record<number, string[]> = { 20: ["video"], 21: ["paper", "report", "book"] };

export interface PointOptions {
  ledger: Ledger;
  /** The buyer's own address, copied into a physical exchange. */
  addressOf: (userId: number, addressId: number) => DeliveryAddress | null;
}

/**
 * Sign-in, tasks and the points mall (ADR 020). Every points change goes through the ledger inside the transaction
 * of what it pays for or rewards; days are Asia/Shanghai calendar days whatever the device's clock says.
 */
export function pointRoutes(db: Db, accounts: Accounts, options: PointOptions): RouteDefinition[] {
  const { ledger } = options;
  const isMember = (user: UserRow) => user.is_vip === 1;
  const signinOn = db.prepare("SELECT * FROM signins WHERE user_id = ? AND day = ?");

  /** The streak as of a day: today's row if signed, else yesterday's streak (0 when yesterday was missed). */
  function streakOf(userId: number, today: string): { signedToday: boolean; streak: number } {
    const todays = signinOn.get(userId, today) as { streak: number } | undefined;
    if (todays) return { signedToday: true, streak: todays.streak };
    const yesterdays = signinOn.get(userId, dayBefore(today)) as { streak: number } | undefined;
    return { signedToday: false, streak: yesterdays?.streak ?? 0 };
  }

  /** The seven days of the current streak's week: signed ones, and what each unsigned one would give. */
  function signinWeek(user: UserRow, now: Date) {
    const today = shanghaiDay(now);
    const { signedToday, streak } = streakOf(user.id, today);
    const dayInWeek = signedToday ? ((streak - 1) % 7) + 1 : (streak % 7) + 1;
    const weekStartStreak = signedToday ? streak - dayInWeek + 1 : streak - dayInWeek + 2;
    return {
      signedToday,
      streak,
      todayPoints: signinPoints(signedToday ? streak : streak + 1, isMember(user)),
      week: Array.from({ length: 7 }, (_, index) => ({
        day: index + 1,
        points: signinPoints(weekStartStreak + index, isMember(user)),
        signed: index + 1 < dayInWeek || (signedToday && index + 1 === dayInWeek),
        today: index + 1 === dayInWeek,
      })),
    };
  }

  const signin = db.transaction((context: ApiContext, user: UserRow): Envelope => {
    const now = context.now();
    const today = shanghaiDay(now);
    const { signedToday, streak } = streakOf(user.id, today);
    if (signedToday) return fail(409, say(context, "今天已经签到过了，明天再来", "You have signed in today. Come back tomorrow"), signinWeek(user, now));
    const points = signinPoints(streak + 1, isMember(user));
    db.prepare("INSERT INTO signins (user_id, day, streak, points, created_at) VALUES (?, ?, ?, ?, ?)").run(
      user.id,
      today,
      streak + 1,
      points,
      now.toISOString(),
    );
    ledger.credit(user.id, points, "signin", `signin:${today}`, now);
    return ok(
      { ...signinWeek(user, now), integral: points, balance: ledger.balance(user.id) },
      say(context, `签到成功，获得 ${points} 积分`, `Signed in: ${points} points`),
    );
  });

  const taskRows = () => db.prepare("SELECT * FROM integral_tasks ORDER BY sort").all() as TaskRow[];
  const periodOf = (task: TaskRow, now: Date) => (task.period === "daily" ? shanghaiDay(now) : "ever");
  const stepsOf = (userId: number, task: TaskRow, now: Date) =>
    db
      .prepare("SELECT COUNT(*) FROM task_steps WHERE user_id = ? AND module_id = ? AND period = ?")
      .pluck()
      .get(userId, task.module_id, periodOf(task, now)) as number;

  const taskView = (context: ApiContext, user: UserRow, task: TaskRow) => {
    const progress = Math.min(task.target, stepsOf(user.id, task, context.now()));
    return {
      moduleId: task.module_id,
      title: say(context, task.title, task.title_en),
      description: say(context, task.description, task.description_en),
      integral: task.integral,
      period: task.period,
      target: task.target,
      progress,
      done: progress >= task.target,
      link: task.link,
    };
  };

  const sharable = db.prepare(`SELECT 1 FROM items WHERE id = @id AND ${seenItemSql(visibleSql("e.user_id", "e.visibility"))}`);

  /** Whether a step names something real: the bound phone for task 3, an item of the right kind, a collection made, an item shared. */
  function stepIsReal(user: UserRow, task: TaskRow, executeId: string): boolean {
    if (task.module_id === 3) return user.is_bind_phone === 1;
    const itemId = Number(executeId);
    if (!Number.isSafeInteger(itemId) || itemId <= 0) return false;
    if (task.module_id === 22) return Boolean(db.prepare("SELECT 1 FROM collects WHERE user_id = ? AND item_id = ?").get(user.id, itemId));
    // Sharing counts only for what the sharer may read, by the rules praise and collections use: someone's draft or an
    // essay kept from them is not there for them to share.
    if (task.module_id === 23) return Boolean(sharable.get({ id: itemId, viewer: user.id }));
    const kinds = STEP_ITEM_KINDS[task.module_id] ?? [];
    return Boolean(db.prepare(`SELECT 1 FROM items WHERE id = ? AND kind IN (${kinds.map(() => "?").join(",")})`).get(itemId, ...kinds));
  }

  /** One step of a task; the step that reaches the target credits its points, exactly once per period. */
  const taskStep = db.transaction((context: ApiContext, user: UserRow): Envelope => {
    const now = context.now();
    const task = db.prepare("SELECT * FROM integral_tasks WHERE module_id = ?").get(Number(context.params.moduleId)) as TaskRow | undefined;
    if (!task) return fail(400, say(context, "未知任务", "Unknown task"));
    const executeId = task.module_id === 3 ? "bound" : String(context.params.executeId ?? "").slice(0, 40);
    const taskName = say(context, task.title, task.title_en);
    const nothing = ok({ finishTask: false, integral: 0, taskName, moduleId: task.module_id });
    if (!stepIsReal(user, task, executeId)) return nothing;
    const period = periodOf(task, now);
    if (stepsOf(user.id, task, now) >= task.target) return nothing;
    db.prepare("INSERT OR IGNORE INTO task_steps (user_id, module_id, period, execute_id, created_at) VALUES (?, ?, ?, ?, ?)").run(
      user.id,
      task.module_id,
      period,
      executeId,
      now.toISOString(),
    );
    if (stepsOf(user.id, task, now) < task.target) return nothing;
    const credited = ledger.credit(user.id, task.integral, "task", `task:${task.module_id}:${period}`, now);
    if (!credited.ok) return nothing;
    return ok({ finishTask: true, integral: task.integral, taskName, moduleId: task.module_id });
  });

  const goodsView = (context: ApiContext, goods: GoodsRow) => ({
    id: goods.id,
    title: say(context, goods.title, goods.title_en),
    description: say(context, goods.description, goods.description_en),
    cover: goods.cover,
    points: goods.points,
    stock: goods.stock,
    kind: goods.kind,
    perUserLimit: goods.per_user_limit,
  });

  const exchangedCount = (userId: number, goodsId: number) =>
    db.prepare("SELECT COALESCE(SUM(quantity), 0) FROM point_exchanges WHERE user_id = ? AND goods_id = ?").pluck().get(userId, goodsId) as number;

  const exchangeView = (context: ApiContext, row: ExchangeRow) => {
    const goods = db.prepare("SELECT * FROM point_goods WHERE id = ?").get(row.goods_id) as GoodsRow;
    return {
      exchangeNo: row.exchange_no,
      goodsId: goods.id,
      title: say(context, goods.title, goods.title_en),
      cover: goods.cover,
      kind: goods.kind,
      quantity: row.quantity,
      points: row.points,
      status: row.status,
      address: row.address ? (JSON.parse(row.address) as DeliveryAddress) : null,
      createTime: row.created_at,
    };
  };

  /** An exchange in one transaction: points debited, stock taken, the coupon given; a repeated key gets the first answer. */
  const exchange = db.transaction((context: ApiContext, user: UserRow, form: PointExchangeForm): Envelope => {
    const now = context.now();
    const key = form.idempotencyKey;
    const earlier = db.prepare("SELECT * FROM point_exchanges WHERE user_id = ? AND idempotency_key = ?").get(user.id, key) as ExchangeRow | undefined;
    if (earlier) return ok(exchangeView(context, earlier), say(context, "兑换成功", "Exchanged"));
    const goods = db.prepare("SELECT * FROM point_goods WHERE id = ?").get(form.goodsId) as GoodsRow | undefined;
    if (!goods) return fail(404, say(context, "商品不存在或已下架", "This item is not available"));
    const quantity = form.quantity ?? 1;
    if (quantity > goods.per_user_limit) return fail(400, say(context, `每人限兑 ${goods.per_user_limit} 件`, `At most ${goods.per_user_limit} per person`));
    if (exchangedCount(user.id, goods.id) + quantity > goods.per_user_limit)
      return fail(
        409,
        say(context, `每人限兑 ${goods.per_user_limit} 件，您已兑换过`, `At most ${goods.per_user_limit} per person, and you have exchanged it already`),
      );
    const address = goods.kind === "physical" ? options.addressOf(user.id, form.addressId ?? 0) : null;
    if (goods.kind === "physical" && !address)
      return fail(400, say(context, "请先选择收货地址", "Please choose a delivery address first"), { fields: { addressId: "order:confirm.needAddress" } });
    if (db.prepare("UPDATE point_goods SET stock = stock - ? WHERE id = ? AND stock >= ?").run(quantity, goods.id, quantity).changes !== 1)
      return fail(409, say(context, "库存不足，已被兑完", "Sold out"));
    const cost = goods.points * quantity;
    const exchangeNo = `${shanghaiDay(now).replaceAll("-", "")}${randomInt(10 ** 9, 10 ** 10 - 1)}`;
    const debited = ledger.debit(user.id, cost, "exchange", `exchange:${exchangeNo}`, now);
    if (!debited.ok) {
      // Thrown, not returned: the stock taken above must be rolled back with the refusal.
      throw new Refusal(fail(409, say(context, "积分不足", "Not enough points"), { balance: ledger.balance(user.id), cost }));
    }
    let userCouponId: number | null = null;
    if (goods.kind === "coupon" && goods.coupon_id) {
      const added = db
        .prepare("INSERT OR IGNORE INTO user_coupons (coupon_id, user_id, obtained_at) VALUES (?, ?, ?)")
        .run(goods.coupon_id, user.id, now.toISOString());
      if (added.changes !== 1) throw new Refusal(fail(409, say(context, "您已拥有该优惠券", "You have this coupon already")));
      userCouponId = Number(added.lastInsertRowid);
    }
    const row = db
      .prepare(
        `INSERT INTO point_exchanges (exchange_no, user_id, goods_id, quantity, points, address, user_coupon_id, status, idempotency_key, source, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .get(
        exchangeNo,
        user.id,
        goods.id,
        quantity,
        cost,
        address ? JSON.stringify(address) : null,
        userCouponId,
        goods.kind === "coupon" ? "delivered" : "placed",
        key,
        context.headers.get("source") ?? "4",
        now.toISOString(),
      ) as ExchangeRow;
    return ok(exchangeView(context, row), say(context, "兑换成功", "Exchanged"));
  });

  const runExchange = (context: ApiContext, user: UserRow): Envelope => {
    const body = validateBody<PointExchangeForm>(context, formKit(pointExchangeSchema, pointExchangeValidators));
    if (!body.ok) return body.envelope;
    return answerRefusal(() => exchange(context, user, body.value));
  };

  const entryView = (context: ApiContext, entry: PointEntry) => ({
    id: entry.id,
    delta: entry.delta,
    balanceAfter: entry.balance_after,
    reason: entry.reason,
    reasonText: say(context, REASON_TEXT[entry.reason][0], REASON_TEXT[entry.reason][1]),
    createTime: entry.created_at,
  });

  return [
    {
      method: "GET",
      path: "/integralTask/taskList",
      handler: accounts.withUser((context, user) =>
        ok({ balance: ledger.balance(user.id), signin: signinWeek(user, context.now()), tasks: taskRows().map((task) => taskView(context, user, task)) }),
      ),
    },
    { method: "POST", path: "/integralTask/signin", handler: accounts.withUser(signin) },
    { method: "GET", path: "/integralTask/weekSignin", handler: accounts.withUser((context, user) => ok(signinWeek(user, context.now()))) },
    { method: "POST", path: "/integralTask/checkFinishTask", handler: accounts.withUser(taskStep) },
    {
      method: "GET",
      path: "/integralGoods/centerData",
      handler: (context) => {
        const who = accounts.current(context);
        const goods = db.prepare("SELECT * FROM point_goods ORDER BY sort, id").all() as GoodsRow[];
        return ok({ balance: "user" in who ? ledger.balance(who.user.id) : null, list: goods.map((row) => goodsView(context, row)) });
      },
    },
    {
      method: "GET",
      path: "/integralGoods/detail",
      handler: (context) => {
        const goods = db.prepare("SELECT * FROM point_goods WHERE id = ?").get(Number(context.params.id)) as GoodsRow | undefined;
        if (!goods) return fail(404, say(context, "商品不存在或已下架", "This item is not available"));
        const who = accounts.current(context);
        const user = "user" in who ? who.user : null;
        return ok({
          ...goodsView(context, goods),
          balance: user ? ledger.balance(user.id) : null,
          exchanged: user ? exchangedCount(user.id, goods.id) : 0,
        });
      },
    },
    {
      method: "GET",
      path: "/integralGoods/pointLog",
      handler: accounts.withUser((context, user) => {
        const { pageNum, pageSize } = paging(context.params, 20);
        return ok({
          balance: ledger.balance(user.id),
          list: ledger.entries(user.id, pageSize, (pageNum - 1) * pageSize).map((entry) => entryView(context, entry)),
          total: ledger.count(user.id),
          pageNum,
          pageSize,
        });
      }),
    },
    {
      method: "GET",
      path: "/signinPush/status",
      handler: accounts.withUser((_context, user) => {
        const row = db.prepare("SELECT remind FROM signin_reminders WHERE user_id = ?").get(user.id) as { remind: number } | undefined;
        return ok({ remind: row?.remind === 1, hour: SIGNIN_REMINDER_HOUR });
      }),
    },
    {
      method: "POST",
      path: "/signinPush/switch",
      handler: accounts.withUser((context, user) => {
        const remind = context.params.remind === true;
        db.prepare(
          `INSERT INTO signin_reminders (user_id, remind, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET remind = excluded.remind, updated_at = excluded.updated_at`,
        ).run(user.id, remind ? 1 : 0, context.now().toISOString());
        return ok(
          { remind, hour: SIGNIN_REMINDER_HOUR },
          remind
            ? say(context, `已开启，每天 ${SIGNIN_REMINDER_HOUR}:00 提醒签到`, `On: a reminder at ${SIGNIN_REMINDER_HOUR}:00 every day`)
            : say(context, "已关闭签到提醒", "Reminders off"),
        );
      }),
    },
    {
      method: "GET",
      path: "/functionGuide/list",
      handler: (context) => {
        const module = String(context.params.module ?? "");
        const steps = GUIDES[module];
        if (!steps) return fail(404, say(context, "没有这个功能引导", "No such guide"));
        const who = accounts.current(context);
        const read = "user" in who && Boolean(db.prepare("SELECT 1 FROM guides_read WHERE user_id = ? AND module = ?").get(who.user.id, module));
        return ok({
          module,
          read,
          steps: steps.map(([title, titleEn, text, textEn]) => ({ title: say(context, title, titleEn), text: say(context, text, textEn) })),
        });
      },
    },
    {
      method: "POST",
      path: "/functionGuide/read",
      handler: accounts.withUser((context, user) => {
        const module = String(context.params.module ?? "");
        if (!GUIDES[module]) return fail(404, say(context, "没有这个功能引导", "No such guide"));
        db.prepare("INSERT OR IGNORE INTO guides_read (user_id, module, read_at) VALUES (?, ?, ?)").run(user.id, module, context.now().toISOString());
        return ok({ module, read: true });
      }),
    },
    { method: "POST", path: "/goodsExchange/confirm", handler: accounts.withUser(runExchange) },
    {
      method: "GET",
      path: "/goodsExchange/list",
      handler: accounts.withUser((context, user) => {
        const { pageNum, pageSize } = paging(context.params, 20);
        const rows = db
          .prepare("SELECT * FROM point_exchanges WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?")
          .all(user.id, pageSize, (pageNum - 1) * pageSize) as ExchangeRow[];
        const total = db.prepare("SELECT COUNT(*) FROM point_exchanges WHERE user_id = ?").pluck().get(user.id) as number;
        return ok({ list: rows.map((row) => exchangeView(context, row)), total, pageNum, pageSize });
      }),
    },
    {
      method: "GET",
      path: "/goodsExchange/detail",
      handler: accounts.withUser((context, user) => {
        const row = db.prepare("SELECT * FROM point_exchanges WHERE exchange_no = ?").get(String(context.params.exchangeNo ?? "")) as ExchangeRow | undefined;
        if (!row || row.user_id !== user.id) return fail(404, say(context, "兑换记录不存在", "No such exchange"));
        return ok(exchangeView(context, row));
      }),
    },
  ];
}

/** The hour (Asia/Shanghai) of the daily sign-in reminder. */
export const SIGNIN_REMINDER_HOUR = 20;

/**
 * Reminds, once a Shanghai day after the reminder hour, the users who asked for it and have not signed in that day.
 * The embedded platform delivers to the developer outbox (channel "push"); a real one to the app or messaging account.
 */
export function sendSigninReminders(db: Db, now: Date): number {
  const day = shanghaiDay(now);
  const hour = new Date(now.getTime() + 8 * 3_600_000).getUTCHours();
  if (hour < SIGNIN_REMINDER_HOUR) return 0;
  const due = db
    .prepare(
      `SELECT r.user_id, u.user_name FROM signin_reminders r JOIN users u ON u.id = r.user_id
       WHERE r.remind = 1 AND (r.last_sent_day IS NULL OR r.last_sent_day < ?)
       AND NOT EXISTS (SELECT 1 FROM signins s WHERE s.user_id = r.user_id AND s.day = ?)`,
    )
    .all(day, day) as { user_id: number; user_name: string }[];
  const send = db.transaction(() => {
    for (const user of due) {
      db.prepare("INSERT INTO outbox (channel, recipient, code, text, sent_at) VALUES ('push', ?, '', ?, ?)").run(
        user.user_name,
        "今天还没有签到，签到领积分 / You have not signed in today: sign in for points",
        now.toISOString(),
      );
      db.prepare("UPDATE signin_reminders SET last_sent_day = ? WHERE user_id = ?").run(day, user.user_id);
    }
  });
  send();
  return due.length;
}

/** Feature guides by module: the steps shown once to a user new to the feature. */
const GUIDES: Record<string, [string, string, string, string][]> = {
  welfare: [
    ["每日签到", "Sign in daily", "每天签到领积分，连续 7 天奖励最多。", "Sign in every day for points; day 7 of a streak gives the most."],
    ["做任务", "Do tasks", "看视频、读论文、收藏内容，完成即得积分。", "Watch videos, read papers, collect things: points as soon as a task is done."],
    ["花积分", "Spend points", "在积分商城兑换好物，或参加幸运抽奖。", "Exchange points for goods in the mall, or try the lucky draw."],
  ],
};

const REASON_TEXT: Record<PointEntry["reason"], [string, string]> = {
  signin: ["每日签到", "Daily sign-in"],
  task: ["完成任务", "Task completed"],
  exchange: ["积分兑换", "Points exchange"],
  draw: ["幸运抽奖", "Lucky draw"],
  prize: ["抽奖奖品", "Lucky-draw prize"],
  unlock: ["解锁有声书", "Audio book unlocked"],
  refund: ["积分退回", "Points returned"],
  operator: ["平台调整", "Adjusted by the platform"],
};

const GOODS: {
  title: [string, string];
  description: [string, string];
  points: number;
  stock: number;
  kind: "physical" | "coupon";
  limit: number;
  coupon?: [string, string, number, number];
}[] = [
  {
    title: ["学术笔记本（A5 精装）", "Academic notebook (A5 hardcover)"],
    description: ["180 页点阵内页，适合记录研讨与读书笔记。包邮寄送。", "180 dotted pages for seminar and reading notes. Free delivery."],
    points: 800,
    stock: 50,
    kind: "physical",
    limit: 2,
  },
  {
    title: ["帆布托特包", "Canvas tote bag"],
    description: ["加厚帆布，可装下 15 寸笔记本电脑。包邮寄送。", "Heavy canvas, fits a 15-inch laptop. Free delivery."],
    points: 600,
    stock: 30,
    kind: "physical",
    limit: 1,
  },
  {
    title: ["课程优惠券 满99减15", "Course coupon: ¥15 off ¥99"],
    description: ["兑换后立即放入“我的优惠券”，精品课程可用。", "Goes straight to My coupons; for boutique courses."],
    points: 150,
    stock: 200,
    kind: "coupon",
    limit: 1,
    coupon: ["积分兑换 课程满99减15", "Points exchange: ¥15 off a ¥99 course", 1_500, 9_900],
  },
  {
    title: ["全场优惠券 无门槛减5元", "¥5 off anything, no minimum"],
    description: ["兑换后立即放入“我的优惠券”，全场通用。", "Goes straight to My coupons; for anything."],
    points: 80,
    stock: 500,
    kind: "coupon",
    limit: 1,
    coupon: ["积分兑换 无门槛减5元", "Points exchange: ¥5 off, no minimum", 500, 0],
  },
  {
    title: ["《计量经济学导论》签名版", "Introductory Econometrics, signed"],
    description: ["作者签名版教材，数量有限。包邮寄送。", "The textbook signed by its author; few copies. Free delivery."],
    points: 3_000,
    stock: 3,
    kind: "physical",
    limit: 1,
  },
];

/** The points mall's goods, once (coupon goods with their own points-channel coupons). */
export function seedPoints(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM point_goods").get()) return;
  const until = new Date(now.getTime() + 365 * 86_400_000).toISOString();
  db.transaction(() => {
    GOODS.forEach((goods, index) => {
      let couponId: number | null = null;
      if (goods.coupon) {
        const [title, titleEn, amountFen, thresholdFen] = goods.coupon;
        couponId = Number(
          db
            .prepare(
              `INSERT INTO coupons (title, title_en, kind, amount_fen, threshold_fen, scope, valid_from, valid_until, remaining, channel)
               VALUES (?, ?, 'amount', ?, ?, ?, ?, ?, 0, 'points')`,
            )
            .run(title, titleEn, amountFen, thresholdFen, thresholdFen ? "course" : "all", now.toISOString(), until).lastInsertRowid,
        );
      }
      // The poster comes from a catalogue item of its own (kind "mall" is never listed or searched).
      const itemId = Number(
        db.prepare("INSERT INTO items (kind, title, title_en, created_at) VALUES ('mall', ?, ?, ?)").run(goods.title[0], goods.title[1], now.toISOString())
          .lastInsertRowid,
      );
      db.prepare(
        `INSERT INTO point_goods (title, title_en, description, description_en, cover, points, stock, kind, coupon_id, per_user_limit, sort)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        goods.title[0],
        goods.title[1],
        goods.description[0],
        goods.description[1],
        `/media/poster/${itemId}.svg`,
        goods.points,
        goods.stock,
        goods.kind,
        couponId,
        goods.limit,
        index,
      );
    });
  })();
}
