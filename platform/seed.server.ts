import type { Db } from "./kernel/db.server.ts";
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

/** Seed data that reads like the real thing: economics, finance and management content in zh and en. */

export type Pair = readonly [zh: string, en: string];

/** The research topics every kind of seeded content is about; later seeds group content by them. */
export const TOPICS: Pair[] = [
  ["货币政策", "Monetary Policy"],
  ["数字金融", "Digital Finance"],
  ["公司治理", "Corporate Governance"],
  ["行为金融", "Behavioral Finance"],
  ["产业组织", "Industrial Organization"],
  ["劳动经济学", "Labor Economics"],
  ["国际贸易", "International Trade"],
  ["资产定价", "Asset Pricing"],
  ["ESG投资", "ESG Investing"],
  ["供应链管理", "Supply Chain Management"],
  ["创新与创业", "Innovation and Entrepreneurship"],
  ["发展经济学", "Development Economics"],
  ["计量经济学方法", "Econometric Methods"],
  ["平台经济", "Platform Economics"],
  ["绿色金融", "Green Finance"],
  ["人工智能与经济", "AI and the Economy"],
  ["财政政策", "Fiscal Policy"],
  ["银行与金融稳定", "Banking and Financial Stability"],
  ["营销科学", "Marketing Science"],
  ["组织行为", "Organizational Behavior"],
];

/** Title formats; `fits` leaves out a topic whose name already says what the format adds ("计量经济学方法方法工作坊"). */
interface Format<F extends string> {
  title: Pair;
  format: F;
  fits?: (topic: Pair) => boolean;
}

const LIVE_FORMATS: Format<LiveFormat>[] = [
  { title: ["{t}前沿讲座", "Frontier Lecture on {t}"], format: "lecture" },
  { title: ["{t}青年学者论坛", "Young Scholars Forum: {t}"], format: "forum" },
  { title: ["{t}方法工作坊", "Methods Workshop: {t}"], format: "workshop", fits: ([zh, en]) => !zh.includes("方法") && !/method/i.test(en) },
  { title: ["{t}圆桌对话", "Roundtable: {t}"], format: "roundtable" },
  { title: ["{t}论文研讨会", "Paper Seminar: {t}"], format: "seminar" },
];
/** How many guests a live of each format has, its speaker or host included. */
const LIVE_GUESTS: Record<LiveFormat, readonly number[]> = { lecture: [1, 2], forum: [3, 4], workshop: [1, 2], roundtable: [3, 4], seminar: [2, 3] };

const MEETING_FORMATS: Format<MeetingFormat>[] = [
  { title: ["第{n}届{t}国际研讨会", "The {nth} International Conference on {t}"], format: "conference", fits: ([zh]) => !zh.includes("国际") },
  { title: ["{t}学术年会（{y}）", "{t} Annual Meeting {y}"], format: "annual" },
  { title: ["{t}博士生论坛", "Doctoral Forum on {t}"], format: "doctoral" },
];

const VIDEO_FORMATS: Pair[] = [
  ["{t}十讲 · 第{n}讲", "Ten Lectures on {t} · Part {n}"],
  ["三分钟读懂{t}", "{t} in Three Minutes"],
  ["{t}经典文献精读", "Close Reading: Classics of {t}"],
];

const SURNAMES: Pair[] = [
  ["王", "Wang"],
  ["李", "Li"],
  ["张", "Zhang"],
  ["刘", "Liu"],
  ["陈", "Chen"],
  ["杨", "Yang"],
  ["赵", "Zhao"],
  ["黄", "Huang"],
  ["周", "Zhou"],
  ["吴", "Wu"],
  ["徐", "Xu"],
  ["孙", "Sun"],
  ["胡", "Hu"],
  ["朱", "Zhu"],
  ["高", "Gao"],
  ["林", "Lin"],
  ["何", "He"],
  ["郭", "Guo"],
  ["马", "Ma"],
  ["罗", "Luo"],
];
const GIVEN: Pair[] = [
  ["伟", "wei"],
  ["敏", "min"],
  ["静", "jing"],
  ["磊", "lei"],
  ["洋", "yang"],
  ["婷", "ting"],
  ["杰", "jie"],
  ["涛", "tao"],
  ["明", "ming"],
  ["华", "hua"],
  ["晨", "chen"],
  ["宇", "yu"],
  ["欣", "xin"],
  ["博", "bo"],
  ["然", "ran"],
  ["岚", "lan"],
];

