import type { OpsConsoleEventAnswer } from "@contracts/generated/api.ts";
import type { ApiContext } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";

/**
 * The checks of a save: each part of the body (details, sign-up, guests, agenda) becomes a value to write or the
 * problems that stop the save, one message per bad field in the operator's language, entries numbered from 1 as the
 * console numbers them.
 */

const SIGN_UP_FORMS = ["specialEnroll", "specialSignUp"] as const;
/** The sign-up form's optional fields an event may require as well as name and organisation. */
const OPTIONAL_SIGN_UP_FIELDS = ["position", "email"] as const;
const GUEST_ROLES = ["host", "speaker", "guest"] as const;
const AGENDA_KINDS = ["opening", "keynote", "session", "panel", "break", "closing"] as const;

export const MAX_GUESTS = 200;
export const MAX_AGENDA = 300;
const MAX_NAME = 100;
const MAX_AGREEMENT = 4000;
const IMAGE_ADDRESS = /^(\/(?!\/)|https:\/\/)\S*$/;

export interface EventSignUp {
  opensAt: string | null;
  closesAt: string | null;
  capacity: number | null;
  form: (typeof SIGN_UP_FORMS)[number];
  requiredFields: (typeof OPTIONAL_SIGN_UP_FIELDS)[number][];
  agreement: string;
  agreementEn: string;
  enrollCount: number;
}

export interface EventGuest {
  name: string;
  nameEn: string;
  org: string;
  orgEn: string;
  role: (typeof GUEST_ROLES)[number];
  portraitUrl: string;
}

/** One entry of an event's agenda, as GET /opsConsole/event answers it (its contract, contracts/api/opsConsole.event.json). */
export type EventAgendaEntry = OpsConsoleEventAnswer["agenda"][number];

export interface EventDetails {
  title: string;
  titleEn: string;
  startsAt: string | null;
  endsAt: string | null;
  venue: string;
  venueEn: string;
  city: string;
  cityEn: string;
}

/** A refused save: one message per bad field, numbered as the console numbers entries (from 1). */
export interface Problem {
  field: string;
  message: string;
}

export type Checked<T> = { value: T } | { problems: Problem[] };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
/** An instant as the platform stores it (UTC ISO); null when none is given, undefined when it is not a time. */
const isoOrNull = (value: unknown): string | null | undefined => {
  if (value === null || value === undefined || value === "") return null;
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};
const oneOf = <T extends string>(choices: readonly T[], value: unknown): value is T => choices.includes(value as T);
const record = (body: unknown) => (body && typeof body === "object" ? body : {}) as Record<string, unknown>;

/** The staff member a save names, as the console's server gives it. */
export const staffName = (value: unknown) => text(value).slice(0, 64);

/** A required name in both languages, at most MAX_NAME characters. */
function namePair(context: ApiContext, entry: Record<string, unknown>, keys: [string, string], field: string, what: [string, string], problems: Problem[]) {
  const [zh, en] = keys.map((key) => text(entry[key]));
  if (!zh) problems.push({ field: `${field}/${keys[0]}`, message: say(context, `${what[0]}（中文）未填写`, `${what[1]} (Chinese) is missing`) });
  if (!en) problems.push({ field: `${field}/${keys[1]}`, message: say(context, `${what[0]}（英文）未填写`, `${what[1]} (English) is missing`) });
  if (zh.length > MAX_NAME || en.length > MAX_NAME)
    problems.push({ field: `${field}/${keys[0]}`, message: say(context, `${what[0]}最多 ${MAX_NAME} 字`, `${what[1]} is at most ${MAX_NAME} characters`) });
  return [zh.slice(0, MAX_NAME), en.slice(0, MAX_NAME)];
}

