import type { Db } from "./kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";
import { say } from "./kernel/language.server.ts";

/**
 * The event a page signs people up for, as the operations console edits it beside the page (ADR 071): the sign-up
 * window, capacity, form, required fields and agreement; the guests with photo, affiliation and role; the agenda.
 * Like the console's other calls these paths are internal (under /opsConsole): our server calls them after it
 * checked the staff member and names that member in `by`; a browser's /api call never reaches them.
 * The contracts are contracts/api/opsConsole.event.json and opsConsole.event.save.json.
 */

const EVENT_KINDS = ["meeting", "liveSpecial"] as const;
export const SIGN_UP_FORMS = ["specialEnroll", "specialSignUp"] as const;
/** The sign-up form's optional fields an event may require as well as name and organisation. */
export const OPTIONAL_SIGN_UP_FIELDS = ["position", "email"] as const;
export const GUEST_ROLES = ["host", "speaker", "guest"] as const;
export const AGENDA_KINDS = ["opening", "keynote", "session", "panel", "break", "closing"] as const;

const MAX_GUESTS = 200;
const MAX_AGENDA = 300;
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

export interface EventAgendaEntry {
  startsAt: string;
  endsAt: string;
  kind: (typeof AGENDA_KINDS)[number];
  title: string;
  titleEn: string;
  speaker: string;
  speakerEn: string;
  org: string;
  orgEn: string;
  place: string;
  placeEn: string;
}

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

export interface EventAdminAnswer {
  event: EventDetails & { id: number; kind: string };
  signUp: EventSignUp | null;
  guests: EventGuest[];
  agenda: EventAgendaEntry[];
}

/** A refused save: one message per bad field, numbered as the console numbers entries (from 1). */
interface Problem {
  field: string;
  message: string;
}

type Checked<T> = { value: T } | { problems: Problem[] };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
/** An instant as the platform stores it (UTC ISO); null when none is given, undefined when it is not a time. */
const isoOrNull = (value: unknown): string | null | undefined => {
  if (value === null || value === undefined || value === "") return null;
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};
const oneOf = <T extends string>(choices: readonly T[], value: unknown): value is T => choices.includes(value as T);

interface EventRow {
  id: number;
  kind: string;
  title: string;
  title_en: string;
  starts_at: string | null;
  ends_at: string | null;
  extra: string;
}

const placeOf = (extra: string) => {
  const parsed = JSON.parse(extra || "{}") as Record<string, unknown>;
  const word = (key: string) => (typeof parsed[key] === "string" ? (parsed[key] as string) : "");
  return { venue: word("venue"), venueEn: word("venueEn"), city: word("city"), cityEn: word("cityEn") };
};

export function eventAdminRoutes(db: Db): RouteDefinition[] {
  const eventById = db.prepare(`SELECT id, kind, title, title_en, starts_at, ends_at, extra FROM items WHERE id = ? AND kind IN (?, ?)`);
  const enrolmentCount = db.prepare("SELECT COUNT(*) FROM special_enrollments WHERE special_id = ?").pluck();

  const findEvent = (context: ApiContext): { row: EventRow } | { envelope: Envelope } => {
    const id = Number(context.params.specialId);
    if (!Number.isInteger(id) || id < 1) return { envelope: fail(400, say(context, "specialId 必须是正整数", "specialId must be a positive integer")) };
    const row = eventById.get(id, ...EVENT_KINDS) as EventRow | undefined;
    return row ? { row } : { envelope: fail(404, say(context, "活动不存在", "No such event")) };
  };

  const answerFor = (row: EventRow): EventAdminAnswer => ({
    event: { id: row.id, kind: row.kind, title: row.title, titleEn: row.title_en, startsAt: row.starts_at, endsAt: row.ends_at, ...placeOf(row.extra) },
    signUp: readSignUp(db, row.id, enrolmentCount.get(row.id) as number),
    guests: readGuests(db, row.id),
    agenda: readAgenda(db, row.id),
  });

  return [
    {
      method: "GET",
      path: `${OPS_CONSOLE_PREFIX}/event`,
      handler: (context) => {
        const found = findEvent(context);
        return "envelope" in found ? found.envelope : ok(answerFor(found.row));
      },
    },
    {
      method: "POST",
      path: `${OPS_CONSOLE_PREFIX}/event/save`,
      handler: (context) => {
        const found = findEvent(context);
        if ("envelope" in found) return found.envelope;
        const by = text(context.params.by).slice(0, 64);
        if (!by) return fail(400, "by is required");
        return db
          .transaction((): Envelope => {
            const problems = saveParts(db, context, found.row, by, enrolmentCount.get(found.row.id) as number);
            if (problems.length) return fail(422, say(context, "活动设置未通过校验", "The event's settings do not pass the checks"), { problems });
            return ok(answerFor(eventById.get(found.row.id, ...EVENT_KINDS) as EventRow), say(context, "活动已保存", "The event is saved"));
          })
          .immediate();
      },
    },
  ];
}

