import { seedData } from "../kernel/seed-data.server.ts";

/** A zh text and its English twin. */
export type Pair = readonly [zh: string, en: string];

/**
 * The words the content seed writes with: per research topic, the papers one would find (title, question, finding),
 * keywords and JEL codes; the data and designs empirical papers use; and the builders of every kind's summary. The
 * order of TOPIC_TEXTS is the order of TOPICS (platform/seed/topics.json). A text that names a topic names it in both languages
 * (search finds the same items by a topic's Chinese and English name).
 */

/** What a paper studies: its title (without the evidence subtitle), question, main finding and the evidence that fits. */
export interface Theme {
  title: Pair;
  /** zh: a noun phrase ("…的影响"); en: an embedded question ("how …", "whether …"). */
  question: Pair;
  /** A clause: zh after "研究发现，", en after "We find that". */
  finding: Pair;
  /** Indexes into EVIDENCE, five each, so a topic's 4 × 5 papers have distinct titles. */
  evidence: number[];
  /** The first year a paper on it can have appeared. */
  since?: number;
}

export interface TopicText {
  keywords: Pair[];
  jel: string[];
  themes: Theme[];
}

interface Method {
  name: Pair;
  keyword: Pair;
  jel?: string;
}

type MethodKey = "fe" | "did" | "staggered" | "event" | "iv" | "rd" | "ml" | "rct" | "fm" | "sorts" | "lp" | "pvar" | "synth" | "structural" | "proposed";

/** The methods papers use, by key (platform/seed/methods.json). */
const M = seedData<Record<MethodKey, Method>>("methods.json");

type Unit = "firm" | "household" | "region" | "country" | "market" | "platform" | "people" | "workers" | "methods" | "model";

export interface Evidence {
  subtitle: Pair;
  /** What the paper uses: zh after "利用", en after "Using". */
  data: Pair;
  methods: Method[];
  unit: Unit;
  /** The last year of the data: a paper using it appeared later. */
  until?: number;
}

/** The evidence of empirical papers; 20–24 are the subtitles of methods papers. */
export const EVIDENCE: Evidence[] = seedData<(Omit<Evidence, "methods"> & { methods: MethodKey[] })[]>("evidence.json").map((evidence) =>
  Object.assign(evidence, { methods: evidence.methods.map((key) => M[key]) }),
);

/** Where an effect is strongest, by the kind of data a paper uses. */
const GROUPS = seedData<Record<Unit, Pair[]>>("groups.json");

/** Each topic's keywords, JEL codes and paper themes (platform/seed/topic-texts.json). */
export const TOPIC_TEXTS = seedData<TopicText[]>("topic-texts.json");

/** A topic's English name as it reads inside a sentence: "monetary policy", "ESG investing", "AI and the economy". */
export function prose(name: string): string {
  return name
    .split(" ")
    .map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(" ");
}

/** An institution's English name inside a sentence: "the School of Economics, …", but "NUS Business School". */
export function institution(name: string, start = false): string {
  if (!/^(School|Economics and Management School)\b/.test(name)) return name;
  return `${start ? "The" : "the"} ${name}`;
}

