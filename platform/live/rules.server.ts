import type { Db } from "../kernel/db.server.ts";
import type { QuestionResults, ScreenPush, ScreenPushBody } from "@contracts/screen.ts";
import type { QuestionKind, QuestionOption } from "@contracts/questionnaire.ts";
import * as queries from "./queries.server.ts";
import * as room from "./room-queries.server.ts";

/** Live states of ADR 007: 0 not started, 1 upcoming, 2 living, 3 over, 4 replay. */
export const LIVE = { notStarted: 0, upcoming: 1, living: 2, over: 3, replay: 4 } as const;

/** The one local clip the embedded platform streams and replays (a real platform returns its CDN's URLs). */
export const LOCAL_CLIP = "/media/clip.mp4";

/** Answers of a text question that its shared results show, the latest first. */
const TEXT_RESULTS_SHOWN = 20;

export const livePlanExists = (db: Db, id: number): boolean => queries.livePlanExists(db, id);

/** The states a list asks for (`status=1,2`), the unknown ones left out. */
export function statusList(value: unknown): number[] {
  if (value === undefined || value === null || value === "") return [];
  return String(value)
    .split(",")
    .map(Number)
    .filter((entry) => Number.isInteger(entry) && entry >= 0 && entry <= 4);
}

/** What plays: the stream while it is live, the recording as a replay, nothing otherwise. */
export function playUrlOf(row: queries.PlayRow): string | null {
  const playUrl = row.status === LIVE.living ? row.stream_url : row.status === LIVE.replay ? row.recording_url : null;
  return playUrl ?? null;
}

export function toPush(row: room.PushRow): ScreenPush {
  return { ...(JSON.parse(row.body) as ScreenPushBody), seq: row.id, planId: row.plan_id, createTime: row.created_at };
}

/** Pushes after a sequence number, or (after = 0) the room's latest few. */
export const pushesSince = (db: Db, planId: number, after: number, latest: number): ScreenPush[] =>
  (after > 0 ? room.pushesAfter(db, planId, after) : room.latestPushes(db, planId, latest)).map(toPush);

/** Stores a push (the host's, through the developer tools locally); the screen socket sends it to every viewer. */
export function storePush(db: Db, planId: number, body: ScreenPushBody, at: Date): ScreenPush {
  const id = room.insertPush(db, planId, body.kind, JSON.stringify(body), at.toISOString());
  return { ...body, seq: id, planId, createTime: at.toISOString() };
}

/** The counts per option (or the latest texts) of one question, from its stored answers. */
export function resultsOf(db: Db, questionId: number): QuestionResults {
  const rows = room.answersOf(db, questionId);
  const question = room.questionById(db, questionId);
  const counts = new Map<number, number>((question ? (JSON.parse(question.options) as QuestionOption[]) : []).map((option) => [option.id, 0]));
  for (const row of rows) {
    for (const id of row.option_ids.split(",").filter(Boolean).map(Number)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return {
    questionId,
    total: rows.length,
    counts: [...counts].map(([optionId, count]) => ({ optionId, count })),
    texts: rows
      .filter((row) => row.text)
      .slice(0, TEXT_RESULTS_SHOWN)
      .map((row) => row.text),
  };
}

/** One answer per person: the primary key decides, inside one write transaction, whichever request comes first. */
export function answerOnce(db: Db, questionId: number, userId: number, optionIds: number[], text: string, at: string): boolean {
  return db.transaction(() => room.insertAnswer(db, questionId, userId, optionIds.join(","), text, at))();
}

/** A question the host asks; choice options are numbered from 1, a text question has none. */
export function createQuestion(
  db: Db,
  planId: number,
  input: { kind: QuestionKind; title: string; titleEn: string; options: { text: string; textEn: string }[] },
  at: Date,
): number {
  const options = input.kind === "text" ? [] : input.options.map((option, index) => ({ id: index + 1, ...option }));
  return room.insertQuestion(db, planId, input.kind, input.title, input.titleEn, JSON.stringify(options), at.toISOString());
}

/** The host shares a question's results with everyone (they stay shared). */
export function shareResults(db: Db, questionId: number): QuestionResults | null {
  return room.shareQuestionResults(db, questionId) ? resultsOf(db, questionId) : null;
}