/** Saves the parts the body names (details, signUp, guests, agenda), all or none; answers the problems that stopped it. */
function saveParts(db: Db, context: ApiContext, event: EventRow, by: string, enrolled: number): Problem[] {
  const { details, signUp, guests, agenda } = context.params;
  const checkedDetails = details === undefined ? null : checkDetails(context, details);
  // A sign-up saved with new dates is checked against them.
  const endsAt = checkedDetails && "value" in checkedDetails ? checkedDetails.value.endsAt : event.ends_at;
  const checkedSignUp = signUp === undefined ? null : checkSignUp(context, signUp, { ...event, ends_at: endsAt }, enrolled);
  const checkedGuests = guests === undefined ? null : checkList(context, guests, MAX_GUESTS, "guests", checkGuest);
  const checkedAgenda = agenda === undefined ? null : checkList(context, agenda, MAX_AGENDA, "agenda", checkAgendaEntry);
  const problems = [checkedDetails, checkedSignUp, checkedGuests, checkedAgenda].flatMap((checked) =>
    checked && "problems" in checked ? checked.problems : [],
  );
  if (problems.length) return problems;
  const at = context.now().toISOString();
  if (checkedDetails && "value" in checkedDetails) writeDetails(db, event, checkedDetails.value);
  if (checkedSignUp && "value" in checkedSignUp) writeSignUp(db, event.id, checkedSignUp.value, by, at);
  if (checkedGuests && "value" in checkedGuests) writeGuests(db, event.id, checkedGuests.value);
  if (checkedAgenda && "value" in checkedAgenda) writeAgenda(db, event.id, checkedAgenda.value);
  return [];
}

