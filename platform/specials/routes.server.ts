import { specialEnrollSchema, specialEnrollValidators, specialSignUpSchema, specialSignUpValidators } from "@schemas/generated/form-kits.ts";
import type { SpecialSignUpForm } from "@schemas/generated/forms.ts";
import type { UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { toItem, type ItemRow } from "../content/index.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say, translate } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import { chooseSeat, enrol, findEvent, missingRequiredFields, positiveId, type SpecialsContext, signUpState, stateOf } from "./rules.server.ts";

type EventHandler = (specials: SpecialsContext, context: ApiContext, event: ItemRow) => Envelope;
type UserEventHandler = (specials: SpecialsContext, context: ApiContext, event: ItemRow, user: UserRow) => Envelope;

const viewer = ({ accounts }: SpecialsContext, context: ApiContext) => {
  const who = accounts.current(context);
  return "user" in who ? who.user : null;
};

/** The event (named by `id`) with its live state now, sign-up window, counts and the live plan its page features. */
const detail: EventHandler = ({ db }, context, row) => {
  const { status, featured } = stateOf(db, row, context.now());
  const signup = queries.signupOf(db, row.id);
  return ok({
    ...toItem(row),
    status,
    deadline: signup?.closes_at ?? null,
    enrollOpensAt: signup?.opens_at ?? null,
    capacity: signup?.capacity ?? null,
    enrollCount: queries.enrolmentCount(db, row.id),
    seatCount: queries.seatCount(db, row.id),
    livePlanId: featured?.id ?? null,
    livePlanStatus: featured?.status ?? null,
    liveLink: featured ? `/viewLive?id=${featured.id}` : "",
  });
};

const agenda: EventHandler = ({ db }, _context, event) => {
  const list = queries.agendaOf(db, event.id).map((row) => ({
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
};

const sponsorList: EventHandler = ({ db }, _context, event) => {
  const list = queries.sponsorsOf(db, event.id).map((row) => ({ id: row.id, tier: row.tier, name: row.name, nameEn: row.name_en, link: row.link }));
  return ok({ list, total: list.length });
};

const isCanAdd: EventHandler = (specials, context, event) => ok(signUpState(specials.db, context, event.id, viewer(specials, context)?.id ?? null));

const isEnroll: UserEventHandler = ({ db }, _context, event, user) => {
  const enrolledAt = queries.enrolledAt(db, event.id, user.id);
  const seat = queries.seatOf(db, event.id, user.id);
  return ok({ enrolled: Boolean(enrolledAt), enrolledAt, seat: seat ? { id: seat.id, row: seat.row_label, number: seat.number } : null });
};

/** Sign-up with the agreement alone; an event that asks for the sign-up form refuses it. */
const enroll: UserEventHandler = ({ db }, context, event, user) => {
  const body = validateBody(context, formKit(specialEnrollSchema, specialEnrollValidators));
  if (!body.ok) return body.envelope;
  if (queries.signupOf(db, event.id)?.form === "specialSignUp") return fail(400, say(context, "请填写报名信息", "Please fill in the sign-up form"));
  return enrol(db, context, event.id, user.id);
};

/** Sign-up with the form: name and organisation, and the fields the operator made required. */
const addSignData: UserEventHandler = ({ db }, context, event, user) => {
  const body = validateBody<SpecialSignUpForm>(context, formKit(specialSignUpSchema, specialSignUpValidators));
  if (!body.ok) return body.envelope;
  const missing = missingRequiredFields(db, event.id, body.value);
  if (missing) return fail(400, translate(context, missing.message), { fields: missing.fields });
  return enrol(db, context, event.id, user.id, body.value);
};

const seatList: EventHandler = (specials, context, event) => {
  const user = viewer(specials, context);
  const list = queries.seatsOf(specials.db, event.id).map((seat) => ({
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
    enrolled: user ? Boolean(queries.enrolledAt(specials.db, event.id, user.id)) : false,
    mySeatId: list.find((seat) => seat.state === "mine")?.id ?? null,
  });
};

const chooseSeatHandler: UserEventHandler = ({ db }, context, event, user) => {
  const seatId = positiveId(context.params.seatId);
  if (!seatId) return fail(400, say(context, "请选择座位", "Please choose a seat"));
  return chooseSeat(db, context, event, seatId, user.id);
};

/** The event calls: details, agenda, partners, sign-up and seats (/special/*, /signData/*, /seat/*). */
export function specialRoutes(specials: SpecialsContext): RouteDefinition[] {
  const forEvent =
    (handler: EventHandler, field?: string) =>
    (context: ApiContext): Envelope => {
      const found = findEvent(specials.db, context, field);
      return "envelope" in found ? found.envelope : handler(specials, context, found.row);
    };
  const forUserEvent = (handler: UserEventHandler) =>
    specials.accounts.withUser((context, user) => forEvent((_specials, _context, event) => handler(specials, context, event, user))(context));
  return [
    { method: "ANY", path: "/special/detail", handler: forEvent(detail, "id") },
    { method: "ANY", path: "/special/agenda", handler: forEvent(agenda) },
    { method: "ANY", path: "/special/sponsorList", handler: forEvent(sponsorList) },
    { method: "ANY", path: "/signData/isCanAdd", handler: forEvent(isCanAdd) },
    { method: "ANY", path: "/special/isEnroll", handler: forUserEvent(isEnroll) },
    { method: "POST", path: "/special/enroll", handler: forUserEvent(enroll) },
    { method: "POST", path: "/signData/add", handler: forUserEvent(addSignData) },
    { method: "ANY", path: "/seat/list", handler: forEvent(seatList) },
    { method: "POST", path: "/seat/choose", handler: forUserEvent(chooseSeatHandler) },
  ];
}
