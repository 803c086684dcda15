import type { Db } from "../kernel/db.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import { TOPICS, type Pair } from "../content/seed.server.ts";
import { TOPIC_TEXTS } from "../content/seed-texts.server.ts";
import { LIVE, LOCAL_CLIP } from "../live/rules.server.ts";
import * as queries from "./queries.server.ts";
import type { MeetingRow, ScholarRow, SignUpForm } from "./queries.server.ts";
import { eventState, planState, type PlanTimes } from "./rules.server.ts";
import { clock, cstDay, cstYear, DAY, HOUR, seedTime } from "./seed-times.server.ts";

/**
 * The events behind the conference and campaign pages (migration 005): eleven live specials, each the data of one
 * campaign page (/liveSpec … /2023ames, `../seed/specials.json`), and the agenda, guests, sponsors and sign-up window
 * of every seeded conference (their programme and texts in `../seed/specials-texts.json`). Times in the data files are
 * relative to the seeding time (`seed-times.server.ts`).
 */

/** The ids page configs use as data-source params: special ids never move, whatever else is seeded first. */
export const SPECIAL_IDS = {
  liveSpec: 900001,
  liveSpec2: 900002,
  liveSpec3: 900003,
  liveSpec4: 900004,
  liveSpec5: 900005,
  liveSpec6: 900006,
  abfer: 900007,
  abferac: 900008,
  "2022acde": 900009,
  "2023CFMEF": 900010,
  "2023ames": 900011,
} as const;

/** Each campaign special's live plans have fixed ids too (a page may embed one in a player): 910000 + 20 × special + session. */
export function sessionPlanId(specialOrder: number, session: number): number {
  return 910_000 + specialOrder * 20 + session;
}

interface AgendaSeed {
  /** Days after the event's first day; "last": its last day. */
  day: number | "last";
  from: string;
  to: string;
  kind: string;
  title: Pair;
  /** Index into the event's guests. */
  guest?: number;
  place?: Pair;
}

interface SponsorSeed {
  tier: "host" | "coHost" | "sponsor" | "media";
  name: Pair;
  link?: string;
}

interface SpecialSeed {
  /** The campaign page, "/" and a key of SPECIAL_IDS. */
  route: string;
  /** "{year}" stands for the year the event starts in. */
  title: Pair;
  summary: Pair;
  organizer: Pair;
  city: Pair;
  venue: Pair;
  starts: string;
  ends: string;
  signUp: { opens: string | null; closes: string; capacity: number | null; form: SignUpForm };
  guests: number;
  sessions: { title: Pair; starts: string; hours: number; guest: number }[];
  agenda: AgendaSeed[];
  sponsors: SponsorSeed[];
  /** Reserved seats by label: row letter and number, "A1". */
  seats?: { rows: number; columns: number; reserved: string[] };
}

interface SpecialTexts {
  meetingProgramme: AgendaSeed[];
  meetingSponsors: SponsorSeed[];
  sessionSummaries: Record<"recording" | "seriesTalk" | "stream", Pair>;
}

const CAMPAIGNS = seedData<SpecialSeed[]>("specials.json");
const TEXTS = seedData<SpecialTexts>("specials-texts.json");

/** How many live plans the campaign specials add to the content seed's: their sessions, the same on any date. */
export const CAMPAIGN_PLAN_COUNT = CAMPAIGNS.reduce((sum, special) => sum + special.sessions.length, 0);

type Values = Record<string, string | number>;

/** A text pair with its "{name}" placeholders filled, each language from its own values. */
const filled = ([zh, en]: Pair, zhValues: Values, enValues: Values = zhValues): Pair => {
  const fill = (text: string, values: Values) => text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  return [fill(zh, zhValues), fill(en, enValues)];
};

interface Guest {
  id: number;
  scholar: ScholarRow;
}

/** A campaign special placed in time: its dates, and its sessions as plans (every seeded plan that has ended was recorded). */
interface PlacedSpecial {
  id: number;
  seed: SpecialSeed;
  title: Pair;
  starts: Date;
  ends: Date;
  sessions: { title: Pair; guest: number; plan: PlanTimes }[];
}

function placed(seed: SpecialSeed, now: Date): PlacedSpecial {
  const starts = seedTime(seed.starts, now);
  const year = { year: cstYear(starts) };
  const sessions = seed.sessions.map((session) => {
    const from = seedTime(session.starts, now);
    const ends = new Date(from.getTime() + session.hours * HOUR);
    return {
      title: filled(session.title, year),
      guest: session.guest,
      plan: { id: 0, startsAt: from.toISOString(), endsAt: ends.toISOString(), hasRecording: ends < now },
    };
  });
  const id: number | undefined = SPECIAL_IDS[seed.route.slice(1) as keyof typeof SPECIAL_IDS];
  if (!id) throw new Error(`No fixed id for the campaign special ${seed.route}`);
  return { id, seed, title: filled(seed.title, year), starts, ends: seedTime(seed.ends, now), sessions };
}

