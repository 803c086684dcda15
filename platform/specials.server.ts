import { specialEnrollSchema, specialEnrollValidators, specialSignUpSchema, specialSignUpValidators } from "@schemas/generated/form-kits.ts";
import type { SpecialSignUpForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { toItem, type ItemRow } from "./content.server.ts";
import { LIVE } from "./live/rules.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say, translate } from "./kernel/language.server.ts";

/** The kinds of item an event page is about: a conference (meeting) or a live special. */
const EVENT_KINDS = ["meeting", "liveSpecial"];

export type SignUpForm = "specialEnroll" | "specialSignUp";

/** Why sign-up is or is not possible right now, for this viewer. */
export type SignUpReason = "open" | "notStarted" | "closed" | "full" | "enrolled" | "none";

interface SignupRow {
  special_id: number;
  opens_at: string | null;
  closes_at: string;
  capacity: number | null;
  form: SignUpForm;
}

interface SeatRow {
  id: number;
  row_label: string;
  number: number;
  reserved: number;
  user_id: number | null;
}

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

/** The optional sign-up fields an operator made required for this event (ADR 071), as the form's field errors. */
const REQUIRED_FIELD_MESSAGES = { position: "spec:signUp.errors.positionRequired", email: "spec:signUp.errors.emailRequired" } as const;

function missingRequiredFields(db: Db, specialId: number, form: SpecialSignUpForm): { message: string; fields: Record<string, string> } | null {
  const stored = db.prepare("SELECT required_fields FROM special_signup_terms WHERE special_id = ?").pluck().get(specialId) as string | undefined;
  const required = JSON.parse(stored ?? "[]") as (keyof typeof REQUIRED_FIELD_MESSAGES)[];
  const fields = Object.fromEntries(required.filter((field) => !form[field]?.trim()).map((field) => [field, REQUIRED_FIELD_MESSAGES[field]]));
  const first = Object.values(fields)[0];
  return first ? { message: first, fields } : null;
}

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

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function specialRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const eventById = db.prepare(`SELECT * FROM items WHERE id = ? AND kind IN (${EVENT_KINDS.map(() => "?").join(",")})`);
  const signupOf = db.prepare("SELECT * FROM special_signup WHERE special_id = ?");
  const enrolmentOf = db.prepare("SELECT created_at FROM special_enrollments WHERE special_id = ? AND user_id = ?").pluck();
  const enrolmentCount = db.prepare("SELECT COUNT(*) FROM special_enrollments WHERE special_id = ?").pluck();
  const seatCount = db.prepare("SELECT COUNT(*) FROM special_seats WHERE special_id = ?").pluck();
  const plansOf = db.prepare(
    `SELECT i.id, i.starts_at AS startsAt, i.ends_at AS endsAt, m.recording_url IS NOT NULL AS hasRecording
     FROM special_plans sp JOIN items i ON i.id = sp.plan_id LEFT JOIN live_media m ON m.plan_id = i.id
     WHERE sp.special_id = ? AND i.kind = 'live' ORDER BY sp.sort, i.id`,
  );
  const stateOf = (row: ItemRow, now: Date) =>
    eventState(
      { startsAt: row.starts_at, endsAt: row.ends_at },
      (plansOf.all(row.id) as (Omit<PlanTimes, "hasRecording"> & { hasRecording: number })[]).map((plan) => ({
        ...plan,
        hasRecording: plan.hasRecording === 1,
      })),
      now,
    );

  const iso = (context: ApiContext) => context.now().toISOString();
  const viewer = (context: ApiContext) => {
    const who = accounts.current(context);
    return "user" in who ? who.user : null;
  };

  /** The event named by specialId (or id), or the envelope explaining why there is none. */
  const findEvent = (context: ApiContext, field = "specialId"): { row: ItemRow } | { envelope: Envelope } => {
    const id = positiveId(context.params[field]);
    if (!id) return { envelope: fail(400, say(context, `${field} 必须是正整数`, `${field} must be a positive integer`)) };
    const row = eventById.get(id, ...EVENT_KINDS) as ItemRow | undefined;
    return row ? { row } : { envelope: fail(404, say(context, "活动不存在", "No such event")) };
  };

  const termsOf = db.prepare("SELECT agreement, agreement_en FROM special_signup_terms WHERE special_id = ?");

  const signUpState = (context: ApiContext, specialId: number, userId: number | null) => {
    const now = context.now();
    const signup = signupOf.get(specialId) as SignupRow | undefined;
    const terms = termsOf.get(specialId) as { agreement: string; agreement_en: string } | undefined;
    const enrolledAt = userId ? ((enrolmentOf.get(specialId, userId) as string | undefined) ?? null) : null;
    const count = enrolmentCount.get(specialId) as number;
    let reason: SignUpReason = "open";
    if (!signup) reason = "none";
    else if (enrolledAt) reason = "enrolled";
    else if (signup.opens_at && now < new Date(signup.opens_at)) reason = "notStarted";
    else if (now >= new Date(signup.closes_at)) reason = "closed";
    else if (signup.capacity !== null && count >= signup.capacity) reason = "full";
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
  };

  const refusal = (context: ApiContext, reason: SignUpReason): Envelope => {
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
  };

  /**
   * Records a sign-up in one transaction with its checks, so the capacity and the one-per-person rule hold however
   * many people press the button at once.
   */
  const enrol = (context: ApiContext, specialId: number, userId: number, signData?: SpecialSignUpForm): Envelope => {
    const at = iso(context);
    return db
      .transaction((): Envelope => {
        const state = signUpState(context, specialId, userId);
        if (!state.canAdd) return refusal(context, state.reason);
        db.prepare("INSERT INTO special_enrollments (special_id, user_id, agreed_at, created_at) VALUES (?, ?, ?, ?)").run(specialId, userId, at, at);
        if (signData) {
          db.prepare("INSERT INTO sign_data (special_id, user_id, real_name, org_name, position, email, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
            specialId,
            userId,
            signData.realName,
            signData.orgName,
            signData.position ?? "",
            (signData.email ?? "").toLowerCase(),
            at,
          );
        }
        return ok({ ...signUpState(context, specialId, userId) }, say(context, "报名成功", "You have signed up"));
      })
      .immediate();
  };

  const seatsOf = db.prepare(
    `SELECT s.id, s.row_label, s.number, s.reserved, a.user_id FROM special_seats s
     LEFT JOIN seat_assignments a ON a.seat_id = s.id WHERE s.special_id = ? ORDER BY s.row_label, s.number`,
  );

  const seatTaken = (context: ApiContext) =>
    fail(CONFLICT, say(context, "该座位刚刚已被他人选择，请选择其他座位", "Someone else has just taken this seat. Please choose another one"), {
      state: "taken",
    });

  return [
    {
      method: "ANY",
      path: "/special/detail",
      handler: (context) => {
        const found = findEvent(context, "id");
        if ("envelope" in found) return found.envelope;
        const { row } = found;
        const { status, featured } = stateOf(row, context.now());
        const signup = signupOf.get(row.id) as SignupRow | undefined;
        return ok({
          ...toItem(row),
          status,
          deadline: signup?.closes_at ?? null,
          enrollOpensAt: signup?.opens_at ?? null,
          capacity: signup?.capacity ?? null,
          enrollCount: enrolmentCount.get(row.id) as number,
          seatCount: seatCount.get(row.id) as number,
          livePlanId: featured?.id ?? null,
          livePlanStatus: featured?.status ?? null,
          liveLink: featured ? `/viewLive?id=${featured.id}` : "",
        });
      },
    },
    {
      method: "ANY",
      path: "/special/agenda",
      handler: (context) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        const rows = db.prepare("SELECT * FROM special_agenda WHERE special_id = ? ORDER BY starts_at, id").all(found.row.id) as Record<
          string,
          string | number
        >[];
        const list = rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          startTime: row.starts_at,
          endTime: row.ends_at,
          title: row.title,
          titleEn: row.title_en,
          speakerName: row.speaker,
          speakerNameEn: row.speaker_en,
          orgName: row.org_name,
          orgNameEn: row.org_name_en,
          place: row.place,
          placeEn: row.place_en,
        }));
        return ok({ list, total: list.length });
      },
    },
    {
      method: "ANY",
      path: "/special/sponsorList",
      handler: (context) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        const rows = db.prepare("SELECT * FROM special_sponsors WHERE special_id = ? ORDER BY sort, id").all(found.row.id) as Record<string, string | number>[];
        const list = rows.map((row) => ({ id: row.id, tier: row.tier, name: row.name, nameEn: row.name_en, link: row.link }));
        return ok({ list, total: list.length });
      },
    },
    {
      method: "ANY",
      path: "/signData/isCanAdd",
      handler: (context) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        return ok(signUpState(context, found.row.id, viewer(context)?.id ?? null));
      },
    },
    {
      method: "ANY",
      path: "/special/isEnroll",
      handler: accounts.withUser((context, user) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        const enrolledAt = (enrolmentOf.get(found.row.id, user.id) as string | undefined) ?? null;
        const seat = db
          .prepare(
            "SELECT s.id, s.row_label, s.number FROM seat_assignments a JOIN special_seats s ON s.id = a.seat_id WHERE a.special_id = ? AND a.user_id = ?",
          )
          .get(found.row.id, user.id) as { id: number; row_label: string; number: number } | undefined;
        return ok({ enrolled: Boolean(enrolledAt), enrolledAt, seat: seat ? { id: seat.id, row: seat.row_label, number: seat.number } : null });
      }),
    },
    {
      method: "POST",
      path: "/special/enroll",
      handler: accounts.withUser((context, user) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        const body = validateBody(context, formKit(specialEnrollSchema, specialEnrollValidators));
        if (!body.ok) return body.envelope;
        const signup = signupOf.get(found.row.id) as SignupRow | undefined;
        if (signup?.form === "specialSignUp") return fail(400, say(context, "请填写报名信息", "Please fill in the sign-up form"));
        return enrol(context, found.row.id, user.id);
      }),
    },
    {
      method: "POST",
      path: "/signData/add",
      handler: accounts.withUser((context, user) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        const body = validateBody<SpecialSignUpForm>(context, formKit(specialSignUpSchema, specialSignUpValidators));
        if (!body.ok) return body.envelope;
        const missing = missingRequiredFields(db, found.row.id, body.value);
        if (missing) return fail(400, translate(context, missing.message), { fields: missing.fields });
        return enrol(context, found.row.id, user.id, body.value);
      }),
    },
    {
      method: "ANY",
      path: "/seat/list",
      handler: (context) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        const user = viewer(context);
        const seats = seatsOf.all(found.row.id) as SeatRow[];
        const list = seats.map((seat) => ({
          id: seat.id,
          row: seat.row_label,
          number: seat.number,
          state: seat.reserved ? "reserved" : seat.user_id === null ? "free" : user && seat.user_id === user.id ? "mine" : "taken",
        }));
        return ok({
          list,
          total: list.length,
          free: list.filter((seat) => seat.state === "free").length,
          rows: [...new Set(list.map((seat) => seat.row))],
          columns: Math.max(0, ...list.map((seat) => seat.number)),
          enrolled: user ? Boolean(enrolmentOf.get(found.row.id, user.id)) : false,
          mySeatId: list.find((seat) => seat.state === "mine")?.id ?? null,
        });
      },
    },
    {
      method: "POST",
      path: "/seat/choose",
      handler: accounts.withUser((context, user) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        const specialId = found.row.id;
        const seatId = positiveId(context.params.seatId);
        if (!seatId) return fail(400, say(context, "请选择座位", "Please choose a seat"));
        if (stateOf(found.row, context.now()).status >= LIVE.over) {
          return fail(NOT_NOW, say(context, "活动已结束，无法选座", "The event is over; seats can no longer be chosen"));
        }
        try {
          return db
            .transaction((): Envelope => {
              const seat = db.prepare("SELECT id, row_label, number, reserved FROM special_seats WHERE id = ? AND special_id = ?").get(seatId, specialId) as
                | Omit<SeatRow, "user_id">
                | undefined;
              if (!seat) return fail(404, say(context, "座位不存在", "No such seat"));
              if (seat.reserved)
                return fail(CONFLICT, say(context, "该座位为预留座位，请选择其他座位", "This seat is reserved. Please choose another one"), {
                  state: "reserved",
                });
              if (!enrolmentOf.get(specialId, user.id)) return fail(NOT_NOW, say(context, "请先报名，再选择座位", "Please sign up before choosing a seat"));
              // Moving to another seat frees the old one in the same transaction: if the new one is taken, both stay as they were.
              db.prepare("DELETE FROM seat_assignments WHERE special_id = ? AND user_id = ?").run(specialId, user.id);
              db.prepare("INSERT INTO seat_assignments (seat_id, special_id, user_id, created_at) VALUES (?, ?, ?, ?)").run(
                seat.id,
                specialId,
                user.id,
                iso(context),
              );
              return ok(
                { seatId: seat.id, row: seat.row_label, number: seat.number },
                say(context, `选座成功：${seat.row_label}排${seat.number}座`, `Seat ${seat.row_label}${seat.number} is yours`),
              );
            })
            .immediate();
        } catch (error) {
          if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) return seatTaken(context);
          throw error;
        }
      }),
    },
  ];
}