export function checkDetails(context: ApiContext, body: unknown): Checked<EventDetails> {
  const input = record(body);
  const problems: Problem[] = [];
  const [title, titleEn] = namePair(context, input, ["title", "titleEn"], "details", ["活动名称", "The event's name"], problems);
  const startsAt = isoOrNull(input.startsAt);
  const endsAt = isoOrNull(input.endsAt);
  if (!startsAt) problems.push({ field: "details/startsAt", message: say(context, "请填写活动开始时间", "Please give the time the event starts") });
  if (!endsAt) problems.push({ field: "details/endsAt", message: say(context, "请填写活动结束时间", "Please give the time the event ends") });
  if (startsAt && endsAt && startsAt >= endsAt)
    problems.push({ field: "details/endsAt", message: say(context, "活动结束时间须晚于开始时间", "The event must end after it starts") });
  const word = (key: string) => text(input[key]).slice(0, MAX_NAME);
  if (problems.length || !startsAt || !endsAt) return { problems };
  return { value: { title, titleEn, startsAt, endsAt, venue: word("venue"), venueEn: word("venueEn"), city: word("city"), cityEn: word("cityEn") } };
}

function windowProblems(context: ApiContext, opensAt: string | null | undefined, closesAt: string | null | undefined, eventEndsAt: string | null): Problem[] {
  const problems: Problem[] = [];
  if (opensAt === undefined)
    problems.push({ field: "signUp/opensAt", message: say(context, "开始报名时间不是有效的时间", "The opening time is not a valid time") });
  if (!closesAt) problems.push({ field: "signUp/closesAt", message: say(context, "请填写报名截止时间", "Please give the time sign-up closes") });
  if (opensAt && closesAt && opensAt >= closesAt)
    problems.push({ field: "signUp/closesAt", message: say(context, "报名截止时间须晚于开始报名时间", "Sign-up must close after it opens") });
  if (closesAt && eventEndsAt && Date.parse(closesAt) > Date.parse(eventEndsAt))
    problems.push({ field: "signUp/closesAt", message: say(context, "报名须在活动结束前截止", "Sign-up must close before the event ends") });
  return problems;
}

function capacityProblems(context: ApiContext, capacity: number | null, enrolled: number): Problem[] {
  if (capacity !== null && (!Number.isInteger(capacity) || capacity < 1 || capacity > 1_000_000))
    return [
      { field: "signUp/capacity", message: say(context, "名额须为正整数，不限名额请留空", "Seats must be a whole number above 0; leave empty for no limit") },
    ];
  if (capacity !== null && capacity < enrolled)
    return [
      {
        field: "signUp/capacity",
        message: say(context, `已有 ${enrolled} 人报名，名额不能少于 ${enrolled}`, `${enrolled} people have signed up; seats cannot be fewer than ${enrolled}`),
      },
    ];
  return [];
}

/** The sign-up window (closing before the event ends), seats (not fewer than those signed up), form, required fields, agreement. */
export function checkSignUp(context: ApiContext, body: unknown, eventEndsAt: string | null, enrolled: number): Checked<Omit<EventSignUp, "enrollCount">> {
  const input = record(body);
  const opensAt = isoOrNull(input.opensAt);
  const closesAt = isoOrNull(input.closesAt);
  const capacity = input.capacity === null || input.capacity === "" || input.capacity === undefined ? null : Number(input.capacity);
  const problems = [...windowProblems(context, opensAt, closesAt, eventEndsAt), ...capacityProblems(context, capacity, enrolled)];
  const form = oneOf(SIGN_UP_FORMS, input.form) ? input.form : null;
  if (!form) problems.push({ field: "signUp/form", message: say(context, "请选择报名方式", "Please choose how people sign up") });
  const requiredFields = Array.isArray(input.requiredFields) ? input.requiredFields : [];
  if (!requiredFields.every((field) => oneOf(OPTIONAL_SIGN_UP_FIELDS, field)))
    problems.push({ field: "signUp/requiredFields", message: say(context, "必填项只能是职务或邮箱", "Only position and email can be made required") });
  const agreement = typeof input.agreement === "string" ? input.agreement.trim() : "";
  const agreementEn = typeof input.agreementEn === "string" ? input.agreementEn.trim() : "";
  if (agreement.length > MAX_AGREEMENT || agreementEn.length > MAX_AGREEMENT)
    problems.push({
      field: "signUp/agreement",
      message: say(context, `报名协议最多 ${MAX_AGREEMENT} 字`, `The agreement is at most ${MAX_AGREEMENT} characters`),
    });
  if (problems.length || !form || !closesAt) return { problems };
  const fields = OPTIONAL_SIGN_UP_FIELDS.filter((field) => requiredFields.includes(field));
  return { value: { opensAt: opensAt ?? null, closesAt, capacity, form, requiredFields: form === "specialSignUp" ? fields : [], agreement, agreementEn } };
}

