import type { Db } from "../kernel/db.server.ts";
import type { RobotEntry, RobotTopic } from "@contracts/robot.ts";

export interface RobotRow {
  topic: RobotTopic;
  question: string;
  question_en: string;
  answer: string;
  answer_en: string;
  keywords: string;
}

export const toEntry = (row: RobotRow): RobotEntry => ({
  topic: row.topic,
  question: row.question,
  questionEn: row.question_en,
  answer: row.answer,
  answerEn: row.answer_en,
  keywords: JSON.parse(row.keywords) as string[],
});

export const entriesOf = (db: Db, planId: number) =>
  (
    db
      .prepare("SELECT topic, question, question_en, answer, answer_en, keywords FROM robot_answers WHERE plan_id = ? ORDER BY position")
      .all(planId) as RobotRow[]
  ).map(toEntry);

export const deleteEntries = (db: Db, planId: number) => db.prepare("DELETE FROM robot_answers WHERE plan_id = ?").run(planId);

export function insertEntries(db: Db, planId: number, list: readonly RobotEntry[], by: string, at: string): void {
  const insert = db.prepare(
    "INSERT INTO robot_answers (plan_id, position, topic, question, question_en, answer, answer_en, keywords, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  list.forEach((entry, index) =>
    insert.run(planId, index, entry.topic, entry.question, entry.questionEn, entry.answer, entry.answerEn, JSON.stringify(entry.keywords), by, at),
  );
}

export const anyEntries = (db: Db) => Boolean(db.prepare("SELECT 1 FROM robot_answers LIMIT 1").get());

/** Whether the robot gave this answer in the room since a moment (its replies are chat rows marked robot). */
export const answeredSince = (db: Db, planId: number, answer: string, since: string) =>
  Boolean(db.prepare("SELECT 1 FROM chat_messages WHERE plan_id = ? AND robot = 1 AND text = ? AND created_at > ? LIMIT 1").get(planId, answer, since));

export interface RobotReplyInput {
  planId: number;
  askerId: number;
  answer: string;
  answerEn: string;
  nameZh: string;
  nameEn: string;
  at: string;
}

export const insertReply = (db: Db, reply: RobotReplyInput) =>
  Number(
    db
      .prepare(
        "INSERT INTO chat_messages (plan_id, user_id, author_code, author_name, author_name_en, text, text_en, robot, created_at) VALUES (?, ?, '', ?, ?, ?, ?, 1, ?)",
      )
      .run(reply.planId, reply.askerId, reply.nameZh, reply.nameEn, reply.answer, reply.answerEn, reply.at).lastInsertRowid,
  );

export const livePlans = (db: Db) =>
  db.prepare("SELECT id, status, starts_at, ends_at FROM items WHERE kind = 'live' ORDER BY id").all() as {
    id: number;
    status: number;
    starts_at: string | null;
    ends_at: string | null;
  }[];
