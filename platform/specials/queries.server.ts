import type { SpecialSignUpForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import type { ItemRow } from "../content/index.server.ts";

/** The kinds of item an event page is about: a conference (meeting) or a live special. */
const EVENT_KINDS = ["meeting", "liveSpecial"] as const;

export type SignUpForm = "specialEnroll" | "specialSignUp";

export interface SignupRow {
  special_id: number;
  opens_at: string | null;
  closes_at: string;
  capacity: number | null;
  form: SignUpForm;
}

export interface SeatRow {
  id: number;
  row_label: string;
  number: number;
  reserved: number;
  user_id: number | null;
}

export interface PlanTimesRow {
  id: number;
  startsAt: string | null;
  endsAt: string | null;
  hasRecording: number;
}

export interface AgendaRow {
  id: number;
  special_id: number;
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

export interface SponsorRow {
  id: number;
  tier: string;
  name: string;
  name_en: string;
  link: string;
}

// Events and their live plans

export const eventById = (db: Db, id: number) =>
  db.prepare(`SELECT * FROM items WHERE id = ? AND kind IN (${EVENT_KINDS.map(() => "?").join(",")})`).get(id, ...EVENT_KINDS) as ItemRow | undefined;

export const plansOf = (db: Db, specialId: number) =>
  db
    .prepare(
      `SELECT i.id, i.starts_at AS startsAt, i.ends_at AS endsAt, m.recording_url IS NOT NULL AS hasRecording
       FROM special_plans sp JOIN items i ON i.id = sp.plan_id LEFT JOIN live_media m ON m.plan_id = i.id
       WHERE sp.special_id = ? AND i.kind = 'live' ORDER BY sp.sort, i.id`,
    )
    .all(specialId) as PlanTimesRow[];

export const agendaOf = (db: Db, specialId: number) =>
  db.prepare("SELECT * FROM special_agenda WHERE special_id = ? ORDER BY starts_at, id").all(specialId) as AgendaRow[];

export const sponsorsOf = (db: Db, specialId: number) =>
  db.prepare("SELECT * FROM special_sponsors WHERE special_id = ? ORDER BY sort, id").all(specialId) as SponsorRow[];

// Sign-up

export const signupOf = (db: Db, specialId: number) => db.prepare("SELECT * FROM special_signup WHERE special_id = ?").get(specialId) as SignupRow | undefined;

export const termsOf = (db: Db, specialId: number) =>
  db.prepare("SELECT agreement, agreement_en FROM special_signup_terms WHERE special_id = ?").get(specialId) as
    | { agreement: string; agreement_en: string }
    | undefined;

export const requiredFieldsOf = (db: Db, specialId: number) =>
  db.prepare("SELECT required_fields FROM special_signup_terms WHERE special_id = ?").pluck().get(specialId) as string | undefined;

export const enrolledAt = (db: Db, specialId: number, userId: number) =>
  (db.prepare("SELECT created_at FROM special_enrollments WHERE special_id = ? AND user_id = ?").pluck().get(specialId, userId) as string | undefined) ?? null;

export const enrolmentCount = (db: Db, specialId: number) =>
  db.prepare("SELECT COUNT(*) FROM special_enrollments WHERE special_id = ?").pluck().get(specialId) as number;

export const insertEnrolment = (db: Db, specialId: number, userId: number, at: string) =>
  db.prepare("INSERT INTO special_enrollments (special_id, user_id, agreed_at, created_at) VALUES (?, ?, ?, ?)").run(specialId, userId, at, at);

export const insertSignData = (db: Db, specialId: number, userId: number, form: SpecialSignUpForm, at: string) =>
  db
    .prepare("INSERT INTO sign_data (special_id, user_id, real_name, org_name, position, email, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .run(specialId, userId, form.realName, form.orgName, form.position ?? "", (form.email ?? "").toLowerCase(), at);

// Seats

export const seatCount = (db: Db, specialId: number) => db.prepare("SELECT COUNT(*) FROM special_seats WHERE special_id = ?").pluck().get(specialId) as number;

export const seatsOf = (db: Db, specialId: number) =>
  db
    .prepare(
      `SELECT s.id, s.row_label, s.number, s.reserved, a.user_id FROM special_seats s
       LEFT JOIN seat_assignments a ON a.seat_id = s.id WHERE s.special_id = ? ORDER BY s.row_label, s.number`,
    )
    .all(specialId) as SeatRow[];

export const seatOf = (db: Db, specialId: number, userId: number) =>
  db
    .prepare("SELECT s.id, s.row_label, s.number FROM seat_assignments a JOIN special_seats s ON s.id = a.seat_id WHERE a.special_id = ? AND a.user_id = ?")
    .get(specialId, userId) as Pick<SeatRow, "id" | "row_label" | "number"> | undefined;

export const seatInEvent = (db: Db, seatId: number, specialId: number) =>
  db.prepare("SELECT id, row_label, number, reserved FROM special_seats WHERE id = ? AND special_id = ?").get(seatId, specialId) as
    | Omit<SeatRow, "user_id">
    | undefined;

export const releaseSeatOf = (db: Db, specialId: number, userId: number) =>
  db.prepare("DELETE FROM seat_assignments WHERE special_id = ? AND user_id = ?").run(specialId, userId);

/** Fails with a constraint error when someone else holds the seat: the database keeps two people from one seat. */
export const assignSeat = (db: Db, seatId: number, specialId: number, userId: number, at: string) =>
  db.prepare("INSERT INTO seat_assignments (seat_id, special_id, user_id, created_at) VALUES (?, ?, ?, ?)").run(seatId, specialId, userId, at);

// The seed

export interface ScholarRow {
  author_code: string;
  name: string;
  name_en: string;
  org_name: string;
  org_name_en: string;
  field: string;
}

export interface MeetingRow {
  id: number;
  title: string;
  org_name: string;
  org_name_en: string;
  starts_at: string;
  ends_at: string;
  extra: string;
}

export interface SeededItem {
  id: number;
  kind: "liveSpecial" | "live";
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  status: number;
  startsAt: string | null;
  endsAt: string | null;
  authorName: string;
  authorNameEn: string;
  orgName: string;
  orgNameEn: string;
  viewCount: number;
  sort: number;
  link: string;
  extra: string;
  createdAt: string;
}

type Pair = readonly [string, string];

export interface AgendaEntry {
  startsAt: string;
  endsAt: string;
  kind: string;
  title: Pair;
  speaker: Pair;
  org: Pair;
  place: Pair;
}

export const anySignup = (db: Db) => Boolean(db.prepare("SELECT 1 FROM special_signup LIMIT 1").get());

export const scholarsForGuests = (db: Db) =>
  db.prepare("SELECT author_code, name, name_en, org_name, org_name_en, field FROM scholars ORDER BY id").all() as ScholarRow[];

export const meetings = (db: Db) =>
  db.prepare("SELECT id, title, org_name, org_name_en, starts_at, ends_at, extra FROM items WHERE kind = 'meeting' ORDER BY id").all() as MeetingRow[];

/** Inserts an event or one of its live plans with its poster as cover; answers its id. */
export function insertItem(db: Db, item: SeededItem): number {
  const id = Number(
    db
      .prepare(`INSERT INTO items (id, kind, title, title_en, summary, summary_en, cover, status, starts_at, ends_at,
        author_name, author_name_en, org_name, org_name_en, view_count, sort, link, extra, created_at)
        VALUES (@id, @kind, @title, @titleEn, @summary, @summaryEn, '', @status, @startsAt, @endsAt,
        @authorName, @authorNameEn, @orgName, @orgNameEn, @viewCount, @sort, @link, @extra, @createdAt)`)
      .run(item).lastInsertRowid,
  );
  db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${id}.svg`, id);
  return id;
}

/** A scholar's guest row: the one the live seed made for them, else a new one. */
export function guestFor(db: Db, scholar: ScholarRow): number {
  const existing = db.prepare("SELECT id FROM guests WHERE author_code = ? ORDER BY id LIMIT 1").pluck().get(scholar.author_code) as number | undefined;
  return (
    existing ??
    Number(
      db
        .prepare("INSERT INTO guests (author_name, author_name_en, org_name, org_name_en, author_code) VALUES (?, ?, ?, ?, ?)")
        .run(scholar.name, scholar.name_en, scholar.org_name, scholar.org_name_en, scholar.author_code).lastInsertRowid,
    )
  );
}

export const insertSpecialGuest = (db: Db, specialId: number, guestId: number, sort: number) =>
  db.prepare("INSERT OR IGNORE INTO special_guests (special_id, guest_id, sort) VALUES (?, ?, ?)").run(specialId, guestId, sort);

export const insertSpecialPlan = (db: Db, specialId: number, planId: number, sort: number) =>
  db.prepare("INSERT INTO special_plans (special_id, plan_id, sort) VALUES (?, ?, ?)").run(specialId, planId, sort);

export const insertPlanSpeaker = (db: Db, planId: number, guestId: number) =>
  db.prepare("INSERT OR IGNORE INTO plan_guests (plan_id, guest_id, role, sort) VALUES (?, ?, 'speaker', 0)").run(planId, guestId);

export const insertMedia = (db: Db, planId: number, streamUrl: string | null, recordingUrl: string | null) =>
  db.prepare("INSERT INTO live_media (plan_id, stream_url, recording_url) VALUES (?, ?, ?)").run(planId, streamUrl, recordingUrl);

export const insertSignup = (db: Db, signup: SignupRow) =>
  db
    .prepare("INSERT INTO special_signup (special_id, opens_at, closes_at, capacity, form) VALUES (?, ?, ?, ?, ?)")
    .run(signup.special_id, signup.opens_at, signup.closes_at, signup.capacity, signup.form);

export const insertAgendaEntry = (db: Db, specialId: number, entry: AgendaEntry) =>
  db
    .prepare(`INSERT INTO special_agenda (special_id, starts_at, ends_at, kind, title, title_en, speaker, speaker_en, org_name, org_name_en, place, place_en)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(specialId, entry.startsAt, entry.endsAt, entry.kind, ...entry.title, ...entry.speaker, ...entry.org, ...entry.place);

export const insertSponsor = (db: Db, specialId: number, sponsor: { tier: string; name: Pair; link: string }, sort: number) =>
  db
    .prepare("INSERT INTO special_sponsors (special_id, tier, name, name_en, link, sort) VALUES (?, ?, ?, ?, ?, ?)")
    .run(specialId, sponsor.tier, sponsor.name[0], sponsor.name[1], sponsor.link, sort);

export const insertSeat = (db: Db, specialId: number, rowLabel: string, number: number, reserved: boolean) =>
  db.prepare("INSERT INTO special_seats (special_id, row_label, number, reserved) VALUES (?, ?, ?, ?)").run(specialId, rowLabel, number, reserved ? 1 : 0);
