import type { Db } from "./kernel/db.server.ts";
import { TOPICS, type Pair } from "./seed.server.ts";

/**
 * Seed of the content pages' tables (migration 004), derived from the items the first seed made, so it is as
 * deterministic as that seed: type tags, topics, the video file and special of each video, counters, hot keywords.
 */

/** The clip every seeded video plays: generated with ffmpeg (docs/developers.md), served from public/. */
export const SEEDED_VIDEO_URL = "/media/clip.mp4";

/** Type tags and the topics (indexes into TOPICS) each one gathers. */
const VIDEO_TYPES: { name: Pair; topics: number[] }[] = [
  { name: ["宏观与政策", "Macro & Policy"], topics: [0, 6, 11, 16] },
  { name: ["金融", "Finance"], topics: [1, 3, 7, 8, 14, 17] },
  { name: ["管理", "Management"], topics: [2, 9, 10, 18, 19] },
  { name: ["研究方法", "Methods"], topics: [12, 15] },
  { name: ["产业与劳动", "Industry & Labor"], topics: [4, 5, 13] },
];

const REPORT_TAGS: { name: Pair; topics: number[] }[] = [
  { name: ["宏观策略", "Macro Strategy"], topics: [0, 6, 11, 16] },
  { name: ["金融市场", "Financial Markets"], topics: [1, 3, 7, 17] },
  { name: ["ESG与可持续", "ESG & Sustainability"], topics: [8, 14] },
  { name: ["公司与管理", "Companies & Management"], topics: [2, 9, 10, 18, 19] },
  { name: ["行业与科技", "Industries & Technology"], topics: [4, 5, 12, 13, 15] },
];

const KINDS_WITH_META = ["video", "videoSpecial", "paper", "report", "book"];

/** A video's lecture notes, the material /videoDoc shows beside the video. */
function lectureNotes([topic, topicEn]: Pair, [summary, summaryEn]: Pair) {
  return [
    { heading: "本讲导读", headingEn: "Overview", text: summary, textEn: summaryEn },
    {
      heading: "核心问题",
      headingEn: "Key questions",
      text: `${topic}研究关心什么？现有文献给出了哪些答案，又留下了哪些争论？本讲从这三个问题展开。`,
      textEn: `What does research on ${topicEn} ask, what answers has the literature given, and which debates remain open? The lecture starts from these three questions.`,
    },
    {
      heading: "方法与证据",
      headingEn: "Methods and evidence",
      text: `本讲介绍${topic}领域常用的识别策略与数据来源，并结合中国情境讨论经验证据的可信度。`,
      textEn: `The lecture introduces the identification strategies and data sources common in ${topicEn}, and discusses how credible the empirical evidence is in the Chinese context.`,
    },
    {
      heading: "延伸阅读",
      headingEn: "Further reading",
      text: `下方列出与${topic}相关的论文，供课后阅读。`,
      textEn: `The papers below on ${topicEn} are suggested for reading after the lecture.`,
    },
  ];
}

export function isEngagementSeeded(db: Db): boolean {
  return (db.prepare("SELECT COUNT(*) FROM content_types").pluck().get() as number) > 0;
}

/** The topic an item is about: the one its extra names, else the first topic its title names (zh or en). */
function topicOf(title: string, titleEn: string, extra: string): number {
  const named = (JSON.parse(extra) as { topic?: unknown }).topic;
  const byName = TOPICS.findIndex(([zh]) => zh === named);
  return byName >= 0 ? byName : TOPICS.findIndex(([zh, en]) => title.includes(zh) || titleEn.includes(en));
}

export function seedEngagement(db: Db, now = new Date()): Record<string, number> {
  const counts: Record<string, number> = {};
  const insertType = db.prepare("INSERT INTO content_types (kind, name, name_en, sort) VALUES (?, ?, ?, ?)");
  const insertMeta = db.prepare(
    "INSERT INTO item_meta (item_id, type_id, topic, media_url, special_id, special_order, praise_count, collect_count, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertKeyword = db.prepare("INSERT INTO search_keywords (keyword, keyword_en, search_count, updated_at) VALUES (?, ?, ?, ?)");

  db.transaction(() => {
    const typeOfTopic: Record<string, Map<number, number>> = { video: new Map(), report: new Map() };
    for (const [kind, types] of [
      ["video", VIDEO_TYPES],
      ["report", REPORT_TAGS],
    ] as const) {
      types.forEach((type, index) => {
        const id = Number(insertType.run(kind, type.name[0], type.name[1], types.length - index).lastInsertRowid);
        for (const topic of type.topics) typeOfTopic[kind].set(topic, id);
      });
      counts[`${kind} types`] = types.length;
    }
    // Specials typed by their topic too, so a video special's page can offer its type's other specials.
    typeOfTopic.videoSpecial = typeOfTopic.video;

    const items = db
      .prepare(
        `SELECT id, kind, title, title_en, summary, summary_en, extra FROM items WHERE kind IN (${KINDS_WITH_META.map(() => "?").join(",")}) ORDER BY id`,
      )
      .all(...KINDS_WITH_META) as { id: number; kind: string; title: string; title_en: string; summary: string; summary_en: string; extra: string }[];
    const specials = items.filter((item) => item.kind === "videoSpecial").map((item) => item.id);
    const orderInSpecial = new Map<number, number>();
    for (const item of items) {
      const topic = topicOf(item.title, item.title_en, item.extra);
      const typeId = topic >= 0 ? (typeOfTopic[item.kind]?.get(topic) ?? null) : null;
      let specialId: number | null = null;
      let order = 0;
      if (item.kind === "video") {
        // The first seed numbers a video's special by its place among the specials (1-based).
        const ordinal = Number((JSON.parse(item.extra) as { specialId?: number }).specialId);
        specialId = specials[ordinal - 1] ?? null;
        if (specialId) {
          order = (orderInSpecial.get(specialId) ?? 0) + 1;
          orderInSpecial.set(specialId, order);
        }
      }
      insertMeta.run(
        item.id,
        typeId,
        topic >= 0 ? TOPICS[topic][0] : "",
        item.kind === "video" ? SEEDED_VIDEO_URL : "",
        specialId,
        order,
        (item.id * 7919) % 26_000,
        (item.id * 104_729) % 4_200,
        item.kind === "video" && topic >= 0 ? JSON.stringify(lectureNotes(TOPICS[topic], [item.summary, item.summary_en])) : "[]",
      );
    }
    counts["item meta"] = items.length;

    TOPICS.forEach(([zh, en], index) => insertKeyword.run(zh, en, 600 - index * 23, now.toISOString()));
    counts["hot keywords"] = TOPICS.length;
  })();
  return counts;
}