const ORGS: Pair[] = [
  ["北京大学光华管理学院", "Guanghua School of Management, Peking University"],
  ["清华大学经济管理学院", "School of Economics and Management, Tsinghua University"],
  ["复旦大学经济学院", "School of Economics, Fudan University"],
  ["上海财经大学金融学院", "School of Finance, Shanghai University of Finance and Economics"],
  ["中国人民大学经济学院", "School of Economics, Renmin University of China"],
  ["浙江大学管理学院", "School of Management, Zhejiang University"],
  ["武汉大学经济与管理学院", "Economics and Management School, Wuhan University"],
  ["中山大学岭南学院", "Lingnan College, Sun Yat-sen University"],
  ["香港中文大学商学院", "CUHK Business School"],
  ["新加坡国立大学商学院", "NUS Business School"],
  ["西南财经大学", "Southwestern University of Finance and Economics"],
  ["厦门大学经济学院", "School of Economics, Xiamen University"],
];

const CITIES: Pair[] = [
  ["北京", "Beijing"],
  ["上海", "Shanghai"],
  ["杭州", "Hangzhou"],
  ["深圳", "Shenzhen"],
  ["成都", "Chengdu"],
];
const JOURNALS: Pair[] = [
  ["经济研究", "Economic Research Journal"],
  ["管理世界", "Management World"],
  ["金融研究", "Journal of Financial Research"],
  ["经济学（季刊）", "China Economic Quarterly"],
];
const RANKS: Pair[] = [
  ["教授", "a professor"],
  ["副教授", "an associate professor"],
  ["助理教授", "an assistant professor"],
];

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

