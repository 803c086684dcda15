import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import {
  type Checked,
  checkAgendaEntry,
  checkDetails,
  checkGuest,
  checkList,
  checkSignUp,
  type EventAgendaEntry,
  type EventDetails,
  type EventGuest,
  type EventSignUp,
  MAX_AGENDA,
  MAX_GUESTS,
  type Problem,
} from "./checks.server.ts";
import * as queries from "./queries.server.ts";
import type { EventRow } from "./queries.server.ts";

export interface EventAdminAnswer {
  event: EventDetails & { id: number; kind: string };
  signUp: EventSignUp | null;
  guests: EventGuest[];
  agenda: EventAgendaEntry[];
}

/** The event named by specialId, or the envelope explaining why there is none. */
export function findEvent(db: Db, context: ApiContext): { row: EventRow } | { envelope: Envelope } {
  const id = Number(context.params.specialId);
  if (!Number.isInteger(id) || id < 1) return { envelope: fail(400, say(context, "specialId 必须是正整数", "specialId must be a positive integer")) };
  const row = queries.eventById(db, id);
  return row ? { row } : { envelope: fail(404, say(context, "活动不存在", "No such event")) };
}

const placeOf = (extra: string) => {
  const parsed = JSON.parse(extra || "{}") as Record<string, unknown>;
  const word = (key: string) => (typeof parsed[key] === "string" ? (parsed[key] as string) : "");
  return { venue: word("venue"), venueEn: word("venueEn"), city: word("city"), cityEn: word("cityEn") };
};

function readSignUp(db: Db, specialId: number): EventSignUp | null {
  const row = queries.signUpOf(db, specialId);
  if (!row) return null;
  return {
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    capacity: row.capacity,
    form: row.form as EventSignUp["form"],
    requiredFields: JSON.parse(row.required_fields ?? "[]") as EventSignUp["requiredFields"],
    agreement: row.agreement ?? "",
    agreementEn: row.agreement_en ?? "",
    enrollCount: queries.enrolmentCount(db, specialId),
  };
}

/** The event as the console edits it: details, sign-up, guests and agenda. */
export function eventAnswer(db: Db, row: EventRow): EventAdminAnswer {
  return {
    event: { id: row.id, kind: row.kind, title: row.title, titleEn: row.title_en, startsAt: row.starts_at, endsAt: row.ends_at, ...placeOf(row.extra) },
    signUp: readSignUp(db, row.id),
    guests: queries.guestsOf(db, row.id).map((guest) => ({
      name: guest.author_name,
      nameEn: guest.author_name_en,
      org: guest.org_name,
      orgEn: guest.org_name_en,
      role: guest.role as EventGuest["role"],
      portraitUrl: guest.portrait,
    })),
    agenda: queries.agendaOf(db, row.id).map((entry) => ({
      startsAt: entry.starts_at,
      endsAt: entry.ends_at,
      kind: entry.kind as EventAgendaEntry["kind"],
      title: entry.title,
      titleEn: entry.title_en,
      speaker: entry.speaker,
      speakerEn: entry.speaker_en,
      org: entry.org_name,
      orgEn: entry.org_name_en,
      place: entry.place,
      placeEn: entry.place_en,
    })),
  };
}

/** The event's names and times are the item's; its place is kept in the item's extra fields, beside the others. */
function writeDetails(db: Db, event: EventRow, details: EventDetails): void {
  const { venue, venueEn, city, cityEn } = details;
  const extra = JSON.stringify({ ...(JSON.parse(event.extra || "{}") as Record<string, unknown>), venue, venueEn, city, cityEn });
  queries.updateDetails(db, event.id, { ...details, extra });
}

function writeSignUp(db: Db, specialId: number, signUp: Omit<EventSignUp, "enrollCount">, by: string, at: string): void {
  queries.upsertSignUp(db, specialId, signUp);
  queries.upsertTerms(db, specialId, {
    requiredFields: JSON.stringify(signUp.requiredFields),
    agreement: signUp.agreement,
    agreementEn: signUp.agreementEn,
    by,
    at,
  });
}

/**
 * The event's guest list becomes the one given, in its order. A guest row another event or a live plan also lists is
 * left as it is: the event gets rows of its own for the names it lists now.
 */
function writeGuests(db: Db, specialId: number, guests: EventGuest[]): void {
  queries.unlinkGuests(db, specialId);
  guests.forEach((guest, index) => {
    const row = { author_name: guest.name, author_name_en: guest.nameEn, org_name: guest.org, org_name_en: guest.orgEn, portrait: guest.portraitUrl };
    queries.linkNewGuest(db, specialId, row, index, guest.role);
  });
}

function writeAgenda(db: Db, specialId: number, agenda: EventAgendaEntry[]): void {
  queries.clearAgenda(db, specialId);
  for (const entry of agenda) {
    queries.insertAgendaEntry(db, specialId, {
      starts_at: entry.startsAt,
      ends_at: entry.endsAt,
      kind: entry.kind,
      title: entry.title,
      title_en: entry.titleEn,
      speaker: entry.speaker,
      speaker_en: entry.speakerEn,
      org_name: entry.org,
      org_name_en: entry.orgEn,
      place: entry.place,
      place_en: entry.placeEn,
    });
  }
}

const passed = <T>(checked: Checked<T> | null): T | null => (checked && "value" in checked ? checked.value : null);

/** Saves the parts the body names (details, signUp, guests, agenda), all or none; answers the problems that stopped it. */
function saveParts(db: Db, context: ApiContext, event: EventRow, by: string): Problem[] {
  const { details, signUp, guests, agenda } = context.params;
  const checkedDetails = details === undefined ? null : checkDetails(context, details);
  // A sign-up saved with new dates is checked against them.
  const endsAt = passed(checkedDetails)?.endsAt ?? event.ends_at;
  const checkedSignUp = signUp === undefined ? null : checkSignUp(context, signUp, endsAt, queries.enrolmentCount(db, event.id));
  const checkedGuests = guests === undefined ? null : checkList(context, guests, MAX_GUESTS, "guests", checkGuest);
  const checkedAgenda = agenda === undefined ? null : checkList(context, agenda, MAX_AGENDA, "agenda", checkAgendaEntry);
  const problems = [checkedDetails, checkedSignUp, checkedGuests, checkedAgenda].flatMap((checked) =>
    checked && "problems" in checked ? checked.problems : [],
  );
  if (problems.length) return problems;
  const at = context.now().toISOString();
  const newDetails = passed(checkedDetails);
  if (newDetails) writeDetails(db, event, newDetails);
  const newSignUp = passed(checkedSignUp);
  if (newSignUp) writeSignUp(db, event.id, newSignUp, by, at);
  const newGuests = passed(checkedGuests);
  if (newGuests) writeGuests(db, event.id, newGuests);
  const newAgenda = passed(checkedAgenda);
  if (newAgenda) writeAgenda(db, event.id, newAgenda);
  return [];
}

/** A save in one immediate transaction: every part passes its checks and is written, or nothing is. */
export function saveEvent(db: Db, context: ApiContext, event: EventRow, by: string): Envelope {
  return db
    .transaction((): Envelope => {
      const problems = saveParts(db, context, event, by);
      if (problems.length) return fail(422, say(context, "活动设置未通过校验", "The event's settings do not pass the checks"), { problems });
      return ok(eventAnswer(db, queries.eventById(db, event.id) as EventRow), say(context, "活动已保存", "The event is saved"));
    })
    .immediate();
}