/** The event's guests: scholars picked by a fixed stride (or in turn from a pool), each reusing their guest row. */
function guestsFor(db: Db, scholars: ScholarRow[], order: number, total: number, pool?: ScholarRow[]): Guest[] {
  return Array.from({ length: total }, (_, index) => {
    const scholar = pool ? pool[(order + index) % pool.length] : scholars[(order * 13 + index * 7) % scholars.length];
    return { id: queries.guestFor(db, scholar), scholar };
  });
}

function addGuests(db: Db, specialId: number, guests: Guest[]): void {
  guests.forEach((guest, sort) => queries.insertSpecialGuest(db, specialId, guest.id, sort));
}

function addAgenda(db: Db, specialId: number, firstDay: Date, agenda: AgendaSeed[], guests: Guest[], days = 1): void {
  for (const entry of agenda) {
    const day = cstDay(firstDay, entry.day === "last" ? days - 1 : entry.day);
    const speaker = entry.guest === undefined ? null : guests[entry.guest % guests.length].scholar;
    queries.insertAgendaEntry(db, specialId, {
      startsAt: clock(day, entry.from).toISOString(),
      endsAt: clock(day, entry.to).toISOString(),
      kind: entry.kind,
      title: entry.title,
      speaker: [speaker?.name ?? "", speaker?.name_en ?? ""],
      org: [speaker?.org_name ?? "", speaker?.org_name_en ?? ""],
      place: entry.place ?? ["", ""],
    });
  }
}

function addSponsors(db: Db, specialId: number, sponsors: SponsorSeed[]): void {
  sponsors.forEach((sponsor, sort) => queries.insertSponsor(db, specialId, { ...sponsor, link: sponsor.link ?? "" }, sort));
}

/** A campaign session's summary: a talk of a series, the live stream of an event, or an event's recording. */
function sessionSummary(special: PlacedSpecial, sort: number, speaker: ScholarRow): { summary: string; summaryEn: string } {
  const session = special.sessions[sort];
  const { recording, seriesTalk, stream } = TEXTS.sessionSummaries;
  const template = session.title[0].includes("回放") ? recording : special.sessions.length > 1 ? seriesTalk : stream;
  const number = sort + 1;
  const [summary, summaryEn] = filled(
    template,
    { event: special.title[0], speaker: speaker.name, org: speaker.org_name, session: session.title[0], number },
    { event: special.title[1], speaker: speaker.name_en, org: speaker.org_name_en, session: session.title[1], number },
  );
  return { summary, summaryEn };
}

/** The special's own item, with its fixed id. */
function insertSpecial(db: Db, special: PlacedSpecial, order: number, now: Date): void {
  const { seed } = special;
  const { status } = eventState(
    { startsAt: special.starts.toISOString(), endsAt: special.ends.toISOString() },
    special.sessions.map((session) => session.plan),
    now,
  );
  queries.insertItem(db, {
    id: special.id,
    kind: "liveSpecial",
    title: special.title[0],
    titleEn: special.title[1],
    summary: seed.summary[0],
    summaryEn: seed.summary[1],
    status,
    startsAt: special.starts.toISOString(),
    endsAt: special.ends.toISOString(),
    authorName: "",
    authorNameEn: "",
    orgName: seed.organizer[0],
    orgNameEn: seed.organizer[1],
    viewCount: 8_000 + order * 3_517,
    sort: status === LIVE.living ? 100 : status < LIVE.over ? 60 : 0,
    link: seed.route,
    extra: JSON.stringify({ route: seed.route, city: seed.city[0], cityEn: seed.city[1], venue: seed.venue[0], venueEn: seed.venue[1] }),
    createdAt: now.toISOString(),
  });
}

/** A session's live plan, with its fixed id, its speaker and (living or recorded) its media. */
function insertPlan(db: Db, special: PlacedSpecial, order: number, sort: number, guests: Guest[], now: Date): void {
  const { plan, title, guest } = special.sessions[sort];
  const speaker = guests[guest % guests.length];
  const status = planState(plan, now);
  const planId = queries.insertItem(db, {
    id: sessionPlanId(order, sort),
    kind: "live",
    title: title[0],
    titleEn: title[1],
    ...sessionSummary(special, sort, speaker.scholar),
    status,
    startsAt: plan.startsAt,
    endsAt: plan.endsAt,
    authorName: speaker.scholar.name,
    authorNameEn: speaker.scholar.name_en,
    orgName: speaker.scholar.org_name,
    orgNameEn: speaker.scholar.org_name_en,
    viewCount: 1_200 + ((special.id + sort * 977) % 40_000),
    sort: status === LIVE.living ? 100 : status === LIVE.upcoming ? 50 : 0,
    link: "/viewLive?id={id}",
    extra: JSON.stringify({ specialId: special.id, guests: 1 }),
    createdAt: now.toISOString(),
  });
  queries.insertSpecialPlan(db, special.id, planId, sort);
  queries.insertPlanSpeaker(db, planId, speaker.id);
  if (status === LIVE.living) queries.insertMedia(db, planId, LOCAL_CLIP, null);
  if (status === LIVE.replay) queries.insertMedia(db, planId, null, LOCAL_CLIP);
}

