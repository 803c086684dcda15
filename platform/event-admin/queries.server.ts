import type { Db } from "../kernel/db.server.ts";

const EVENT_KINDS = ["meeting", "liveSpecial"] as const;

export interface EventRow {
  id: number;
  kind: string;
  title: string;
  title_en: string;
  starts_at: string | null;
  ends_at: string | null;
  extra: string;
}

export interface SignUpRow {
  opens_at: string | null;
  closes_at: string;
  capacity: number | null;
  form: string;
  required_fields: string | null;
  agreement: string | null;
  agreement_en: string | null;
}

export interface GuestRow {
  author_name: string;
  author_name_en: string;
  org_name: string;
  org_name_en: string;
  portrait: string;
  role: string;
}

export interface AgendaRow {
  starts_at: string;
  ends_at: string;
  kind: string;
  title: string;
  title_en: string;
  speaker: string;
  speaker_en: string;
  org_name: string;
  org_name_en: string;
  place: string;
  place_en: string;
}

// The event

export const eventById = (db: Db, id: number) =>
  db.prepare("SELECT id, kind, title, title_en, starts_at, ends_at, extra FROM items WHERE id = ? AND kind IN (?, ?)").get(id, ...EVENT_KINDS) as
    | EventRow
    | undefined;

export const enrolmentCount = (db: Db, specialId: number) =>
  db.prepare("SELECT COUNT(*) FROM special_enrollments WHERE special_id = ?").pluck().get(specialId) as number;

export const updateDetails = (db: Db, id: number, details: { title: string; titleEn: string; startsAt: string | null; endsAt: string | null; extra: string }) =>
  db
    .prepare("UPDATE items SET title = ?, title_en = ?, starts_at = ?, ends_at = ?, extra = ? WHERE id = ?")
    .run(details.title, details.titleEn, details.startsAt, details.endsAt, details.extra, id);

// Sign-up

export const signUpOf = (db: Db, specialId: number) =>
  db
    .prepare(
      `SELECT s.opens_at, s.closes_at, s.capacity, s.form, t.required_fields, t.agreement, t.agreement_en
       FROM special_signup s LEFT JOIN special_signup_terms t ON t.special_id = s.special_id WHERE s.special_id = ?`,
    )
    .get(specialId) as SignUpRow | undefined;

export const upsertSignUp = (db: Db, specialId: number, signUp: { opensAt: string | null; closesAt: string | null; capacity: number | null; form: string }) =>
  db
    .prepare(
      `INSERT INTO special_signup (special_id, opens_at, closes_at, capacity, form) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (special_id) DO UPDATE SET opens_at = excluded.opens_at, closes_at = excluded.closes_at, capacity = excluded.capacity, form = excluded.form`,
    )
    .run(specialId, signUp.opensAt, signUp.closesAt, signUp.capacity, signUp.form);

export const upsertTerms = (db: Db, specialId: number, terms: { requiredFields: string; agreement: string; agreementEn: string; by: string; at: string }) =>
  db
    .prepare(
      `INSERT INTO special_signup_terms (special_id, required_fields, agreement, agreement_en, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (special_id) DO UPDATE SET required_fields = excluded.required_fields, agreement = excluded.agreement,
         agreement_en = excluded.agreement_en, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    )
    .run(specialId, terms.requiredFields, terms.agreement, terms.agreementEn, terms.by, terms.at);

// Guests

export const guestsOf = (db: Db, specialId: number) =>
  db
    .prepare(
      `SELECT g.author_name, g.author_name_en, g.org_name, g.org_name_en, g.portrait, sg.role
       FROM special_guests sg JOIN guests g ON g.id = sg.guest_id WHERE sg.special_id = ? ORDER BY sg.sort, g.id`,
    )
    .all(specialId) as GuestRow[];

/**
 * Unlinks the event's guests, deleting the guest rows only it listed: a row another event or a live plan also lists,
 * or a scholar's, is left as it is.
 */
export function unlinkGuests(db: Db, specialId: number): void {
  db.prepare(
    `DELETE FROM guests WHERE id IN (SELECT guest_id FROM special_guests WHERE special_id = ?)
       AND id NOT IN (SELECT guest_id FROM special_guests WHERE special_id <> ?)
       AND id NOT IN (SELECT guest_id FROM plan_guests) AND author_code IS NULL`,
  ).run(specialId, specialId);
  db.prepare("DELETE FROM special_guests WHERE special_id = ?").run(specialId);
}

export function linkNewGuest(db: Db, specialId: number, guest: Omit<GuestRow, "role">, sort: number, role: string): void {
  const id = db
    .prepare("INSERT INTO guests (author_name, author_name_en, org_name, org_name_en, portrait) VALUES (?, ?, ?, ?, ?)")
    .run(guest.author_name, guest.author_name_en, guest.org_name, guest.org_name_en, guest.portrait).lastInsertRowid;
  db.prepare("INSERT INTO special_guests (special_id, guest_id, sort, role) VALUES (?, ?, ?, ?)").run(specialId, id, sort, role);
}

// Agenda

export const agendaOf = (db: Db, specialId: number) =>
  db.prepare("SELECT * FROM special_agenda WHERE special_id = ? ORDER BY starts_at, id").all(specialId) as AgendaRow[];

export const clearAgenda = (db: Db, specialId: number) => db.prepare("DELETE FROM special_agenda WHERE special_id = ?").run(specialId);

export const insertAgendaEntry = (db: Db, specialId: number, row: AgendaRow) =>
  db
    .prepare(
      `INSERT INTO special_agenda (special_id, starts_at, ends_at, kind, title, title_en, speaker, speaker_en, org_name, org_name_en, place, place_en)
       VALUES (@specialId, @starts_at, @ends_at, @kind, @title, @title_en, @speaker, @speaker_en, @org_name, @org_name_en, @place, @place_en)`,
    )
    .run({ specialId, ...row });
