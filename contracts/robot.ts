/**
 * The live room's robot (spec §7 /robot/*, ADR 081): a per-room list of questions and answers an operator edits in
 * the console; a chat message that names an entry's keywords (in Chinese or English) is answered in the chat, marked
 * as the robot's. The checks and the matching are shared by the console's form and the platform.
 */

export const ROBOT_API = {
  /** A room's questions and answers (planId), for the viewer's "ask the assistant" list. */
  list: "/robot/list",
  /** The answer to one question (planId, text), or null when no entry matches. */
  ask: "/robot/ask",
} as const;

/** The platform's internal paths (under OPS_CONSOLE_PREFIX) our server relays the console's calls to. */
export const ROBOT_CONSOLE_PATHS = {
  list: "/robot",
  save: "/robot/save",
} as const;

/** The console's calls (server/ops/robot.server.ts). */
export const OPS_ROBOT_API = {
  /** GET ?planId=… → RobotList; 404 notFound. */
  list: "/ops/api/robot",
  /** Publisher only: the robot answers with it at once. POST { planId, list } → RobotList; 422 invalid with problems. */
  save: "/ops/api/robot/save",
} as const;

export const ROBOT_TOPICS = ["time", "replay", "materials", "certificates", "other"] as const;
export type RobotTopic = (typeof ROBOT_TOPICS)[number];

export const ROBOT_LIMITS = {
  entries: 20,
  keywords: 12,
  keywordLength: 20,
  questionLength: 100,
  answerLength: 500,
} as const;

/** The robot's name in the chat, in both languages. */
export const ROBOT_NAME = { zh: "直播小助手", en: "Live assistant" } as const;

export interface RobotEntry {
  topic: RobotTopic;
  question: string;
  questionEn: string;
  answer: string;
  answerEn: string;
  /** Words in either language; a message containing one of them is answered with this entry. */
  keywords: string[];
}

export interface RobotList {
  planId: number;
  list: RobotEntry[];
}

export type RobotProblemCode = "notList" | "tooMany" | "badTopic" | "required" | "tooLong" | "noKeywords" | "tooManyKeywords" | "keywordTooLong";

export interface RobotProblem {
  /** The entry, numbered from 1 (0 for the list as a whole), and its field. */
  entry: number;
  field: "list" | "topic" | "question" | "questionEn" | "answer" | "answerEn" | "keywords";
  code: RobotProblemCode;
}

const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const lengthOf = (text: string) => [...text].length;

/** Keywords typed as one line: separated by commas (either width), semicolons or line breaks; duplicates go. */
export function splitKeywords(text: string): string[] {
  const words = text
    .split(/[,，;；、\n]+/)
    .map((word) => word.trim())
    .filter(Boolean);
  return [...new Set(words.map((word) => word.normalize("NFKC").toLowerCase()))];
}

function checkEntry(value: unknown, entry: number, problems: RobotProblem[]): RobotEntry | null {
  const raw = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const topic = textOf(raw.topic) as RobotTopic;
  if (!ROBOT_TOPICS.includes(topic)) problems.push({ entry, field: "topic", code: "badTopic" });
  const texts = {
    question: textOf(raw.question),
    questionEn: textOf(raw.questionEn),
    answer: textOf(raw.answer),
    answerEn: textOf(raw.answerEn),
  };
  for (const field of ["question", "questionEn", "answer", "answerEn"] as const) {
    const limit = field.startsWith("question") ? ROBOT_LIMITS.questionLength : ROBOT_LIMITS.answerLength;
    if (!texts[field]) problems.push({ entry, field, code: "required" });
    else if (lengthOf(texts[field]) > limit) problems.push({ entry, field, code: "tooLong" });
  }
  const keywords = Array.isArray(raw.keywords)
    ? splitKeywords(raw.keywords.filter((word) => typeof word === "string").join("\n"))
    : splitKeywords(textOf(raw.keywords));
  if (keywords.length === 0) problems.push({ entry, field: "keywords", code: "noKeywords" });
  else if (keywords.length > ROBOT_LIMITS.keywords) problems.push({ entry, field: "keywords", code: "tooManyKeywords" });
  else if (keywords.some((word) => lengthOf(word) > ROBOT_LIMITS.keywordLength)) problems.push({ entry, field: "keywords", code: "keywordTooLong" });
  return { topic, ...texts, keywords };
}

/** A whole list as an operator saves it; the platform checks again with this same function. */
export function checkRobotList(value: unknown): { ok: true; list: RobotEntry[] } | { ok: false; problems: RobotProblem[] } {
  if (!Array.isArray(value)) return { ok: false, problems: [{ entry: 0, field: "list", code: "notList" }] };
  if (value.length > ROBOT_LIMITS.entries) return { ok: false, problems: [{ entry: 0, field: "list", code: "tooMany" }] };
  const problems: RobotProblem[] = [];
  const list = value.map((entry, index) => checkEntry(entry, index + 1, problems));
  return problems.length ? { ok: false, problems } : { ok: true, list: list as RobotEntry[] };
}

const LATIN_WORD = /^[a-z0-9][a-z0-9 .'-]*$/;

/** A Latin keyword is a whole word ("time" is not in "sometimes"); a Chinese one is found anywhere in the text. */
function contains(text: string, keyword: string): boolean {
  if (!LATIN_WORD.test(keyword)) return text.includes(keyword);
  const escaped = keyword.replace(/[.'-]/g, (mark) => `\\${mark}`);
  return new RegExp(`(^|[^a-z0-9])${escaped}([^a-z0-9]|$)`).test(text);
}

/**
 * The entry a message asks about: the one whose keywords found in the text are longest in all (the more specific
 * question wins), the earlier entry on a tie; null when no keyword is in the text.
 */
export function matchRobotEntry<Entry extends Pick<RobotEntry, "keywords">>(entries: readonly Entry[], message: string): Entry | null {
  const text = message.normalize("NFKC").toLowerCase();
  let best: Entry | null = null;
  let bestScore = 0;
  for (const entry of entries) {
    const score = entry.keywords.filter((keyword) => contains(text, keyword)).reduce((sum, keyword) => sum + lengthOf(keyword), 0);
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}