function addSeats(db: Db, specialId: number, seats: NonNullable<SpecialSeed["seats"]>): void {
  for (let row = 0; row < seats.rows; row++) {
    const label = String.fromCharCode(65 + row);
    for (let number = 1; number <= seats.columns; number++) queries.insertSeat(db, specialId, label, number, seats.reserved.includes(`${label}${number}`));
  }
}

/** A campaign special's guests, plans, sign-up window, agenda, partners and seats. */
function seedSpecialParts(db: Db, scholars: ScholarRow[], special: PlacedSpecial, order: number, now: Date): void {
  const { seed } = special;
  const guests = guestsFor(db, scholars, order, seed.guests);
  addGuests(db, special.id, guests);
  special.sessions.forEach((_, sort) => insertPlan(db, special, order, sort, guests, now));
  const { opens, closes, capacity, form } = seed.signUp;
  queries.insertSignup(db, {
    special_id: special.id,
    opens_at: opens === null ? null : seedTime(opens, now).toISOString(),
    closes_at: seedTime(closes, now).toISOString(),
    capacity,
    form,
  });
  addAgenda(db, special.id, cstDay(special.starts), seed.agenda, guests);
  addSponsors(db, special.id, seed.sponsors);
  if (seed.seats) addSeats(db, special.id, seed.seats);
}

/** A seeded conference's guests (scholars of its topic when there are enough), a two-day programme on its topic, partners and sign-up. */
function seedMeeting(db: Db, scholars: ScholarRow[], meeting: MeetingRow, order: number): void {
  const found = TOPICS.findIndex(([zh]) => meeting.title.includes(zh));
  const topicIndex = found >= 0 ? found : order % TOPICS.length;
  const [topic, topicEn] = TOPICS[topicIndex];
  const days = Math.max(1, Math.round((Date.parse(meeting.ends_at) - Date.parse(meeting.starts_at)) / DAY));
  const inField = scholars.filter((scholar) => scholar.field === topic);
  const total = 4 + (order % 3);
  const guests = inField.length >= total ? guestsFor(db, scholars, order, total, inField) : guestsFor(db, scholars, order + 20, total);
  addGuests(db, meeting.id, guests);
  const { keywords, themes } = TOPIC_TEXTS[topicIndex];
  const [k1, k2] = [keywords[order % keywords.length], keywords[(order + 1) % keywords.length]];
  const [keynote, debate] = [themes[order % themes.length].title, themes[(order + 1) % themes.length].title];
  const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);
  const zh = { topic, keyword1: k1[0], keyword2: k2[0], keynote: keynote[0], debate: debate[0], organizer: meeting.org_name };
  const en = {
    topic: topicEn,
    keyword1: capitalized(k1[1]),
    keyword2: capitalized(k2[1]),
    keynote: keynote[1],
    debate: debate[1],
    organizer: meeting.org_name_en,
  };
  const shownDays = Math.min(days, 2);
  const programme = TEXTS.meetingProgramme
    .filter((entry) => entry.day === "last" || entry.day < shownDays)
    .map((entry) => ({ ...entry, title: filled(entry.title, zh, en) }));
  addAgenda(db, meeting.id, cstDay(new Date(meeting.starts_at)), programme, guests, shownDays);
  addSponsors(
    db,
    meeting.id,
    TEXTS.meetingSponsors.map((sponsor) => ({ ...sponsor, name: filled(sponsor.name, zh, en) })),
  );
  const deadline = (JSON.parse(meeting.extra) as { deadline?: string }).deadline ?? meeting.starts_at;
  const opens = new Date(Date.parse(meeting.starts_at) - 60 * DAY).toISOString();
  queries.insertSignup(db, { special_id: meeting.id, opens_at: opens, closes_at: deadline, capacity: 200 + (order % 3) * 100, form: "specialSignUp" });
}

/**
 * Seeds the events. Runs after the content and live seeds (it links to their scholars and guests), and fills a
 * database seeded before migration 005 existed; a database that already has events is left as it is.
 */
export function seedSpecials(db: Db, now: Date): void {
  if (queries.anySignup(db)) return;
  const scholars = queries.scholarsForGuests(db);
  if (!scholars.length) return;
  const meetings = queries.meetings(db);
  db.transaction(() => {
    const specials = CAMPAIGNS.map((seed) => placed(seed, now));
    // The fixed ids first: a plan inserted in between would take the next id after a special's.
    specials.forEach((special, order) => insertSpecial(db, special, order, now));
    specials.forEach((special, order) => seedSpecialParts(db, scholars, special, order, now));
    meetings.forEach((meeting, order) => seedMeeting(db, scholars, meeting, order));
  })();
}
