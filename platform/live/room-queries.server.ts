import type { Db } from "../kernel/db.server.ts";
import type { QuestionKind } from "@contracts/questionnaire.ts";

export interface PushRow {
  id: number;
  plan_id: number;
  body: string;
  created_at: string;
}

export interface QuestionRow {
  id: number;
  plan_id: number;
  kind: QuestionKind;
  title: string;
  title_en: string;
  options: string;
  results_shared: number;
}

export const pushesAfter = (db: Db, planId: number, after: number) =>
  db.prepare("SELECT * FROM screen_pushes WHERE plan_id = ? AND id > ? ORDER BY id LIMIT 500").all(planId, after) as PushRow[];

export const latestPushes = (db: Db, planId: number, count: number) =>
  db.prepare("SELECT * FROM (SELECT * FROM screen_pushes WHERE plan_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id").all(planId, count) as PushRow[];

export const latestSeq = (db: Db, planId: number) =>
  db.prepare("SELECT COALESCE(MAX(id), 0) FROM screen_pushes WHERE plan_id = ?").pluck().get(planId) as number;

export const insertPush = (db: Db, planId: number, kind: string, body: string, at: string) =>
  Number(db.prepare("INSERT INTO screen_pushes (plan_id, kind, body, created_at) VALUES (?, ?, ?, ?)").run(planId, kind, body, at).lastInsertRowid);

export const questionById = (db: Db, id: number) => db.prepare("SELECT * FROM plan_questions WHERE id = ?").get(id) as QuestionRow | undefined;

export const questionsOf = (db: Db, planId: number) =>
  db.prepare("SELECT * FROM plan_questions WHERE plan_id = ? ORDER BY id DESC").all(planId) as QuestionRow[];

export const sharedQuestionIds = (db: Db, planId: number) =>
  db.prepare("SELECT id FROM plan_questions WHERE plan_id = ? AND results_shared = 1").pluck().all(planId) as number[];

export const insertQuestion = (db: Db, planId: number, kind: QuestionKind, title: string, titleEn: string, options: string, at: string) =>
  Number(
    db
      .prepare("INSERT INTO plan_questions (plan_id, kind, title, title_en, options, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(planId, kind, title, titleEn, options, at).lastInsertRowid,
  );

export const shareQuestionResults = (db: Db, id: number) => db.prepare("UPDATE plan_questions SET results_shared = 1 WHERE id = ?").run(id).changes > 0;

export const hasAnswered = (db: Db, questionId: number, userId: number) =>
  Boolean(db.prepare("SELECT 1 FROM plan_question_answers WHERE question_id = ? AND user_id = ?").pluck().get(questionId, userId));

/** Stores a person's one answer; false when they had answered already. */
export const insertAnswer = (db: Db, questionId: number, userId: number, optionIds: string, text: string, at: string) =>
  db
    .prepare("INSERT OR IGNORE INTO plan_question_answers (question_id, user_id, option_ids, text, created_at) VALUES (?, ?, ?, ?, ?)")
    .run(questionId, userId, optionIds, text, at).changes === 1;

export const answersOf = (db: Db, questionId: number) =>
  db.prepare("SELECT option_ids, text FROM plan_question_answers WHERE question_id = ? ORDER BY created_at DESC").all(questionId) as {
    option_ids: string;
    text: string;
  }[];

export const signInCount = (db: Db, planId: number) => db.prepare("SELECT COUNT(*) FROM plan_sign_ins WHERE plan_id = ?").pluck().get(planId) as number;

export const hasSignedIn = (db: Db, planId: number, userId: number) =>
  Boolean(db.prepare("SELECT 1 FROM plan_sign_ins WHERE plan_id = ? AND user_id = ?").pluck().get(planId, userId));

export const insertSignIn = (db: Db, planId: number, userId: number, at: string) =>
  db.prepare("INSERT OR IGNORE INTO plan_sign_ins (plan_id, user_id, created_at) VALUES (?, ?, ?)").run(planId, userId, at);