/** A list of at most `max` entries, each checked by `checkOne`. */
export function checkList<T>(
  context: ApiContext,
  body: unknown,
  max: number,
  name: string,
  checkOne: (context: ApiContext, entry: Record<string, unknown>, field: string, number: number) => Checked<T>,
): Checked<T[]> {
  if (!Array.isArray(body)) return { problems: [{ field: name, message: say(context, "应为列表", "must be a list") }] };
  if (body.length > max) return { problems: [{ field: name, message: say(context, `最多 ${max} 条`, `At most ${max} entries`) }] };
  const checked = body.map((entry, index) => checkOne(context, record(entry), `${name}/${index + 1}`, index + 1));
  const problems = checked.flatMap((one) => ("problems" in one ? one.problems : []));
  return problems.length ? { problems } : { value: checked.map((one) => (one as { value: T }).value) };
}

export function checkGuest(context: ApiContext, entry: Record<string, unknown>, field: string, number: number): Checked<EventGuest> {
  const problems: Problem[] = [];
  const what: [string, string] = [`第 ${number} 位嘉宾的姓名`, `Guest ${number}'s name`];
  const [name, nameEn] = namePair(context, entry, ["name", "nameEn"], field, what, problems);
  const org = text(entry.org).slice(0, MAX_NAME);
  const orgEn = text(entry.orgEn).slice(0, MAX_NAME);
  const role = oneOf(GUEST_ROLES, entry.role) ? entry.role : "guest";
  const portraitUrl = text(entry.portraitUrl);
  if (portraitUrl && !IMAGE_ADDRESS.test(portraitUrl))
    problems.push({
      field: `${field}/portraitUrl`,
      message: say(context, `第 ${number} 位嘉宾的照片地址须以 / 或 https:// 开头`, `Guest ${number}'s photo address must start with / or https://`),
    });
  return problems.length ? { problems } : { value: { name, nameEn, org, orgEn, role, portraitUrl } };
}

export function checkAgendaEntry(context: ApiContext, entry: Record<string, unknown>, field: string, number: number): Checked<EventAgendaEntry> {
  const problems: Problem[] = [];
  const what: [string, string] = [`第 ${number} 项议程的标题`, `Agenda entry ${number}'s title`];
  const [title, titleEn] = namePair(context, entry, ["title", "titleEn"], field, what, problems);
  const startsAt = isoOrNull(entry.startsAt);
  const endsAt = isoOrNull(entry.endsAt);
  if (!startsAt || !endsAt)
    problems.push({
      field: `${field}/startsAt`,
      message: say(context, `第 ${number} 项议程的时间不完整`, `Agenda entry ${number} needs a start and an end time`),
    });
  else if (startsAt >= endsAt)
    problems.push({
      field: `${field}/endsAt`,
      message: say(context, `第 ${number} 项议程的结束时间须晚于开始时间`, `Agenda entry ${number} must end after it starts`),
    });
  const kind = oneOf(AGENDA_KINDS, entry.kind) ? entry.kind : "session";
  const pair = (key: string) => text(entry[key]).slice(0, MAX_NAME);
  if (problems.length || !startsAt || !endsAt) return { problems };
  return {
    value: {
      startsAt,
      endsAt,
      kind,
      title,
      titleEn,
      speaker: pair("speaker"),
      speakerEn: pair("speakerEn"),
      org: pair("org"),
      orgEn: pair("orgEn"),
      place: pair("place"),
      placeEn: pair("placeEn"),
    },
  };
}
