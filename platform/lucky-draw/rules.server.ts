import { randomInt } from "node:crypto";
import type { Accounts } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import type { Ledger } from "../points/index.server.ts";
import type { DeliveryAddress } from "../orders/index.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { Refusal } from "../kernel/refusal.server.ts";
import { say } from "../kernel/language.server.ts";
import { shanghaiDay } from "../kernel/shanghai-day.server.ts";
import { notify } from "../notices/index.server.ts";
import * as queries from "./queries.server.ts";
import type { DrawRow, PrizeRow } from "./queries.server.ts";

export interface AddressSource {
  deliveryAddress: (userId: number, addressId: number) => DeliveryAddress | null;
}

/** What the lucky draw works with: the database, the accounts, the points ledger and the address book. */
export interface LuckyDrawContext {
  db: Db;
  accounts: Accounts;
  ledger: Ledger;
  addressBook: AddressSource;
}

/** Tasks that give one draw chance per Shanghai day: sign in (done on the welfare centre), share the draw (done here). */
export const TASKS = [
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
export type TaskId = (typeof TASKS)[number]["id"];
export type PayWith = "points" | "chance";

export const stateOf = (draw: DrawRow, now: Date) =>
  now < new Date(draw.starts_at) ? "upcoming" : now >= new Date(draw.ends_at) ? "ended" : ("running" as const);

/** The draw a request names by drawId, or without one the draw running now (else the next, else the last). */
export function findDraw(db: Db, context: ApiContext): DrawRow | undefined {
  const id = Number(context.params.drawId);
  if (context.params.drawId !== undefined && context.params.drawId !== "") return Number.isInteger(id) ? queries.drawById(db, id) : undefined;
  return queries.currentDraw(db, context.now().toISOString());
}

export const noDraw = (context: ApiContext) => fail(404, say(context, "抽奖活动不存在", "No such lucky draw"));

function windowProblem(context: ApiContext, draw: DrawRow): Envelope | null {
  const state = stateOf(draw, context.now());
  if (state === "upcoming") return fail(403, say(context, "抽奖活动尚未开始", "The lucky draw has not started yet"));
  if (state === "ended") return fail(403, say(context, "抽奖活动已结束", "The lucky draw has ended"));
  return null;
}

export const prizeView = (context: ApiContext, prize: PrizeRow) => ({
  id: prize.id,
  position: prize.position,
  title: say(context, prize.title, prize.title_en),
  kind: prize.kind,
  points: prize.points,
  soldOut: prize.stock === 0,
});

export const taskDone = (db: Db, userId: number, task: TaskId, day: string): boolean =>
  task === "signin" ? queries.signedInOn(db, userId, day) : queries.taskStepDone(db, userId, task, day);

export const taskRef = (task: TaskId, day: string) => `task:${task}:${day}`;

/**
 * The prize a paid turn lands on: weighted among those that can be given now, by the secure random source. A prize out
 * of stock is not drawn; nor is a coupon the winner already holds (a user has each coupon once) or one no longer valid,
 * since a turn paid for should not land on a prize that cannot be given.
 */
function pick(db: Db, draw: DrawRow, userId: number, now: Date): PrizeRow | undefined {
  const candidates = queries.prizesOf(db, draw.id).filter((prize) => {
    if (prize.weight <= 0 || prize.stock === 0) return false;
    if (prize.kind !== "coupon") return true;
    const coupon = queries.couponWindow(db, prize.coupon_id);
    const valid = new Date(coupon.valid_from) <= now && now < new Date(coupon.valid_until);
    return valid && !queries.holdsCoupon(db, prize.coupon_id, userId);
  });
  const total = candidates.reduce((sum, prize) => sum + prize.weight, 0);
  if (total === 0) return undefined;
  let ticket = randomInt(total);
  for (const prize of candidates) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  return undefined;
}

/** Pays for a turn with a chance or points; an envelope when the payment is refused. */
function pay({ db, ledger }: LuckyDrawContext, context: ApiContext, userId: number, draw: DrawRow, payWith: PayWith): Envelope | null {
  const now = context.now();
  if (payWith === "points")
    return ledger.debit(userId, draw.cost_points, "draw", null, now).ok ? null : fail(409, say(context, "积分不足", "Not enough points"));
  const chances = queries.chancesOf(db, userId, draw.id);
  if (chances < 1) return fail(409, say(context, "抽奖机会不足", "No draw chances left"));
  queries.addChance(db, { userId, drawId: draw.id, delta: -1, balanceAfter: chances - 1, reason: "draw", ref: null, at: now.toISOString() });
  return null;
}

/** The drawn prize with its stock taken; a prize that ran out meanwhile becomes the consolation prize. */
function drawPrize(db: Db, context: ApiContext, userId: number, draw: DrawRow): PrizeRow {
  let prize = pick(db, draw, userId, context.now());
  if (prize && prize.stock !== null && !queries.takeStock(db, prize.id)) prize = undefined;
  prize ??= queries.consolationPrize(db, draw.id);
  if (!prize) throw new Refusal(fail(503, say(context, "奖品已抽完，请稍后再来", "All prizes have been drawn. Please come back later")));
  return prize;
}

/** Records the result and gives the prize: points credited, coupon handed over, the winner notified. */
function grant({ db, ledger }: LuckyDrawContext, userId: number, draw: DrawRow, prize: PrizeRow, payWith: PayWith, now: Date): number {
  const at = now.toISOString();
  const status = prize.kind === "physical" ? "won" : "claimed";
  const resultId = queries.insertResult(db, { userId, drawId: draw.id, prizeId: prize.id, paidWith: payWith, status, at });
  if (prize.kind === "points") ledger.credit(userId, prize.points, "prize", `draw-result:${resultId}`, now);
  if (prize.kind !== "none")
    notify(db, userId, { kind: "prize", title: `恭喜中奖：${prize.title}`, titleEn: `You won: ${prize.title_en || prize.title}`, link: "/myluckyDraw" }, now);
  if (prize.kind === "coupon") queries.setResultCoupon(db, resultId, queries.giveCoupon(db, prize.coupon_id, userId, at));
  return resultId;
}

/**
 * One turn in one transaction: window, payment (a chance or points), the weighted pick among prizes in stock, the
 * stock taken, the prize granted, so two turns racing for the last notebook cannot both win it and a refused payment
 * leaves nothing behind.
 */
export function takeTurn(draw: LuckyDrawContext, context: ApiContext, userId: number, row: DrawRow, payWith: PayWith): Envelope {
  return draw.db.transaction(() => {
    const refused = windowProblem(context, row) ?? pay(draw, context, userId, row, payWith);
    if (refused) return refused;
    const prize = drawPrize(draw.db, context, userId, row);
    const resultId = grant(draw, userId, row, prize, payWith, context.now());
    return ok(
      {
        resultId,
        prize: prizeView(context, prize),
        needsAddress: prize.kind === "physical",
        points: draw.ledger.balance(userId),
        chances: queries.chancesOf(draw.db, userId, row.id),
      },
      prize.kind === "none" ? say(context, "谢谢参与", "Thanks for taking part") : say(context, "恭喜中奖", "Congratulations!"),
    );
  })();
}

/** Gives a physical prize its delivery address, once. Someone else's result is answered as no result at all. */
export function claimPrize({ db, addressBook }: LuckyDrawContext, context: ApiContext, userId: number, resultId: number, addressId: number): Envelope {
  return db.transaction(() => {
    const result = queries.ownResult(db, resultId, userId);
    if (!result) return fail(404, say(context, "奖品不存在", "No such prize"));
    const prize = queries.prizeById(db, result.prize_id);
    if (prize.kind !== "physical") return fail(400, say(context, "该奖品无需填写地址", "This prize needs no address"));
    if (result.status !== "won") return fail(409, say(context, "该奖品已填写收货地址", "This prize already has an address"));
    const address = addressBook.deliveryAddress(userId, addressId);
    if (!address) return fail(404, say(context, "地址不存在", "No such address"));
    queries.claimResult(db, result.id, JSON.stringify(address), context.now().toISOString());
    return ok({ resultId: result.id, status: "claimed", address }, say(context, "已提交收货地址", "Address saved. Your prize is on its way soon"));
  })();
}

/** The day's chance for a finished task, once per task and Shanghai day. */
export function receiveChance(db: Db, context: ApiContext, userId: number, draw: DrawRow, task: TaskId): Envelope {
  return db.transaction(() => {
    const closed = windowProblem(context, draw);
    if (closed) return closed;
    const day = shanghaiDay(context.now());
    if (!taskDone(db, userId, task, day)) return fail(409, say(context, "请先完成任务", "Finish the task first"));
    const chances = queries.chancesOf(db, userId, draw.id);
    if (queries.chanceReceived(db, userId, taskRef(task, day)))
      return fail(409, say(context, "今天已领取过该任务的机会", "You have received today's chance for this task"));
    queries.addChance(db, {
      userId,
      drawId: draw.id,
      delta: 1,
      balanceAfter: chances + 1,
      reason: "task",
      ref: taskRef(task, day),
      at: context.now().toISOString(),
    });
    return ok({ chances: chances + 1 }, say(context, "获得 1 次抽奖机会", "You got 1 draw chance"));
  })();
}
