import type { Db } from "./db.server.ts";

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

const LIVE_FORMATS: Pair[] = [
  ["{t}前沿讲座", "Frontier Lecture on {t}"],
  ["{t}青年学者论坛", "Young Scholars Forum: {t}"],
  ["{t}方法工作坊", "Methods Workshop: {t}"],
  ["{t}圆桌对话", "Roundtable: {t}"],
  ["{t}论文研讨会", "Paper Seminar: {t}"],
];

const MEETING_FORMATS: Pair[] = [
  ["第{n}届{t}国际研讨会", "The {n}th International Conference on {t}"],
  ["{t}学术年会（{y}）", "{t} Annual Meeting {y}"],
  ["{t}博士生论坛", "Doctoral Forum on {t}"],
];

const PAPER_ANGLES: Pair[] = [
  ["{t}与企业投资", "{t} and Corporate Investment"],
  ["{t}的异质性效应", "Heterogeneous Effects of {t}"],
  ["{t}中的信息摩擦", "Information Frictions in {t}"],
  ["{t}与收入不平等", "{t} and Income Inequality"],
  ["重新审视{t}", "Revisiting {t}"],
];

const EVIDENCE: Pair[] = [
  ["来自中国上市公司的证据", "Evidence from Chinese Listed Firms"],
  ["基于县域数据的分析", "Evidence from County-Level Data"],
  ["一项自然实验", "A Natural Experiment"],
  ["基于机器学习的测度", "A Machine-Learning Measure"],
  ["跨国面板证据", "Cross-Country Panel Evidence"],
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
    pair[1].replaceAll("{t}", topic[1]).replaceAll("{n}", String(n)).replaceAll("{y}", String(y)),
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

  const insertItem = db.prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, status, starts_at, ends_at,
    author_name, author_name_en, org_name, org_name_en, view_count, sort, link, extra, created_at)
    VALUES (@kind, @title, @titleEn, @summary, @summaryEn, @cover, @status, @startsAt, @endsAt,
    @authorName, @authorNameEn, @orgName, @orgNameEn, @viewCount, @sort, @link, @extra, @createdAt)`);
  const setCover = db.prepare("UPDATE items SET cover = ? WHERE id = ?");

  const add = (kind: string, fields: Partial<Record<string, unknown>> & { title: Pair }) => {
    const author = (fields.author as Pair | undefined) ?? person();
    const org = (fields.org as Pair | undefined) ?? pick(ORGS);
    const summary = (fields.summary as Pair | undefined) ?? [
      `${author[0]}（${org[0]}）主讲，系统梳理${fields.title[0]}相关研究的核心问题、识别策略与最新进展。`,
      `${author[1]} (${org[1]}) reviews the core questions, identification strategies and latest findings on ${fields.title[1]}.`,
    ];
    const result = insertItem.run({
      kind,
      title: fields.title[0],
      titleEn: fields.title[1],
      summary: summary[0],
      summaryEn: summary[1],
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
      createdAt: (fields.createdAt as string) ?? hours(-Math.floor(rand() * 24 * 400)),
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
      const status = [2, 1, 0, 4, 4, 3, 0, 1][index % 8];
      const offset = { 0: 24 * (3 + (index % 30)), 1: 1 + (index % 20), 2: -1, 3: -24 * (2 + (index % 60)), 4: -24 * (1 + (index % 90)) }[status]!;
      add("live", {
        title: fill(pick(LIVE_FORMATS), topic),
        status,
        startsAt: hours(offset),
        endsAt: hours(offset + 2),
        sort: status === 2 ? 100 : status === 1 ? 50 : 0,
        link: "/viewLive?id={id}",
        extra: { topic: topic[1], guests: 1 + (index % 4) },
      });
    }
    for (let index = 0; index < 60; index++) {
      const topic = TOPICS[index % TOPICS.length];
      const starts = 24 * (index < 30 ? 10 + index * 3 : -(index - 29) * 6);
      add("meeting", {
        title: fill(pick(MEETING_FORMATS), topic, 3 + (index % 12), now.getFullYear() + (index < 30 ? 1 : 0)),
        status: index < 30 ? 0 : 3,
        startsAt: hours(starts),
        endsAt: hours(starts + 48),
        link: "/scienceMeetingDetail?id={id}",
        extra: { deadline: hours(starts - 24 * 14), ...bilingual("city", pick(CITIES)) },
      });
    }
    for (let index = 0; index < 300; index++) {
      const topic = TOPICS[index % TOPICS.length];
      add("video", {
        title: fill(pick(VIDEO_FORMATS), topic, 1 + (index % 10)),
        link: "/videoDetail?id={id}",
        extra: { durationSeconds: 180 + Math.floor(rand() * 3600), specialId: 1 + (index % 30) },
      });
    }
    for (let index = 0; index < 30; index++) {
      const topic = TOPICS[index % TOPICS.length];
      add("videoSpecial", { title: [`${topic[0]}系列课程`, `${topic[1]} Series`], link: "/videoListBySpecial?id={id}", extra: { videoCount: 10 } });
    }
    for (let index = 0; index < 400; index++) {
      const topic = TOPICS[index % TOPICS.length];
      const angle = fill(pick(PAPER_ANGLES), topic);
      const evidence = pick(EVIDENCE);
      add("paper", {
        title: [`${angle[0]}：${evidence[0]}`, `${angle[1]}: ${evidence[1]}`],
        link: "/docDetail?id={id}",
        extra: { ...bilingual("journal", pick(JOURNALS)), year: 2015 + (index % 11) },
      });
    }
    for (let index = 0; index < 120; index++) {
      const topic = TOPICS[index % TOPICS.length];
      add("report", {
        title: [`${topic[0]}行业研究报告（${2020 + (index % 6)}）`, `${topic[1]} Industry Report ${2020 + (index % 6)}`],
        link: "/docDetail?id={id}&type=report",
      });
    }
    for (let index = 0; index < 80; index++) {
      const topic = TOPICS[index % TOPICS.length];
      add("book", {
        title: [`${topic[0]}导论（第${1 + (index % 4)}版）`, `An Introduction to ${topic[1]} (${["1st", "2nd", "3rd", "4th"][index % 4]} ed.)`],
        link: "/bookDetail?id={id}",
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
    banners.forEach((title, index) => add("banner", { title, sort: 10 - index, link: bannerLinks[index] }));
    for (let index = 0; index < 150; index++) {
      const topic = TOPICS[index % TOPICS.length];
      add("essay", { title: [`关于${topic[0]}的几点思考（${index + 1}）`, `Notes on ${topic[1]} (${index + 1})`], link: "/essayInfo?id={id}" });
      add("qa", { title: [`如何看待${topic[0]}领域的最新争论？`, `How should we read the latest debate in ${topic[1]}?`], link: "/qaDetail?id={id}" });
    }
    for (let index = 0; index < 120; index++) {
      const topic = TOPICS[index % TOPICS.length];
      const org = pick(ORGS);
      add("job", { title: [`${topic[0]}方向助理教授`, `Assistant Professor in ${topic[1]}`], org, link: "/home" });
    }
  })();

  const insertScholar = db.prepare(`INSERT INTO scholars (author_code, name, name_en, org_name, org_name_en, field, field_en,
    introduction, introduction_en, verified, recommended, follower_count, portrait) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (let index = 0; index < 150; index++) {
      const name = person();
      const org = pick(ORGS);
      const field = TOPICS[index % TOPICS.length];
      insertScholar.run(
        `A${String(100000 + index)}`,
        name[0],
        name[1],
        org[0],
        org[1],
        field[0],
        field[1],
        `${name[0]}，${org[0]}教授，研究方向为${field[0]}。`,
        `${name[1]} is a professor at ${org[1]}, working on ${field[1]}.`,
        index % 3 === 0 ? 1 : 0,
        index % 5 === 0 ? 1 : 0,
        Math.floor(rand() * 40_000),
        "",
      );
    }
  })();
  counts.scholar = 150;
  return counts;
}

export function isSeeded(db: Db): boolean {
  return (db.prepare("SELECT COUNT(*) FROM items").pluck().get() as number) > 0;
}