function checkDetails(context: ApiContext, body: unknown): Checked<EventDetails> {
  const input = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
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

/** The event's names and times are the item's; its place is kept in the item's extra fields, beside the others. */
function writeDetails(db: Db, event: EventRow, details: EventDetails): void {
  const extra = {
    ...(JSON.parse(event.extra || "{}") as Record<string, unknown>),
    venue: details.venue,
    venueEn: details.venueEn,
    city: details.city,
    cityEn: details.cityEn,
  };
  db.prepare("UPDATE items SET title = ?, title_en = ?, starts_at = ?, ends_at = ?, extra = ? WHERE id = ?").run(
    details.title,
    details.titleEn,
    details.startsAt,
    details.endsAt,
    JSON.stringify(extra),
    event.id,
  );
}

function checkSignUp(context: ApiContext, body: unknown, event: EventRow, enrolled: number): Checked<Omit<EventSignUp, "enrollCount">> {
  const input = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  const opensAt = isoOrNull(input.opensAt);
  const closesAt = isoOrNull(input.closesAt);
  if (opensAt === undefined)
    problems.push({ field: "signUp/opensAt", message: say(context, "开始报名时间不是有效的时间", "The opening time is not a valid time") });
  if (!closesAt) problems.push({ field: "signUp/closesAt", message: say(context, "请填写报名截止时间", "Please give the time sign-up closes") });
  if (opensAt && closesAt && opensAt >= closesAt)
    problems.push({ field: "signUp/closesAt", message: say(context, "报名截止时间须晚于开始报名时间", "Sign-up must close after it opens") });
  if (closesAt && event.ends_at && Date.parse(closesAt) > Date.parse(event.ends_at))
    problems.push({ field: "signUp/closesAt", message: say(context, "报名须在活动结束前截止", "Sign-up must close before the event ends") });
  const capacity = input.capacity === null || input.capacity === "" || input.capacity === undefined ? null : Number(input.capacity);
  if (capacity !== null && (!Number.isInteger(capacity) || capacity < 1 || capacity > 1_000_000))
    problems.push({
      field: "signUp/capacity",
      message: say(context, "名额须为正整数，不限名额请留空", "Seats must be a whole number above 0; leave empty for no limit"),
    });
  else if (capacity !== null && capacity < enrolled)
    problems.push({
      field: "signUp/capacity",
      message: say(context, `已有 ${enrolled} 人报名，名额不能少于 ${enrolled}`, `${enrolled} people have signed up; seats cannot be fewer than ${enrolled}`),
    });
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

function checkList<T>(
  context: ApiContext,
  body: unknown,
  max: number,
  name: string,
  checkOne: (context: ApiContext, entry: Record<string, unknown>, field: string, number: number) => Checked<T>,
): Checked<T[]> {
  if (!Array.isArray(body)) return { problems: [{ field: name, message: say(context, "应为列表", "must be a list") }] };
  if (body.length > max) return { problems: [{ field: name, message: say(context, `最多 ${max} 条`, `At most ${max} entries`) }] };
  const checked = body.map((entry, index) =>
    checkOne(context, (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>, `${name}/${index + 1}`, index + 1),
  );
  const problems = checked.flatMap((one) => ("problems" in one ? one.problems : []));
  return problems.length ? { problems } : { value: checked.map((one) => (one as { value: T }).value) };
}

/** A required name in both languages, at most MAX_NAME characters. */
function namePair(context: ApiContext, entry: Record<string, unknown>, keys: [string, string], field: string, what: [string, string], problems: Problem[]) {
  const [zh, en] = keys.map((key) => text(entry[key]));
  if (!zh) problems.push({ field: `${field}/${keys[0]}`, message: say(context, `${what[0]}（中文）未填写`, `${what[1]} (Chinese) is missing`) });
  if (!en) problems.push({ field: `${field}/${keys[1]}`, message: say(context, `${what[0]}（英文）未填写`, `${what[1]} (English) is missing`) });
  if (zh.length > MAX_NAME || en.length > MAX_NAME)
    problems.push({ field: `${field}/${keys[0]}`, message: say(context, `${what[0]}最多 ${MAX_NAME} 字`, `${what[1]} is at most ${MAX_NAME} characters`) });
  return [zh.slice(0, MAX_NAME), en.slice(0, MAX_NAME)];
}

function checkGuest(context: ApiContext, entry: Record<string, unknown>, field: string, number: number): Checked<EventGuest> {
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

function checkAgendaEntry(context: ApiContext, entry: Record<string, unknown>, field: string, number: number): Checked<EventAgendaEntry> {
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

function readSignUp(db: Db, specialId: number, enrollCount: number): EventSignUp | null {
  const row = db
    .prepare(
      `SELECT s.opens_at, s.closes_at, s.capacity, s.form, t.required_fields, t.agreement, t.agreement_en
       FROM special_signup s LEFT JOIN special_signup_terms t ON t.special_id = s.special_id WHERE s.special_id = ?`,
    )
    .get(specialId) as
    | {
        opens_at: string | null;
        closes_at: string;
        capacity: number | null;
        form: EventSignUp["form"];
        required_fields: string | null;
        agreement: string | null;
        agreement_en: string | null;
      }
    | undefined;
  if (!row) return null;
  return {
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    capacity: row.capacity,
    form: row.form,
    requiredFields: JSON.parse(row.required_fields ?? "[]") as EventSignUp["requiredFields"],
    agreement: row.agreement ?? "",
    agreementEn: row.agreement_en ?? "",
    enrollCount,
  };
}

function writeSignUp(db: Db, specialId: number, signUp: Omit<EventSignUp, "enrollCount">, by: string, at: string): void {
  db.prepare(
    `INSERT INTO special_signup (special_id, opens_at, closes_at, capacity, form) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (special_id) DO UPDATE SET opens_at = excluded.opens_at, closes_at = excluded.closes_at, capacity = excluded.capacity, form = excluded.form`,
  ).run(specialId, signUp.opensAt, signUp.closesAt, signUp.capacity, signUp.form);
  db.prepare(
    `INSERT INTO special_signup_terms (special_id, required_fields, agreement, agreement_en, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (special_id) DO UPDATE SET required_fields = excluded.required_fields, agreement = excluded.agreement,
       agreement_en = excluded.agreement_en, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  ).run(specialId, JSON.stringify(signUp.requiredFields), signUp.agreement, signUp.agreementEn, by, at);
}

function readGuests(db: Db, specialId: number): EventGuest[] {
  const rows = db
    .prepare(
      `SELECT g.author_name, g.author_name_en, g.org_name, g.org_name_en, g.portrait, sg.role
       FROM special_guests sg JOIN guests g ON g.id = sg.guest_id WHERE sg.special_id = ? ORDER BY sg.sort, g.id`,
    )
    .all(specialId) as Record<string, string>[];
  return rows.map((row) => ({
    name: row.author_name,
    nameEn: row.author_name_en,
    org: row.org_name,
    orgEn: row.org_name_en,
    role: row.role as EventGuest["role"],
    portraitUrl: row.portrait,
  }));
}

/**
 * The event's guest list becomes the one given, in its order. A guest row another event or a live plan also lists is
 * left as it is: the event gets rows of its own for the names it lists now.
 */
function writeGuests(db: Db, specialId: number, guests: EventGuest[]): void {
  db.prepare(
    `DELETE FROM guests WHERE id IN (SELECT guest_id FROM special_guests WHERE special_id = ?)
       AND id NOT IN (SELECT guest_id FROM special_guests WHERE special_id <> ?)
       AND id NOT IN (SELECT guest_id FROM plan_guests) AND author_code IS NULL`,
  ).run(specialId, specialId);
  db.prepare("DELETE FROM special_guests WHERE special_id = ?").run(specialId);
  const insertGuest = db.prepare("INSERT INTO guests (author_name, author_name_en, org_name, org_name_en, portrait) VALUES (?, ?, ?, ?, ?)");
  const link = db.prepare("INSERT INTO special_guests (special_id, guest_id, sort, role) VALUES (?, ?, ?, ?)");
  guests.forEach((guest, index) => {
    const id = insertGuest.run(guest.name, guest.nameEn, guest.org, guest.orgEn, guest.portraitUrl).lastInsertRowid;
    link.run(specialId, id, index, guest.role);
  });
}

function readAgenda(db: Db, specialId: number): EventAgendaEntry[] {
  const rows = db.prepare("SELECT * FROM special_agenda WHERE special_id = ? ORDER BY starts_at, id").all(specialId) as Record<string, string>[];
  return rows.map((row) => ({
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    kind: row.kind as EventAgendaEntry["kind"],
    title: row.title,
    titleEn: row.title_en,
    speaker: row.speaker,
    speakerEn: row.speaker_en,
    org: row.org_name,
    orgEn: row.org_name_en,
    place: row.place,
    placeEn: row.place_en,
  }));
}

function writeAgenda(db: Db, specialId: number, agenda: EventAgendaEntry[]): void {
  db.prepare("DELETE FROM special_agenda WHERE special_id = ?").run(specialId);
  const insert = db.prepare(
    `INSERT INTO special_agenda (special_id, starts_at, ends_at, kind, title, title_en, speaker, speaker_en, org_name, org_name_en, place, place_en)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const entry of agenda) {
    insert.run(
      specialId,
      entry.startsAt,
      entry.endsAt,
      entry.kind,
      entry.title,
      entry.titleEn,
      entry.speaker,
      entry.speakerEn,
      entry.org,
      entry.orgEn,
      entry.place,
      entry.placeEn,
    );
  }
}
