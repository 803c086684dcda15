import type { UserRow } from "../accounts/index.server.ts";
import type { DeliveryAddress } from "../orders/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { answerRefusal } from "../kernel/refusal.server.ts";
import { say } from "../kernel/language.server.ts";
import { shanghaiDay } from "../kernel/shanghai-day.server.ts";
import * as queries from "./queries.server.ts";
import type { WonPrizeRow } from "./queries.server.ts";
import {
  claimPrize,
  findDraw,
  type LuckyDrawContext,
  noDraw,
  prizeView,
  receiveChance,
  stateOf,
  TASKS,
  type TaskId,
  takeTurn,
  taskDone,
  taskRef,
} from "./rules.server.ts";

const DRAWS_PER_MINUTE = 30;

type UserHandler = (draw: LuckyDrawContext, context: ApiContext, user: UserRow) => Envelope;

const viewerId = ({ accounts }: LuckyDrawContext, context: ApiContext): number | null => {
  if (!context.token) return null;
  const who = accounts.current(context);
  return "user" in who ? who.user.id : null;
};

const taskOf = (context: ApiContext): TaskId | null => TASKS.find((task) => task.id === context.params.taskId)?.id ?? null;
const unknownTask = (context: ApiContext) => fail(400, say(context, "未知任务", "Unknown task"));

/** For anyone: the draw and its grid; for a signed-in viewer also their points and chances. */
function drawDetail(luckyDraw: LuckyDrawContext, context: ApiContext): Envelope {
  const { db, ledger } = luckyDraw;
  const draw = findDraw(db, context);
  if (!draw) return noDraw(context);
  const userId = viewerId(luckyDraw, context);
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
    prizes: queries.prizesOf(db, draw.id).map((prize) => prizeView(context, prize)),
    points: userId === null ? null : ledger.balance(userId),
    chances: userId === null ? null : queries.chancesOf(db, userId, draw.id),
  });
}

const draw: UserHandler = (luckyDraw, context, user) => {
  const payWith = context.params.payWith;
  if (payWith !== "points" && payWith !== "chance") return fail(400, say(context, "请选择支付方式", "Choose to pay with points or a chance"));
  const row = findDraw(luckyDraw.db, context);
  if (!row) return noDraw(context);
  if (!allow(luckyDraw.db, `draw:${user.id}`, DRAWS_PER_MINUTE, 60_000, context.now().getTime()))
    return fail(429, say(context, "抽得太快了，请稍后再试", "Too many draws. Please wait a moment"));
  return answerRefusal(() => takeTurn(luckyDraw, context, user.id, row, payWith));
};

const wonPrizeView = (context: ApiContext, row: WonPrizeRow) => ({
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
});

/** What the viewer won, newest first. */
const myPrizes: UserHandler = ({ db }, context, user) => {
  const { pageNum, pageSize } = paging(context.params);
  const list = queries.wonPrizes(db, user.id, pageSize, (pageNum - 1) * pageSize).map((row) => wonPrizeView(context, row));
  return ok({ list, total: queries.wonPrizeCount(db, user.id), pageNum, pageSize });
};

const claim: UserHandler = (luckyDraw, context, user) => {
  const resultId = Number(context.params.resultId);
  const addressId = Number(context.params.addressId);
  if (!Number.isInteger(resultId) || resultId < 1) return fail(400, say(context, "请选择奖品", "Choose a prize"));
  if (!Number.isInteger(addressId) || addressId < 1) return fail(400, say(context, "请选择收货地址", "Choose a delivery address"));
  return claimPrize(luckyDraw, context, user.id, resultId, addressId);
};

const taskList: UserHandler = ({ db }, context, user) => {
  const row = findDraw(db, context);
  if (!row) return noDraw(context);
  const day = shanghaiDay(context.now());
  return ok({
    chances: queries.chancesOf(db, user.id, row.id),
    list: TASKS.map((task) => ({
      taskId: task.id,
      title: say(context, task.title[0], task.title[1]),
      description: say(context, task.description[0], task.description[1]),
      chances: 1,
      link: task.link,
      done: taskDone(db, user.id, task.id, day),
      received: queries.chanceReceived(db, user.id, taskRef(task.id, day)),
    })),
  });
};

/** The share task is done by sharing; sign-in is done where one signs in. */
const finishTask: UserHandler = ({ db }, context, user) => {
  const task = taskOf(context);
  if (!task) return unknownTask(context);
  if (task !== "share") return fail(400, say(context, "请前往福利中心签到", "Sign in at the welfare centre"));
  queries.recordTaskStep(db, user.id, task, shanghaiDay(context.now()), context.now().toISOString());
  return ok({ taskId: task, done: true });
};

const receiveTask: UserHandler = ({ db }, context, user) => {
  const task = taskOf(context);
  if (!task) return unknownTask(context);
  const row = findDraw(db, context);
  if (!row) return noDraw(context);
  return receiveChance(db, context, user.id, row, task);
};

/** The lucky draw (/luckyDraw/*) and its chance tasks (/luckyTask/*). */
export function luckyDrawRoutes(luckyDraw: LuckyDrawContext): RouteDefinition[] {
  const signedIn = (handler: UserHandler) => luckyDraw.accounts.withUser((context, user) => handler(luckyDraw, context, user));
  return [
    { method: "GET", path: "/luckyDraw/detail", handler: (context) => drawDetail(luckyDraw, context) },
    { method: "POST", path: "/luckyDraw/draw", handler: signedIn(draw) },
    { method: "GET", path: "/luckyDraw/myPrizes", handler: signedIn(myPrizes) },
    { method: "POST", path: "/luckyDraw/claim", handler: signedIn(claim) },
    { method: "GET", path: "/luckyTask/list", handler: signedIn(taskList) },
    { method: "POST", path: "/luckyTask/finish", handler: signedIn(finishTask) },
    { method: "POST", path: "/luckyTask/receive", handler: signedIn(receiveTask) },
  ];
}
