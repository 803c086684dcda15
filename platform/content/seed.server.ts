import type { Db } from "../kernel/db.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import { seedScholar } from "../scholars/seed.server.ts";
import * as queries from "./seed-queries.server.ts";
import {
  bookBlurb,
  EVIDENCE,
  institution,
  listOf,
  type LiveFormat,
  liveSummary,
  type MeetingFormat,
  meetingSummary,
  ordinal,
  paperAbstract,
  paperIndexTerms,
  paperTitle,
  prose,
  TOPIC_TEXTS,
} from "./seed-texts.server.ts";

/**
 * The content seed: lives, meetings, videos and their series, papers, reports, books, banners, essays and the scholars
 * who wrote and speak in them, in economics, finance and management, zh and en. The names and formats are data
 * (`platform/seed/topics.json`, `content-people.json`, `content-formats.json`, and the texts of `seed-texts.server.ts`);
 * this module places them: a deterministic generator picks among them, so every fresh database holds the same seed,
 * and times count from the seeding.
 */

export type Pair = readonly [zh: string, en: string];

/** The research topics every kind of seeded content is about; later seeds group content by them. */
export const TOPICS = seedData<Pair[]>("topics.json");

/** Names of people (a surname and two given characters), places of work, cities, journals and academic ranks. */
const PEOPLE = seedData<Record<"surnames" | "given" | "orgs" | "cities" | "journals" | "ranks", Pair[]>>("content-people.json");

/** A title format; `unlessTopicNames` leaves out a topic whose name already says what the format adds ("计量经济学方法方法工作坊"). */
interface Format<F extends string> {
  title: Pair;
  format: F;
  unlessTopicNames?: { zh?: string; en?: string };
}

const FORMATS = seedData<{
  lives: Format<LiveFormat>[];
  /** How many guests a live of each format has, its speaker or host included. */
  liveGuests: Record<LiveFormat, readonly number[]>;
  meetings: Format<MeetingFormat>[];
  videos: Pair[];
  banners: { title: Pair; link: string }[];
}>("content-formats.json");

const fits = ({ unlessTopicNames: names }: Format<string>, [zh, en]: Pair) =>
  !names || (!(names.zh && zh.includes(names.zh)) && !(names.en && en.toLowerCase().includes(names.en)));

interface SeedScholar {
  code: string;
  name: Pair;
  org: Pair;
  topic: number;
}
/** One author of a paper; authorCode when the author has a scholar profile here. */
interface PaperAuthor {
  name: string;
  nameEn: string;
  orgName: string;
  orgNameEn: string;
  authorCode?: string;
}

/** A zh field and its En sibling, the naming every API item uses. */
const bilingual = (field: string, pair: Pair) => ({ [field]: pair[0], [`${field}En`]: pair[1] });

/** A small deterministic generator, so every fresh database holds the same seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedCounts {
  [kind: string]: number;
}

interface ItemSeed {
  title: Pair;
  summary: Pair;
  author?: Pair;
  org?: Pair;
  status?: number;
  startsAt?: string;
  endsAt?: string;
  viewCount?: number;
  sort?: number;
  link?: string;
  extra?: Record<string, unknown>;
}

/** What every kind's seed draws with: the generator, the scholars by topic, the clock and the item writer. */
interface Seeder {
  now: Date;
  rand: () => number;
  pick: <T>(list: readonly T[]) => T;
  fill: (pair: Pair, topic: Pair, n?: number, y?: number) => Pair;
  person: () => Pair;
  hours: (h: number) => string;
  add: (kind: string, fields: ItemSeed) => number;
  scholars: SeedScholar[];
  scholarsOn: SeedScholar[][];
}

