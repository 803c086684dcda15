import type { Db } from "../kernel/db.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import * as queries from "./seed-queries.server.ts";
import { TOPICS, type Pair } from "./seed.server.ts";

/**
 * Seed of the content pages' tables (migration 004), derived from the items the first seed made, so it is as
 * deterministic as that seed: type tags, topics, the video file and special of each video, counters, hot keywords.
 */

/** The clip every seeded video plays: generated with ffmpeg (docs/developers.md), served from public/. */
export const SEEDED_VIDEO_URL = "/media/clip.mp4";

/** The type tags of videos and of reports, each with the topics (indexes into TOPICS) it gathers, first shown first. */
const TYPE_TAGS = seedData<Record<"video" | "report", { name: Pair; topics: number[] }[]>>("content-types.json");

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
  return queries.anyContentType(db);
}

/** The topic an item is about: the one its extra names, else the first topic its title names (zh or en). */
function topicOf(title: string, titleEn: string, extra: string): number {
  const named = (JSON.parse(extra) as { topic?: unknown }).topic;
  const byName = TOPICS.findIndex(([zh]) => zh === named);
  return byName >= 0 ? byName : TOPICS.findIndex(([zh, en]) => title.includes(zh) || titleEn.includes(en));
}

/** The type tags of videos (their series too) and reports; for each kind, the tag's id of each topic. */
function seedTypeTags(db: Db, counts: Record<string, number>): Record<string, Map<number, number>> {
  const typeOfTopic: Record<string, Map<number, number>> = { video: new Map(), report: new Map() };
  for (const kind of ["video", "report"] as const) {
    const types = TYPE_TAGS[kind];
    types.forEach((type, index) => {
      const id = queries.insertContentType(db, kind, type.name, types.length - index);
      for (const topic of type.topics) typeOfTopic[kind].set(topic, id);
    });
    counts[`${kind} types`] = types.length;
  }
  // Specials typed by their topic too, so a video special's page can offer its type's other specials.
  typeOfTopic.videoSpecial = typeOfTopic.video;
  return typeOfTopic;
}

/** Each item's meta: its type tag and topic, a video's clip, series and place in it, counters and lecture notes. */
function seedItemMeta(db: Db, typeOfTopic: Record<string, Map<number, number>>): number {
  const items = queries.itemsOfKinds(db, KINDS_WITH_META);
  const specials = items.filter((item) => item.kind === "videoSpecial").map((item) => item.id);
  const orderInSpecial = new Map<number, number>();
  for (const item of items) {
    const topic = topicOf(item.title, item.title_en, item.extra);
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
    queries.insertItemMeta(db, {
      itemId: item.id,
      typeId: topic >= 0 ? (typeOfTopic[item.kind]?.get(topic) ?? null) : null,
      topic: topic >= 0 ? TOPICS[topic][0] : "",
      mediaUrl: item.kind === "video" ? SEEDED_VIDEO_URL : "",
      specialId,
      specialOrder: order,
      praiseCount: (item.id * 7919) % 26_000,
      collectCount: (item.id * 104_729) % 4_200,
      notes: item.kind === "video" && topic >= 0 ? JSON.stringify(lectureNotes(TOPICS[topic], [item.summary, item.summary_en])) : "[]",
    });
  }
  return items.length;
}

export function seedEngagement(db: Db, now = new Date()): Record<string, number> {
  const counts: Record<string, number> = {};
  db.transaction(() => {
    counts["item meta"] = seedItemMeta(db, seedTypeTags(db, counts));
    TOPICS.forEach((topic, index) => queries.insertKeyword(db, topic, 600 - index * 23, now.toISOString()));
    counts["hot keywords"] = TOPICS.length;
  })();
  return counts;
}
