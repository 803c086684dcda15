import type { SpecialSignUpForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import type { ItemRow } from "../content/index.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { LIVE } from "../live/rules.server.ts";
import * as queries from "./queries.server.ts";

/** What the event calls work with: the database and the accounts. */
export interface SpecialsContext {
  db: Db;
  accounts: Accounts;
}

/** Why sign-up is or is not possible right now, for this viewer. */
export type SignUpReason = "open" | "notStarted" | "closed" | "full" | "enrolled" | "none";

/** Answer codes beyond ADR 007's: the seat or enrolment already exists (409), sign-up is not possible now (403). */
export const CONFLICT = 409;
export const NOT_NOW = 403;

export interface PlanTimes {
  id: number;
  startsAt: string | null;
  endsAt: string | null;
  hasRecording: boolean;
}

/** A plan's live state from its own times on the server's clock. */
export function planState(plan: PlanTimes, now: Date): number {
  const start = plan.startsAt ? Date.parse(plan.startsAt) : NaN;
  const end = plan.endsAt ? Date.parse(plan.endsAt) : NaN;
  const at = now.getTime();
  if (Number.isNaN(start) || at < start) return !Number.isNaN(start) && start - at <= 86_400_000 ? LIVE.upcoming : LIVE.notStarted;
  if (Number.isNaN(end) || at <= end) return LIVE.living;
  return plan.hasRecording ? LIVE.replay : LIVE.over;
}

/**
 * An event's live state and the plan its page's live entry points to, on the server's clock: the page shows what the
 * clock says, not what was true when the data was seeded. An event without plans is one window; an event with plans
 * is living while one of them is, and between them is in the state of the next one.
 */
export function eventState(
  event: { startsAt: string | null; endsAt: string | null },
  plans: PlanTimes[],
  now: Date,
): { status: number; featured: (PlanTimes & { status: number }) | null } {
  const own = planState({ id: 0, ...event, hasRecording: plans.some((plan) => plan.hasRecording) }, now);
  if (!plans.length) return { status: own, featured: null };
  const states = plans.map((plan) => ({ ...plan, status: planState(plan, now) }));
  const byStart = (a: PlanTimes, b: PlanTimes) => String(a.startsAt).localeCompare(String(b.startsAt));
  const living = states.find((plan) => plan.status === LIVE.living);
  const next = states.filter((plan) => plan.status < LIVE.living).sort(byStart)[0];
  const replay = states
    .filter((plan) => plan.status === LIVE.replay)
    .sort(byStart)
    .at(-1);
  if (living) return { status: LIVE.living, featured: living };
  if (own === LIVE.living) return next ? { status: next.status, featured: next } : { status: replay ? LIVE.replay : LIVE.over, featured: replay ?? null };
  if (own < LIVE.living) return { status: own, featured: next ?? replay ?? null };
  return { status: own, featured: replay ?? null };
}

/** A stored event's live state and featured plan now. */
export const stateOf = (db: Db, row: ItemRow, now: Date) =>
  eventState(
    { startsAt: row.starts_at, endsAt: row.ends_at },
    queries.plansOf(db, row.id).map((plan) => ({ ...plan, hasRecording: plan.hasRecording === 1 })),
    now,
  );

export function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The event named by specialId (or id), or the envelope explaining why there is none. */
export function findEvent(db: Db, context: ApiContext, field = "specialId"): { row: ItemRow } | { envelope: Envelope } {
  const id = positiveId(context.params[field]);
  if (!id) return { envelope: fail(400, say(context, `${field} 必须是正整数`, `${field} must be a positive integer`)) };
  const row = queries.eventById(db, id);
  return row ? { row } : { envelope: fail(404, say(context, "活动不存在", "No such event")) };
}

function signUpReason(signup: queries.SignupRow | undefined, enrolledAt: string | null, count: number, now: Date): SignUpReason {
  if (!signup) return "none";
  if (enrolledAt) return "enrolled";
  if (signup.opens_at && now < new Date(signup.opens_at)) return "notStarted";
  if (now >= new Date(signup.closes_at)) return "closed";
  if (signup.capacity !== null && count >= signup.capacity) return "full";
  return "open";
}

/** Whether this viewer may sign up now and why, with the window, form, capacity and the operator's own terms. */
export function signUpState(db: Db, context: ApiContext, specialId: number, userId: number | null) {
  const signup = queries.signupOf(db, specialId);
  const terms = queries.termsOf(db, specialId);
  const enrolledAt = userId ? queries.enrolledAt(db, specialId, userId) : null;
  const count = queries.enrolmentCount(db, specialId);
  const reason = signUpReason(signup, enrolledAt, count, context.now());
  return {
    specialId,
    canAdd: reason === "open",
    reason,
    opensAt: signup?.opens_at ?? null,
    deadline: signup?.closes_at ?? null,
    form: signup?.form ?? null,
    capacity: signup?.capacity ?? null,
    enrollCount: count,
    enrolled: Boolean(enrolledAt),
    enrolledAt,
    // The operator's own terms for this event (ADR 071), shown above the agreement box; "" when none were written.
    agreement: terms ? say(context, terms.agreement, terms.agreement_en || terms.agreement) : "",
  };
}

function refusal(context: ApiContext, reason: SignUpReason): Envelope {
  switch (reason) {
    case "enrolled":
      return fail(CONFLICT, say(context, "您已报名，无需重复提交", "You have already signed up"));
    case "notStarted":
      return fail(NOT_NOW, say(context, "报名尚未开始", "Sign-up has not opened yet"));
    case "closed":
      return fail(NOT_NOW, say(context, "报名已截止", "Sign-up has closed"));
    case "full":
      return fail(NOT_NOW, say(context, "报名人数已满", "This event is full"));
    default:
      return fail(404, say(context, "该活动不开放报名", "This event does not take sign-ups"));
  }
}

/** The optional sign-up fields an operator made required for this event (ADR 071), as the form's field errors. */
const REQUIRED_FIELD_MESSAGES = { position: "spec:signUp.errors.positionRequired", email: "spec:signUp.errors.emailRequired" } as const;

export function missingRequiredFields(db: Db, specialId: number, form: SpecialSignUpForm): { message: string; fields: Record<string, string> } | null {
  const required = JSON.parse(queries.requiredFieldsOf(db, specialId) ?? "[]") as (keyof typeof REQUIRED_FIELD_MESSAGES)[];
  const fields = Object.fromEntries(required.filter((field) => !form[field]?.trim()).map((field) => [field, REQUIRED_FIELD_MESSAGES[field]]));
  const first = Object.values(fields)[0];
  return first ? { message: first, fields } : null;
}

/**
 * Records a sign-up in one transaction with its checks, so the capacity and the one-per-person rule hold however
 * many people press the button at once.
 */
export function enrol(db: Db, context: ApiContext, specialId: number, userId: number, signData?: SpecialSignUpForm): Envelope {
  const at = context.now().toISOString();
  return db
    .transaction((): Envelope => {
      const state = signUpState(db, context, specialId, userId);
      if (!state.canAdd) return refusal(context, state.reason);
      queries.insertEnrolment(db, specialId, userId, at);
      if (signData) queries.insertSignData(db, specialId, userId, signData, at);
      return ok({ ...signUpState(db, context, specialId, userId) }, say(context, "报名成功", "You have signed up"));
    })
    .immediate();
}

const seatTaken = (context: ApiContext) =>
  fail(CONFLICT, say(context, "该座位刚刚已被他人选择，请选择其他座位", "Someone else has just taken this seat. Please choose another one"), {
    state: "taken",
  });

function takeSeat(db: Db, context: ApiContext, specialId: number, seatId: number, userId: number): Envelope {
  const seat = queries.seatInEvent(db, seatId, specialId);
  if (!seat) return fail(404, say(context, "座位不存在", "No such seat"));
  if (seat.reserved)
    return fail(CONFLICT, say(context, "该座位为预留座位，请选择其他座位", "This seat is reserved. Please choose another one"), { state: "reserved" });
  if (!queries.enrolledAt(db, specialId, userId)) return fail(NOT_NOW, say(context, "请先报名，再选择座位", "Please sign up before choosing a seat"));
  // Moving to another seat frees the old one in the same transaction: if the new one is taken, both stay as they were.
  queries.releaseSeatOf(db, specialId, userId);
  queries.assignSeat(db, seat.id, specialId, userId, context.now().toISOString());
  return ok(
    { seatId: seat.id, row: seat.row_label, number: seat.number },
    say(context, `选座成功：${seat.row_label}排${seat.number}座`, `Seat ${seat.row_label}${seat.number} is yours`),
  );
}

/** A signed-up person takes a free seat of an event not yet over, in one transaction; a seat taken meanwhile is refused. */
export function chooseSeat(db: Db, context: ApiContext, event: ItemRow, seatId: number, userId: number): Envelope {
  if (stateOf(db, event, context.now()).status >= LIVE.over) {
    return fail(NOT_NOW, say(context, "活动已结束，无法选座", "The event is over; seats can no longer be chosen"));
  }
  try {
    return db.transaction((): Envelope => takeSeat(db, context, event.id, seatId, userId)).immediate();
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) return seatTaken(context);
    throw error;
  }
}
