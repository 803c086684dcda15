import { randomInt } from "node:crypto";
import type { PointExchangeForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import type { UserRow } from "../accounts/index.server.ts";
import type { DeliveryAddress } from "../orders/index.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { Refusal } from "../kernel/refusal.server.ts";
import { dayBefore, shanghaiDay } from "../kernel/shanghai-day.server.ts";
import { say } from "../kernel/language.server.ts";
import type { Ledger } from "./ledger.server.ts";
import * as queries from "./queries.server.ts";
import type { ExchangeRow, TaskRow } from "./queries.server.ts";

/** Points for the nth day of a week's streak (day 7 is the week's prize); a member's are doubled (interest 5). */
export const SIGNIN_POINTS = [5, 5, 10, 10, 15, 15, 30] as const;
const MEMBER_SIGNIN_FACTOR = 2;

/** The hour (Asia/Shanghai) of the daily sign-in reminder. */
export const SIGNIN_REMINDER_HOUR = 20;

/** What a task step must name so a client cannot finish a task by calling: a real item of the task's kind. */
const STEP_ITEM_KINDS: Record<number, string[]> = { 20: ["video"], 21: ["paper", "report", "book"] };

export interface PointOptions {
  ledger: Ledger;
  /** The buyer's own address, copied into a physical exchange. */
  addressOf: (userId: number, addressId: number) => DeliveryAddress | null;
}

/** What the points area's rules work with: the database, the ledger and the address book. */
export type PointsContext = PointOptions & { db: Db };

export function signinPoints(streak: number, isMember: boolean): number {
  return SIGNIN_POINTS[(streak - 1) % SIGNIN_POINTS.length] * (isMember ? MEMBER_SIGNIN_FACTOR : 1);
}

const isMember = (user: UserRow) => user.is_vip === 1;

/** The streak as of a day: today's row if signed, else yesterday's streak (0 when yesterday was missed). */
function streakOf(db: Db, userId: number, today: string): { signedToday: boolean; streak: number } {
  const todays = queries.signinOn(db, userId, today);
  if (todays) return { signedToday: true, streak: todays.streak };
  return { signedToday: false, streak: queries.signinOn(db, userId, dayBefore(today))?.streak ?? 0 };
}

/** The seven days of the current streak's week: signed ones, and what each unsigned one would give. */
export function signinWeek(db: Db, user: UserRow, now: Date) {
  const { signedToday, streak } = streakOf(db, user.id, shanghaiDay(now));
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

/** Today's sign-in, once a Shanghai day, with its points credited in the same transaction. */
export function signin({ db, ledger }: PointsContext, context: ApiContext, user: UserRow): Envelope {
  return db.transaction((): Envelope => {
    const now = context.now();
    const today = shanghaiDay(now);
    const { signedToday, streak } = streakOf(db, user.id, today);
    if (signedToday) return fail(409, say(context, "今天已经签到过了，明天再来", "You have signed in today. Come back tomorrow"), signinWeek(db, user, now));
    const points = signinPoints(streak + 1, isMember(user));
    queries.insertSignin(db, user.id, today, streak + 1, points, now.toISOString());
    ledger.credit(user.id, points, "signin", `signin:${today}`, now);
    return ok(
      { ...signinWeek(db, user, now), integral: points, balance: ledger.balance(user.id) },
      say(context, `签到成功，获得 ${points} 积分`, `Signed in: ${points} points`),
    );
  })();
}

const periodOf = (task: TaskRow, now: Date) => (task.period === "daily" ? shanghaiDay(now) : "ever");

export const stepsOf = (db: Db, userId: number, task: TaskRow, now: Date) => queries.taskStepCount(db, userId, task.module_id, periodOf(task, now));

/** Whether a step names something real: the bound phone for task 3, an item of the right kind, a collection made, an item shared. */
function stepIsReal(db: Db, user: UserRow, task: TaskRow, executeId: string): boolean {
  if (task.module_id === 3) return user.is_bind_phone === 1;
  const itemId = Number(executeId);
  if (!Number.isSafeInteger(itemId) || itemId <= 0) return false;
  if (task.module_id === 22) return queries.hasCollected(db, user.id, itemId);
  // Sharing counts only for what the sharer may read, by the rules praise and collections use: someone's draft or an
  // essay kept from them is not there for them to share.
  if (task.module_id === 23) return queries.itemSeenBy(db, itemId, user.id);
  return queries.itemOfKinds(db, itemId, STEP_ITEM_KINDS[task.module_id] ?? []);
}

/** One step of a task; the step that reaches the target credits its points, exactly once per period. */
export function taskStep({ db, ledger }: PointsContext, context: ApiContext, user: UserRow): Envelope {
  return db.transaction((): Envelope => {
    const now = context.now();
    const task = queries.taskByModule(db, Number(context.params.moduleId));
    if (!task) return fail(400, say(context, "未知任务", "Unknown task"));
    const executeId = task.module_id === 3 ? "bound" : String(context.params.executeId ?? "").slice(0, 40);
    const taskName = say(context, task.title, task.title_en);
    const nothing = ok({ finishTask: false, integral: 0, taskName, moduleId: task.module_id });
    if (!stepIsReal(db, user, task, executeId)) return nothing;
    const period = periodOf(task, now);
    if (stepsOf(db, user.id, task, now) >= task.target) return nothing;
    queries.insertTaskStep(db, user.id, task.module_id, period, executeId, now.toISOString());
    if (stepsOf(db, user.id, task, now) < task.target) return nothing;
    const credited = ledger.credit(user.id, task.integral, "task", `task:${task.module_id}:${period}`, now);
    if (!credited.ok) return nothing;
    return ok({ finishTask: true, integral: task.integral, taskName, moduleId: task.module_id });
  })();
}

/**
 * An exchange in one transaction: points debited, stock taken, the coupon given; a repeated key gets the first row.
 * A refusal after stock was taken is thrown as a Refusal, so the caller answers it with answerRefusal.
 */
export function exchange(points: PointsContext, context: ApiContext, user: UserRow, form: PointExchangeForm): ExchangeRow | Envelope {
  const { db, ledger } = points;
  return db.transaction((): ExchangeRow | Envelope => {
    const now = context.now();
    const earlier = queries.exchangeByKey(db, user.id, form.idempotencyKey);
    if (earlier) return earlier;
    const goods = queries.goodsById(db, form.goodsId);
    if (!goods) return fail(404, say(context, "商品不存在或已下架", "This item is not available"));
    const quantity = form.quantity ?? 1;
    const limit = goods.per_user_limit;
    if (quantity > limit) return fail(400, say(context, `每人限兑 ${limit} 件`, `At most ${limit} per person`));
    if (queries.exchangedCount(db, user.id, goods.id) + quantity > limit)
      return fail(409, say(context, `每人限兑 ${limit} 件，您已兑换过`, `At most ${limit} per person, and you have exchanged it already`));
    const address = goods.kind === "physical" ? points.addressOf(user.id, form.addressId ?? 0) : null;
    if (goods.kind === "physical" && !address)
      return fail(400, say(context, "请先选择收货地址", "Please choose a delivery address first"), { fields: { addressId: "order:confirm.needAddress" } });
    if (!queries.takeGoodsStock(db, goods.id, quantity)) return fail(409, say(context, "库存不足，已被兑完", "Sold out"));
    const cost = goods.points * quantity;
    const exchangeNo = `${shanghaiDay(now).replaceAll("-", "")}${randomInt(10 ** 9, 10 ** 10 - 1)}`;
    // Thrown, not returned: the stock taken above must be rolled back with the refusal.
    if (!ledger.debit(user.id, cost, "exchange", `exchange:${exchangeNo}`, now).ok)
      throw new Refusal(fail(409, say(context, "积分不足", "Not enough points"), { balance: ledger.balance(user.id), cost }));
    let userCouponId: number | null = null;
    if (goods.kind === "coupon" && goods.coupon_id) {
      userCouponId = queries.giveCoupon(db, goods.coupon_id, user.id, now.toISOString());
      if (userCouponId === null) throw new Refusal(fail(409, say(context, "您已拥有该优惠券", "You have this coupon already")));
    }
    return queries.insertExchange(db, {
      exchangeNo,
      userId: user.id,
      goodsId: goods.id,
      quantity,
      points: cost,
      address: address ? JSON.stringify(address) : null,
      userCouponId,
      status: goods.kind === "coupon" ? "delivered" : "placed",
      key: form.idempotencyKey,
      source: context.headers.get("source") ?? "4",
      createdAt: now.toISOString(),
    });
  })();
}

/**
 * Reminds, once a Shanghai day after the reminder hour, the users who asked for it and have not signed in that day.
 * The embedded platform delivers to the developer outbox (channel "push"); a real one to the app or messaging account.
 */
export function sendSigninReminders(db: Db, now: Date): number {
  const day = shanghaiDay(now);
  const hour = new Date(now.getTime() + 8 * 3_600_000).getUTCHours();
  if (hour < SIGNIN_REMINDER_HOUR) return 0;
  const due = queries.remindersDue(db, day);
  db.transaction(() => {
    for (const user of due) {
      queries.pushReminder(db, user.user_name, "今天还没有签到，签到领积分 / You have not signed in today: sign in for points", now.toISOString());
      queries.markReminderSent(db, user.user_id, day);
    }
  })();
  return due.length;
}