export function seedDatabase(db: Db, now = new Date()): SeedCounts {
  const rand = random(20260101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const fill = (pair: Pair, topic: Pair, n = 1, y = now.getFullYear()): Pair => [
    pair[0].replaceAll("{t}", topic[0]).replaceAll("{n}", String(n)).replaceAll("{y}", String(y)),
    pair[1].replaceAll("{t}", topic[1]).replaceAll("{nth}", ordinal(n)).replaceAll("{n}", String(n)).replaceAll("{y}", String(y)),
  ];
  const person = (): Pair => {
    const surname = pick(SURNAMES);
    const first = pick(GIVEN);
    const second = pick(GIVEN);
    const given = first[1] + second[1];
    return [surname[0] + first[0] + second[0], `${given[0].toUpperCase()}${given.slice(1)} ${surname[1]}`];
  };
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
  const counts: SeedCounts = {};

  // The scholars first: papers, talks, meetings and books of a topic are by the scholars who work on it.
  const scholars: SeedScholar[] = Array.from({ length: 150 }, (_, index) => ({
    code: `A${String(100000 + index)}`,
    name: person(),
    org: pick(ORGS),
    topic: index % TOPICS.length,
  }));
  const scholarsOn = TOPICS.map((_, topic) => scholars.filter((scholar) => scholar.topic === topic));

  const insertItem = db.prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, status, starts_at, ends_at,
    author_name, author_name_en, org_name, org_name_en, view_count, sort, link, extra, created_at)
    VALUES (@kind, @title, @titleEn, @summary, @summaryEn, @cover, @status, @startsAt, @endsAt,
    @authorName, @authorNameEn, @orgName, @orgNameEn, @viewCount, @sort, @link, @extra, @createdAt)`);
  const setCover = db.prepare("UPDATE items SET cover = ? WHERE id = ?");

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
  const add = (kind: string, fields: ItemSeed) => {
    const author = fields.author ?? person();
    const org = fields.org ?? pick(ORGS);
    const result = insertItem.run({
      kind,
      title: fields.title[0],
      titleEn: fields.title[1],
      summary: fields.summary[0],
      summaryEn: fields.summary[1],
      cover: "",
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
    const id = Number(result.lastInsertRowid);
    setCover.run(`/media/poster/${id}.svg`, id);
    counts[kind] = (counts[kind] ?? 0) + 1;
    return id;
  };

  db.transaction(() => {
    // Live plans in every state: 0 not started, 1 upcoming, 2 living, 3 over, 4 replay.
    for (let index = 0; index < 240; index++) {
      const topic = TOPICS[index % TOPICS.length];
      const text = TOPIC_TEXTS[index % TOPICS.length];
      const status = [2, 1, 0, 4, 4, 3, 0, 1][index % 8];
      const offset = { 0: 24 * (3 + (index % 30)), 1: 1 + (index % 20), 2: -1, 3: -24 * (2 + (index % 60)), 4: -24 * (1 + (index % 90)) }[status]!;
      const format = pick(LIVE_FORMATS.filter((entry) => entry.fits?.(topic) ?? true));
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
        extra: { topic: topic[1], format: format.format, guests: pick(LIVE_GUESTS[format.format]), speakerCode: speaker.code },
      });
    }
    for (let index = 0; index < 60; index++) {
      const topic = TOPICS[index % TOPICS.length];
      const starts = 24 * (index < 30 ? 10 + index * 3 : -(index - 29) * 6);
      const format = pick(MEETING_FORMATS.filter((entry) => entry.fits?.(topic) ?? true));
      const chair = pick(scholarsOn[index % TOPICS.length]);
      const city = pick(CITIES);
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
    for (let index = 0; index < 300; index++) {
      const topicIndex = index % TOPICS.length;
      const topic = TOPICS[topicIndex];
      const text = TOPIC_TEXTS[topicIndex];
      const part = 1 + (index % 10);
      const formatIndex = Math.floor(rand() * VIDEO_FORMATS.length);
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
        title: fill(VIDEO_FORMATS[formatIndex], topic, part),
        summary: summaries[formatIndex],
        author: speaker.name,
        org: speaker.org,
        link: "/videoDetail?id={id}",
        extra: { ...bilingual("topic", topic), durationSeconds: 180 + Math.floor(rand() * 3600), specialId: 1 + (index % 30) },
      });
    }
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
          const [orgName, orgNameEn] = pick(ORGS);
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
          ...bilingual("journal", pick(JOURNALS)),
          year: earliest + Math.floor(rand() * (2026 - earliest)),
          authors,
          ...paperIndexTerms(pick, text, topic, method),
        },
      });
    }
    for (let index = 0; index < 120; index++) {
      const topic = TOPICS[index % TOPICS.length];
      const [k1, k2] = TOPIC_TEXTS[index % TOPICS.length].keywords;
      const year = 2020 + (index % 6);
      const org = pick(ORGS);
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
    const banners: Pair[] = [
      ["2027 中国金融学年会开放报名", "China Finance Annual Meeting 2027: registration open"],
      ["青年学者计划：数字经济专题", "Young Scholars Programme: the digital economy"],
      ["新课上线：因果推断实战", "New course: causal inference in practice"],
      ["经管好书周：会员专享八折", "Book week: 20% off for members"],
      ["学者认证，解锁直播讨论", "Get verified to join live discussions"],
    ];
    const bannerLinks = ["/scienceMeetingList", "/liveList", "/videoIndex", "/bookList", "/authentication"];
    banners.forEach((title, index) => add("banner", { title, summary: title, sort: 10 - index, link: bannerLinks[index] }));
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
  })();

  const insertScholar = db.prepare(`INSERT INTO scholars (author_code, name, name_en, org_name, org_name_en, field, field_en,
    introduction, introduction_en, verified, recommended, follower_count, portrait) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    scholars.forEach((scholar, index) => {
      const field = TOPICS[scholar.topic];
      const [k1, k2] = TOPIC_TEXTS[scholar.topic].keywords.slice(index % 3);
      const rank = pick(RANKS);
      insertScholar.run(
        scholar.code,
        scholar.name[0],
        scholar.name[1],
        scholar.org[0],
        scholar.org[1],
        field[0],
        field[1],
        `${scholar.name[0]}，${scholar.org[0]}${rank[0]}，研究方向为${field[0]}，近期关注${k1[0]}与${k2[0]}。`,
        `${scholar.name[1]} is ${rank[1]} at ${scholar.org[1]}, working on ${prose(field[1])}; recent work looks at ${k1[1]} and ${k2[1]}.`,
        index % 3 === 0 ? 1 : 0,
        index % 5 === 0 ? 1 : 0,
        Math.floor(rand() * 40_000),
        "",
      );
    });
  })();
  counts.scholar = scholars.length;
  return counts;
}

export function isSeeded(db: Db): boolean {
  return (db.prepare("SELECT COUNT(*) FROM items").pluck().get() as number) > 0;
}
