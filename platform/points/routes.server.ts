import { pointExchangeSchema, pointExchangeValidators } from "@schemas/generated/form-kits.ts";
import type { PointExchangeForm } from "@schemas/generated/forms.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import type { DeliveryAddress } from "../orders/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { answerRefusal } from "../kernel/refusal.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { ExchangeRow, GoodsRow, PointEntry, TaskRow } from "./queries.server.ts";
import { exchange, SIGNIN_REMINDER_HOUR, signin, signinWeek, stepsOf, taskStep, type PointsContext } from "./rules.server.ts";

type UserHandler = (points: PointsContext, context: ApiContext, user: UserRow) => Envelope;

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

const taskView = (points: PointsContext, context: ApiContext, user: UserRow, task: TaskRow) => {
  const progress = Math.min(task.target, stepsOf(points.db, user.id, task, context.now()));
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

const exchangeView = (points: PointsContext, context: ApiContext, row: ExchangeRow) => {
  const goods = queries.goodsById(points.db, row.goods_id) as GoodsRow;
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

const entryView = (context: ApiContext, entry: PointEntry) => ({
  id: entry.id,
  delta: entry.delta,
  balanceAfter: entry.balance_after,
  reason: entry.reason,
  reasonText: say(context, REASON_TEXT[entry.reason][0], REASON_TEXT[entry.reason][1]),
  createTime: entry.created_at,
});

function taskList(points: PointsContext, context: ApiContext, user: UserRow): Envelope {
  return ok({
    balance: points.ledger.balance(user.id),
    signin: signinWeek(points.db, user, context.now()),
    tasks: queries.tasks(points.db).map((task) => taskView(points, context, user, task)),
  });
}

function runExchange(points: PointsContext, context: ApiContext, user: UserRow): Envelope {
  const body = validateBody<PointExchangeForm>(context, formKit(pointExchangeSchema, pointExchangeValidators));
  if (!body.ok) return body.envelope;
  return answerRefusal(() => {
    const done = exchange(points, context, user, body.value);
    return "code" in done ? done : ok(exchangeView(points, context, done), say(context, "兑换成功", "Exchanged"));
  });
}

function mallCentre(points: PointsContext, accounts: Accounts, context: ApiContext): Envelope {
  const who = accounts.current(context);
  const list = queries.allGoods(points.db).map((row) => goodsView(context, row));
  return ok({ balance: "user" in who ? points.ledger.balance(who.user.id) : null, list });
}

function goodsDetail(points: PointsContext, accounts: Accounts, context: ApiContext): Envelope {
  const goods = queries.goodsById(points.db, Number(context.params.id));
  if (!goods) return fail(404, say(context, "商品不存在或已下架", "This item is not available"));
  const who = accounts.current(context);
  const user = "user" in who ? who.user : null;
  return ok({
    ...goodsView(context, goods),
    balance: user ? points.ledger.balance(user.id) : null,
    exchanged: user ? queries.exchangedCount(points.db, user.id, goods.id) : 0,
  });
}

function pointLog({ ledger }: PointsContext, context: ApiContext, user: UserRow): Envelope {
  const { pageNum, pageSize } = paging(context.params, 20);
  return ok({
    balance: ledger.balance(user.id),
    list: ledger.entries(user.id, pageSize, (pageNum - 1) * pageSize).map((entry) => entryView(context, entry)),
    total: ledger.count(user.id),
    pageNum,
    pageSize,
  });
}

function reminderStatus({ db }: PointsContext, _context: ApiContext, user: UserRow): Envelope {
  return ok({ remind: queries.reminderOf(db, user.id)?.remind === 1, hour: SIGNIN_REMINDER_HOUR });
}

function switchReminder({ db }: PointsContext, context: ApiContext, user: UserRow): Envelope {
  const remind = context.params.remind === true;
  queries.setReminder(db, user.id, remind, context.now().toISOString());
  return ok(
    { remind, hour: SIGNIN_REMINDER_HOUR },
    remind
      ? say(context, `已开启，每天 ${SIGNIN_REMINDER_HOUR}:00 提醒签到`, `On: a reminder at ${SIGNIN_REMINDER_HOUR}:00 every day`)
      : say(context, "已关闭签到提醒", "Reminders off"),
  );
}

function guide(points: PointsContext, accounts: Accounts, context: ApiContext): Envelope {
  const module = String(context.params.module ?? "");
  const steps = GUIDES[module];
  if (!steps) return fail(404, say(context, "没有这个功能引导", "No such guide"));
  const who = accounts.current(context);
  return ok({
    module,
    read: "user" in who && queries.guideRead(points.db, who.user.id, module),
    steps: steps.map(([title, titleEn, text, textEn]) => ({ title: say(context, title, titleEn), text: say(context, text, textEn) })),
  });
}

function readGuide({ db }: PointsContext, context: ApiContext, user: UserRow): Envelope {
  const module = String(context.params.module ?? "");
  if (!GUIDES[module]) return fail(404, say(context, "没有这个功能引导", "No such guide"));
  queries.markGuideRead(db, user.id, module, context.now().toISOString());
  return ok({ module, read: true });
}

function exchangeList(points: PointsContext, context: ApiContext, user: UserRow): Envelope {
  const { pageNum, pageSize } = paging(context.params, 20);
  const rows = queries.exchangesPage(points.db, user.id, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map((row) => exchangeView(points, context, row)), total: queries.exchangeCount(points.db, user.id), pageNum, pageSize });
}

function exchangeDetail(points: PointsContext, context: ApiContext, user: UserRow): Envelope {
  const row = queries.exchangeByNo(points.db, String(context.params.exchangeNo ?? ""));
  if (!row || row.user_id !== user.id) return fail(404, say(context, "兑换记录不存在", "No such exchange"));
  return ok(exchangeView(points, context, row));
}

/**
 * Sign-in, tasks and the points mall (ADR 020). Every points change goes through the ledger inside the transaction
 * of what it pays for or rewards; days are Asia/Shanghai calendar days whatever the device's clock says.
 */
export function pointRoutes(points: PointsContext, accounts: Accounts): RouteDefinition[] {
  const forUser = (handler: UserHandler) => accounts.withUser((context, user) => handler(points, context, user));
  const open = (handler: typeof guide) => (context: ApiContext) => handler(points, accounts, context);
  return [
    { method: "GET", path: "/integralTask/taskList", handler: forUser(taskList) },
    { method: "POST", path: "/integralTask/signin", handler: forUser(signin) },
    { method: "GET", path: "/integralTask/weekSignin", handler: forUser(({ db }, context, user) => ok(signinWeek(db, user, context.now()))) },
    { method: "POST", path: "/integralTask/checkFinishTask", handler: forUser(taskStep) },
    { method: "GET", path: "/integralGoods/centerData", handler: open(mallCentre) },
    { method: "GET", path: "/integralGoods/detail", handler: open(goodsDetail) },
    { method: "GET", path: "/integralGoods/pointLog", handler: forUser(pointLog) },
    { method: "GET", path: "/signinPush/status", handler: forUser(reminderStatus) },
    { method: "POST", path: "/signinPush/switch", handler: forUser(switchReminder) },
    { method: "GET", path: "/functionGuide/list", handler: open(guide) },
    { method: "POST", path: "/functionGuide/read", handler: forUser(readGuide) },
    { method: "POST", path: "/goodsExchange/confirm", handler: forUser(runExchange) },
    { method: "GET", path: "/goodsExchange/list", handler: forUser(exchangeList) },
    { method: "GET", path: "/goodsExchange/detail", handler: forUser(exchangeDetail) },
  ];
}