function createSeeder(db: Db, now: Date, counts: SeedCounts): Seeder {
  const rand = random(20260101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const fill = (pair: Pair, topic: Pair, n = 1, y = now.getFullYear()): Pair => [
    pair[0].replaceAll("{t}", topic[0]).replaceAll("{n}", String(n)).replaceAll("{y}", String(y)),
    pair[1].replaceAll("{t}", topic[1]).replaceAll("{nth}", ordinal(n)).replaceAll("{n}", String(n)).replaceAll("{y}", String(y)),
  ];
  const person = (): Pair => {
    const surname = pick(PEOPLE.surnames);
    const first = pick(PEOPLE.given);
    const second = pick(PEOPLE.given);
    const given = first[1] + second[1];
    return [surname[0] + first[0] + second[0], `${given[0].toUpperCase()}${given.slice(1)} ${surname[1]}`];
  };
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
  // The scholars first: papers, talks, meetings and books of a topic are by the scholars who work on it.
  const scholars: SeedScholar[] = Array.from({ length: 150 }, (_, index) => ({
    code: `A${String(100000 + index)}`,
    name: person(),
    org: pick(PEOPLE.orgs),
    topic: index % TOPICS.length,
  }));
  const scholarsOn = TOPICS.map((_, topic) => scholars.filter((scholar) => scholar.topic === topic));
  const add = (kind: string, fields: ItemSeed) => {
    const author = fields.author ?? person();
    const org = fields.org ?? pick(PEOPLE.orgs);
    const id = queries.insertItem(db, {
      kind,
      title: fields.title[0],
      titleEn: fields.title[1],
      summary: fields.summary[0],
      summaryEn: fields.summary[1],
      status: fields.status ?? 0,
      startsAt: fields.startsAt ?? null,
      endsAt: fields.endsAt ?? null,
      authorName: author[0],
      authorNameEn: author[1],
      orgName: org[0],
      orgNameEn: org[1],
      viewCount: fields.viewCount ?? Math.floor(rand() * rand() * 250_000),
      sort: fields.sort ?? 0,
      link: fields.link ?? "",
      extra: JSON.stringify(fields.extra ?? {}),
      createdAt: hours(-Math.floor(rand() * 24 * 400)),
    });
    counts[kind] = (counts[kind] ?? 0) + 1;
    return id;
  };
  return { now, rand, pick, fill, person, hours, add, scholars, scholarsOn };
}

/** Live plans in every state: 0 not started, 1 upcoming, 2 living, 3 over, 4 replay. */
function seedLives(seeder: Seeder): void {
  const { pick, fill, hours, add, scholarsOn } = seeder;
  for (let index = 0; index < 240; index++) {
    const topic = TOPICS[index % TOPICS.length];
    const text = TOPIC_TEXTS[index % TOPICS.length];
    const status = [2, 1, 0, 4, 4, 3, 0, 1][index % 8];
    const offset = { 0: 24 * (3 + (index % 30)), 1: 1 + (index % 20), 2: -1, 3: -24 * (2 + (index % 60)), 4: -24 * (1 + (index % 90)) }[status]!;
    const format = pick(FORMATS.lives.filter((entry) => fits(entry, topic)));
    const speaker = pick(scholarsOn[index % TOPICS.length]);
    add("live", {
      title: fill(format.title, topic),
      summary: liveSummary(pick, format.format, topic, text, speaker.name, speaker.org),
      author: speaker.name,
      org: speaker.org,
      status,
      startsAt: hours(offset),
      endsAt: hours(offset + 2),
      sort: status === 2 ? 100 : status === 1 ? 50 : 0,
      link: "/viewLive?id={id}",
      extra: { topic: topic[1], format: format.format, guests: pick(FORMATS.liveGuests[format.format]), speakerCode: speaker.code },
    });
  }
}

/** Meetings: 30 to come, 30 past. */
function seedMeetings(seeder: Seeder): void {
  const { pick, fill, hours, add, scholarsOn, now } = seeder;
  for (let index = 0; index < 60; index++) {
    const topic = TOPICS[index % TOPICS.length];
    const starts = 24 * (index < 30 ? 10 + index * 3 : -(index - 29) * 6);
    const format = pick(FORMATS.meetings.filter((entry) => fits(entry, topic)));
    const chair = pick(scholarsOn[index % TOPICS.length]);
    const city = pick(PEOPLE.cities);
    const n = 3 + (index % 12);
    add("meeting", {
      title: fill(format.title, topic, n, now.getFullYear() + (index < 30 ? 1 : 0)),
      summary: meetingSummary(pick, format.format, topic, TOPIC_TEXTS[index % TOPICS.length], {
        n,
        chair: chair.name,
        org: chair.org,
        city,
        past: index >= 30,
      }),
      author: chair.name,
      org: chair.org,
      status: index < 30 ? 0 : 3,
      startsAt: hours(starts),
      endsAt: hours(starts + 48),
      link: "/scienceMeetingDetail?id={id}",
      extra: { deadline: hours(starts - 24 * 14), ...bilingual("city", city), format: format.format, chairCode: chair.code },
    });
  }
}

/** Videos: three formats, ten parts a topic, each in one of the 30 series. */
function seedVideos(seeder: Seeder): void {
  const { rand, pick, fill, add, scholarsOn } = seeder;
  for (let index = 0; index < 300; index++) {
    const topicIndex = index % TOPICS.length;
    const topic = TOPICS[topicIndex];
    const text = TOPIC_TEXTS[topicIndex];
    const part = 1 + (index % 10);
    const formatIndex = Math.floor(rand() * FORMATS.videos.length);
    const speaker = pick(scholarsOn[topicIndex]);
    const [s, sEn] = speaker.name;
    const [o, oEn] = speaker.org;
    const keyword = text.keywords[(part - 1) % text.keywords.length];
    const question = pick(text.themes).question;
    const summaries: Pair[] = [
      [
        `《${topic[0]}十讲》第${part}讲，${s}（${o}）主讲。本讲围绕${keyword[0]}展开，介绍基本概念、代表性文献与中国经验。`,
        `Part ${part} of Ten Lectures on ${topic[1]}, taught by ${sEn} (${oEn}). This part centres on ${keyword[1]}: the basic ideas, the key papers and the evidence from China.`,
      ],
      [
        `${s}（${o}）用三分钟讲清${topic[0]}研究中的一个问题：${question[0]}。`,
        `In three minutes, ${sEn} (${oEn}) explains one question in ${prose(topic[1])}: ${question[1]}.`,
      ],
      [
        `${s}（${o}）带读${topic[0]}领域的经典论文，逐段讲解研究问题、识别策略与结论的局限。`,
        `${sEn} (${oEn}) walks through classic papers in ${prose(topic[1])}, section by section: the question, the identification strategy and the limits of the conclusions.`,
      ],
    ];
    add("video", {
      title: fill(FORMATS.videos[formatIndex], topic, part),
      summary: summaries[formatIndex],
      author: speaker.name,
      org: speaker.org,
      link: "/videoDetail?id={id}",
      extra: { ...bilingual("topic", topic), durationSeconds: 180 + Math.floor(rand() * 3600), specialId: 1 + (index % 30) },
    });
  }
}

/** The video series, one a topic and a half. */
function seedVideoSpecials(seeder: Seeder): void {
  const { add } = seeder;
  for (let index = 0; index < 30; index++) {
    const topic = TOPICS[index % TOPICS.length];
    const [k1, k2, k3] = TOPIC_TEXTS[index % TOPICS.length].keywords;
    add("videoSpecial", {
      title: [`${topic[0]}系列课程`, `${topic[1]} Series`],
      summary: [
        `${topic[0]}系列课程共十讲，依次讲授${k1[0]}、${k2[0]}、${k3[0]}等专题，适合希望系统了解这一领域的研究生与从业者。`,
        `A ten-lecture course on ${prose(topic[1])} covering ${k1[1]}, ${k2[1]}, ${k3[1]} and more, for graduate students and practitioners who want a structured introduction to the field.`,
      ],
      link: "/videoListBySpecial?id={id}",
      extra: { ...bilingual("topic", topic), videoCount: 10 },
    });
  }
}

/** Papers: a topic's k-th paper is one of its themes with one kind of evidence, by a scholar of the topic and co-authors. */
function seedPapers(seeder: Seeder): void {
  const { rand, pick, person, add, scholarsOn } = seeder;
  for (let index = 0; index < 400; index++) {
    const topicIndex = index % TOPICS.length;
    const topic = TOPICS[topicIndex];
    const text = TOPIC_TEXTS[topicIndex];
    // The topic's k-th paper: four themes × five kinds of evidence, so no two papers share a title.
    const k = Math.floor(index / TOPICS.length);
    const theme = text.themes[k % text.themes.length];
    const evidence = EVIDENCE[theme.evidence[Math.floor(k / text.themes.length) % theme.evidence.length]];
    const { summary, method } = paperAbstract(pick, topic, theme, evidence);
    // The first author is a scholar of the topic (each in turn); co-authors are colleagues here or elsewhere.
    const colleagues = scholarsOn[topicIndex];
    const first = colleagues[k % colleagues.length];
    const authors: PaperAuthor[] = [{ name: first.name[0], nameEn: first.name[1], orgName: first.org[0], orgNameEn: first.org[1], authorCode: first.code }];
    const coAuthors = pick([0, 1, 1, 2, 2, 3]);
    for (let slot = 0; slot < coAuthors; slot++) {
      const colleague = pick(colleagues);
      if (rand() < 0.5 && !authors.some((author) => author.authorCode === colleague.code)) {
        authors.push({
          name: colleague.name[0],
          nameEn: colleague.name[1],
          orgName: colleague.org[0],
          orgNameEn: colleague.org[1],
          authorCode: colleague.code,
        });
      } else {
        const [name, nameEn] = person();
        const [orgName, orgNameEn] = pick(PEOPLE.orgs);
        authors.push({ name, nameEn, orgName, orgNameEn });
      }
    }
    const earliest = Math.max(2016, (evidence.until ?? 0) + 1, theme.since ?? 0);
    add("paper", {
      title: paperTitle(theme, evidence),
      summary,
      author: [
        authors.map((author) => author.name).join("、"),
        listOf(
          authors.map((author) => author.nameEn),
          "en",
        ),
      ],
      org: first.org,
      link: "/docDetail?id={id}",
      extra: {
        ...bilingual("topic", topic),
        ...bilingual("journal", pick(PEOPLE.journals)),
        year: earliest + Math.floor(rand() * (2026 - earliest)),
        authors,
        ...paperIndexTerms(pick, text, topic, method),
      },
    });
  }
}

/** Annual research reports of a topic. */
function seedReports(seeder: Seeder): void {
  const { pick, person, add } = seeder;
  for (let index = 0; index < 120; index++) {
    const topic = TOPICS[index % TOPICS.length];
    const [k1, k2] = TOPIC_TEXTS[index % TOPICS.length].keywords;
    const year = 2020 + (index % 6);
    const org = pick(PEOPLE.orgs);
    const lead = person();
    add("report", {
      title: [`${topic[0]}研究年度报告（${year}）`, `${topic[1]} Research Report ${year}`],
      summary: [
        `${org[0]}研究团队发布的${year}年度报告，梳理${topic[0]}领域的主要数据、政策变化与研究进展，重点关注${k1[0]}与${k2[0]}。执笔：${lead[0]}。`,
        `The ${year} report from a research team at ${institution(org[1])} reviews the main data, policy changes and research in ${prose(topic[1])}, with a focus on ${k1[1]} and ${k2[1]}. Lead author: ${lead[1]}.`,
      ],
      author: lead,
      org,
      link: "/docDetail?id={id}&type=report",
      extra: bilingual("topic", topic),
    });
  }
}

/** Introductions to each topic in up to four editions, by a scholar of the topic. */
function seedBooks(seeder: Seeder): void {
  const { pick, add, scholarsOn } = seeder;
  for (let index = 0; index < 80; index++) {
    const topicIndex = index % TOPICS.length;
    const topic = TOPICS[topicIndex];
    const edition = 1 + (index % 4);
    const author = pick(scholarsOn[topicIndex]);
    add("book", {
      title: [`${topic[0]}导论（第${edition}版）`, `An Introduction to ${topic[1]} (${ordinal(edition)} ed.)`],
      summary: bookBlurb(pick, topic, TOPIC_TEXTS[topicIndex], edition, author.name, author.org),
      author: author.name,
      org: author.org,
      link: "/bookDetail?id={id}",
      extra: { ...bilingual("topic", topic), edition, authorCode: author.code },
    });
  }
}

/** The home page's banners, the first highest. */
function seedBanners({ add }: Seeder): void {
  FORMATS.banners.forEach(({ title, link }, index) => add("banner", { title, summary: title, sort: 10 - index, link }));
}

/** Essays as items, by scholars of their topic. */
function seedEssayItems(seeder: Seeder): void {
  const { pick, add, scholarsOn } = seeder;
  for (let index = 0; index < 150; index++) {
    const topicIndex = index % TOPICS.length;
    const topic = TOPICS[topicIndex];
    const text = TOPIC_TEXTS[topicIndex];
    const writer = pick(scholarsOn[topicIndex]);
    const keyword = pick(text.keywords);
    add("essay", {
      title: [`关于${topic[0]}的几点思考（${index + 1}）`, `Notes on ${topic[1]} (${index + 1})`],
      summary: [
        `${writer.name[0]}（${writer.org[0]}）谈${topic[0]}研究中的${keyword[0]}：哪些结论已有共识，哪些仍有争议，青年学者又可以从哪里入手。`,
        `${writer.name[1]} (${writer.org[1]}) on ${keyword[1]} in ${prose(topic[1])} research: what is settled, what is still debated, and where young scholars might start.`,
      ],
      author: writer.name,
      org: writer.org,
      link: "/essayInfo?id={id}",
    });
  }
}

/** The scholars of the directory, each working on one topic; a third verified, a fifth recommended. */
function seedScholars(db: Db, { scholars, pick, rand }: Seeder): void {
  scholars.forEach((scholar, index) => {
    const field = TOPICS[scholar.topic];
    const [k1, k2] = TOPIC_TEXTS[scholar.topic].keywords.slice(index % 3);
    const rank = pick(PEOPLE.ranks);
    seedScholar(db, {
      author_code: scholar.code,
      name: scholar.name[0],
      name_en: scholar.name[1],
      org_name: scholar.org[0],
      org_name_en: scholar.org[1],
      field: field[0],
      field_en: field[1],
      introduction: `${scholar.name[0]}，${scholar.org[0]}${rank[0]}，研究方向为${field[0]}，近期关注${k1[0]}与${k2[0]}。`,
      introduction_en: `${scholar.name[1]} is ${rank[1]} at ${scholar.org[1]}, working on ${prose(field[1])}; recent work looks at ${k1[1]} and ${k2[1]}.`,
      verified: index % 3 === 0 ? 1 : 0,
      recommended: index % 5 === 0 ? 1 : 0,
      follower_count: Math.floor(rand() * 40_000),
    });
  });
}

/** Seeds the items of every content kind and the scholars into a new database; how many of each kind it wrote. */
export function seedContent(db: Db, now = new Date()): SeedCounts {
  const counts: SeedCounts = {};
  const seeder = createSeeder(db, now, counts);
  db.transaction(() => {
    for (const seedKind of [seedLives, seedMeetings, seedVideos, seedVideoSpecials, seedPapers, seedReports, seedBooks, seedBanners, seedEssayItems])
      seedKind(seeder);
  })();
  db.transaction(() => seedScholars(db, seeder))();
  counts.scholar = seeder.scholars.length;
  return counts;
}

export function isContentSeeded(db: Db): boolean {
  return queries.anyItem(db);
}