/** "A", "A and B", "A, B and C" (en) and "甲、乙和丙" (zh). */
export function listOf(items: string[], lang: "zh" | "en"): string {
  if (items.length < 2) return items.join("");
  const last = items.at(-1);
  return `${items.slice(0, -1).join(lang === "zh" ? "、" : ", ")}${lang === "zh" ? "和" : " and "}${last}`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

type Pick = <T>(list: readonly T[]) => T;

/** The list starting at a randomly picked element (and wrapping round), so its first elements are distinct. */
function rotated<T>(pick: Pick, list: readonly T[]): T[] {
  const start = pick(list.map((_, index) => index));
  return [...list.slice(start), ...list.slice(0, start)];
}

/** The title of a paper: its theme and evidence, joined as a question or with a colon. */
export function paperTitle(theme: Theme, evidence: Evidence): Pair {
  const [zh, en] = theme.title;
  return [`${zh}${zh.endsWith("？") ? "" : "："}${evidence.subtitle[0]}`, `${en}${en.endsWith("?") ? " " : ": "}${evidence.subtitle[1]}`];
}

export interface PaperText {
  summary: Pair;
  method: Method;
}

/** A paper's abstract: question, data and design, main finding, then heterogeneity or robustness, and what it means. */
export function paperAbstract(pick: Pick, topic: Pair, theme: Theme, evidence: Evidence): PaperText {
  const [q, qEn] = theme.question;
  const [f, fEn] = theme.finding;
  const [data, dataEn] = evidence.data;
  const method = pick(evidence.methods);
  const [m, mEn] = method.name;
  const sentences: Pair[] = [];
  const methodsPaper = evidence.unit === "methods";
  sentences.push(
    pick<Pair>(
      methodsPaper
        ? [
            [`本文讨论${q}。`, `This paper studies ${qEn}.`],
            [`应用研究中常常需要面对${q}这一问题。`, `Applied researchers often need to know ${qEn}.`],
          ]
        : [
            [`本文考察${q}。`, `This paper examines ${qEn}.`],
            [
              `${q}是学界与政策制定者共同关心的问题，本文对此提供新的经验证据。`,
              `Scholars and policymakers alike want to know ${qEn}; this paper offers new evidence.`,
            ],
            [`现有文献对${q}尚未形成一致结论，本文尝试回答这一问题。`, `Existing studies disagree on ${qEn}, and this paper takes up the question.`],
          ],
    ),
  );
  sentences.push(
    methodsPaper
      ? [`本文提出${m}，并通过${data}检验其表现。`, `We propose ${mEn} and assess its performance with ${dataEn}.`]
      : pick<Pair>([
          [`本文利用${data}，采用${m}展开分析。`, `Using ${dataEn}, the analysis relies on ${mEn}.`],
          [`基于${data}，本文运用${m}进行实证检验。`, `We draw on ${dataEn} and use ${mEn}.`],
        ]),
  );
  sentences.push(
    pick<Pair>([
      [`研究发现，${f}。`, `We find that ${fEn}.`],
      [`结果表明，${f}。`, `The results show that ${fEn}.`],
    ]),
  );
  const groups = GROUPS[evidence.unit];
  if (groups.length && pick([true, false])) {
    const [g, gEn] = pick(groups);
    sentences.push([`异质性分析显示，这一效应集中体现在${g}。`, `Heterogeneity analysis shows that the effect is strongest for ${gEn}.`]);
  } else {
    sentences.push(
      methodsPaper
        ? ["文中给出了易于实现的计算步骤与配套代码。", "The paper gives easy-to-implement steps and accompanying code."]
        : ["经过一系列稳健性检验后，上述结论依然成立。", "The results survive a battery of robustness checks."],
    );
  }
  if (pick([true, false, false]))
    sentences.push([
      `本文的发现丰富了${topic[0]}领域的文献，也可为政策制定提供参考。`,
      `The findings add to the literature on ${prose(topic[1])} and can inform policymakers.`,
    ]);
  return { summary: [sentences.map((s) => s[0]).join(""), sentences.map((s) => s[1]).join(" ")], method };
}

/** Keywords and JEL codes of a paper: its topic's, its design's. */
export function paperIndexTerms(pick: Pick, topicText: TopicText, topic: Pair, method: Method) {
  const first = pick(topicText.keywords);
  const second = pick(topicText.keywords.filter((keyword) => keyword !== first));
  const named: Pair = [topic[0], prose(topic[1])];
  const keywords: Pair[] = [named, first, second, method.keyword].filter((keyword, index, all) => all.findIndex((other) => other[0] === keyword[0]) === index);
  const jel = [topicText.jel[0], pick(topicText.jel.slice(1))];
  if (method.jel && !jel.includes(method.jel)) jel.push(method.jel);
  return { keywords: keywords.map((keyword) => keyword[0]), keywordsEn: keywords.map((keyword) => keyword[1]), jel };
}

export type LiveFormat = "lecture" | "forum" | "workshop" | "roundtable" | "seminar";

/** A live talk's summary, by its format: who speaks or hosts, and what about. */
export function liveSummary(pick: Pick, format: LiveFormat, topic: Pair, text: TopicText, speaker: Pair, org: Pair): Pair {
  const [s, sEn] = speaker;
  const [o, oEn] = org;
  const t = topic[0];
  const tEn = prose(topic[1]);
  const theme = pick(text.themes);
  const [k1, k2] = rotated(pick, text.keywords);
  switch (format) {
    case "lecture":
      return [
        `${s}（${o}）主讲。讲座从${theme.question[0]}谈起，梳理${k1[0]}与${k2[0]}方面的代表性研究，并讨论仍待回答的问题。`,
        `A lecture by ${sEn} (${oEn}). Starting from ${theme.question[1]}, it reviews key work on ${k1[1]} and ${k2[1]} and the questions that remain open.`,
      ];
    case "forum":
      return [
        `青年学者报告${t}方向的在研论文，每篇论文由一位资深学者评议；${s}（${o}）主持。`,
        `Young scholars present work in progress on ${tEn}, each paper followed by a senior discussant. Chair: ${sEn} (${oEn}).`,
      ];
    case "workshop": {
      const method = pick([M.did, M.iv, M.rd, M.synth, M.event]).keyword;
      return [
        `${s}（${o}）结合${t}研究中的实例讲解${method[0]}：识别假设、代码实现与稳健性检验。适合具备计量基础的研究生和青年教师。`,
        `${sEn} (${oEn}) teaches ${method[1]} through examples from ${tEn} research: the identifying assumptions, the code and the robustness checks. For graduate students and junior faculty with some econometrics.`,
      ];
    }
    case "roundtable":
      return [
        `${s}（${o}）主持，与几位嘉宾围绕${theme.question[0]}展开对话，并回答观众提问。`,
        `${sEn} (${oEn}) hosts a conversation with guests on ${theme.question[1]}, followed by questions from the audience.`,
      ];
    case "seminar":
      return [
        `${s}（${o}）报告新作《${theme.title[0]}》，随后由评议人点评，并与现场听众讨论。`,
        `${sEn} (${oEn}) presents a new paper, “${theme.title[1]}”. A discussant responds, and the floor is then open for questions.`,
      ];
  }
}

export type MeetingFormat = "conference" | "annual" | "doctoral";

/** A meeting's summary: who hosts and chairs it, where, and what it is about; past meetings in the past tense. */
export function meetingSummary(
  pick: Pick,
  format: MeetingFormat,
  topic: Pair,
  text: TopicText,
  fields: { n: number; chair: Pair; org: Pair; city: Pair; past: boolean },
): Pair {
  const { n, chair, org, city, past } = fields;
  const [k1, k2, k3] = rotated(pick, text.keywords);
  const t = topic[0];
  const tEn = prose(topic[1]);
  switch (format) {
    case "conference":
      return [
        `${org[0]}主办的第${n}届${t}国际研讨会${past ? "已于" : "将于"}${city[0]}举行，会期两天，设主旨演讲、平行分论坛和圆桌讨论，议题包括${k1[0]}、${k2[0]}与${k3[0]}。会议主席：${chair[0]}。`,
        `The ${ordinal(n)} International Conference on ${topic[1]}, hosted by ${institution(org[1])}, ${past ? "took" : "takes"} place in ${city[1]} over two days, with keynotes, parallel sessions and a panel on topics including ${k1[1]}, ${k2[1]} and ${k3[1]}. Conference chair: ${chair[1]}.`,
      ];
    case "annual":
      return [
        `${t}学术年会每年举办一次，本届由${org[0]}承办，${past ? "已于" : "将于"}${city[0]}举行。年会面向海内外学者征集${k1[0]}、${k2[0]}等方向的论文，由${chair[0]}担任程序委员会主席。`,
        `The ${topic[1]} Annual Meeting is held every year; this year's meeting, hosted by ${institution(org[1])}, ${past ? "took" : "will take"} place in ${city[1]}. Scholars in China and abroad ${past ? "were" : "are"} invited to submit papers on ${k1[1]}, ${k2[1]} and related themes. Programme chair: ${chair[1]}.`,
      ];
    case "doctoral":
      return [
        `面向${t}方向在读博士生的学术论坛，由${org[0]}主办，${past ? "已于" : "将于"}${city[0]}举行。每篇入选论文都由一位资深学者点评，${chair[0]}担任论坛召集人。`,
        `A forum for doctoral students working on ${tEn}, hosted by ${institution(org[1])} and ${past ? "held" : "to be held"} in ${city[1]}. A senior scholar discusses every selected paper; ${chair[1]} convenes the forum.`,
      ];
  }
}

/** A textbook's blurb: author, what it covers, for whom; later editions say what changed. */
export function bookBlurb(pick: Pick, topic: Pair, text: TopicText, edition: number, author: Pair, org: Pair): Pair {
  const [k1, k2, k3] = text.keywords;
  const t = topic[0];
  const tEn = prose(topic[1]);
  const body = pick<Pair>([
    [
      `${author[0]}（${org[0]}）著。本书是${t}领域的入门教材，从${k1[0]}、${k2[0]}讲到${k3[0]}，每章配有中国案例与习题，适合高年级本科生和研究生使用。`,
      `By ${author[1]} (${org[1]}). An introductory textbook on ${tEn} that moves from ${k1[1]} and ${k2[1]} to ${k3[1]}, with Chinese cases and exercises in every chapter, for advanced undergraduates and graduate students.`,
    ],
    [
      `本书由${author[0]}（${org[0]}）撰写，系统介绍${t}的核心理论与经典文献，重点讨论${k1[0]}与${k3[0]}，书后附有数据与代码。`,
      `Written by ${author[1]} (${org[1]}), this book sets out the core theory and classic literature of ${tEn}, with particular attention to ${k1[1]} and ${k3[1]}; data and code come with the book.`,
    ],
    [
      `${author[0]}（${org[0]}）根据多年授课讲义整理成书。全书兼顾理论与实证，以${k2[0]}为主线，帮助读者建立${t}的完整知识框架。`,
      `Based on the lecture notes of ${author[1]} (${org[1]}) from years of teaching, this book balances theory and evidence, follows ${k2[1]} as its thread and gives readers a complete framework for ${tEn}.`,
    ],
  ]);
  if (edition === 1) return body;
  return [`${body[0]}第${edition}版更新了近年的研究进展与案例。`, `${body[1]} The ${ordinal(edition)} edition brings the research and cases up to date.`];
}
