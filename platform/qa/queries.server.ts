import type { Db } from "../kernel/db.server.ts";
import { notBlockedSql } from "../community/visibility.server.ts";

export interface QuestionRow {
  id: number;
  user_id: number;
  item_id: number | null;
  title: string;
  title_en: string;
  body: string;
  body_en: string;
  body_text: string;
  body_text_en: string;
  anonymous: 0 | 1;
  view_count: number;
  created_at: string;
  deleted_at: string | null;
  answer_count: number;
  concern_count: number;
  nickname: string;
  user_name: string;
  portrait_url: string;
}

export interface AnswerRow {
  id: number;
  question_id: number;
  user_id: number;
  content: string;
  content_en: string;
  anonymous: 0 | 1;
  created_at: string;
  praise_count: number;
  comment_count: number;
  trample_count: number;
  nickname: string;
  user_name: string;
  portrait_url: string;
}

export interface TagRow {
  code: string;
  name: string;
  name_en: string;
}

/** A post's writer and whether it is anonymous: what the comment core needs. */
export interface PostOwnerRow {
  user_id: number;
  anonymous: 0 | 1;
}

/** A filter of the question list: a WHERE fragment over `q` with its named parameters (`@viewer` is always bound). */
export interface QuestionFilter {
  where?: string;
  bind?: Record<string, unknown>;
}

const ANSWERS = "(SELECT COUNT(*) FROM qa_answers a WHERE a.question_id = q.id AND a.deleted_at IS NULL)";
const CONCERNS = "(SELECT COUNT(*) FROM qa_concerns c WHERE c.question_id = q.id)";
const QUESTION_COLUMNS = `q.*, ${ANSWERS} AS answer_count, ${CONCERNS} AS concern_count, u.nickname, u.user_name, u.portrait_url
  FROM qa_questions q JOIN users u ON u.id = q.user_id`;
const ANSWER_COLUMNS = `a.*, u.nickname, u.user_name, u.portrait_url,
  (SELECT COUNT(*) FROM comments cm WHERE cm.kind = 'answer' AND cm.target_id = a.id AND cm.deleted_at IS NULL) AS comment_count,
  (SELECT COUNT(*) FROM qa_answer_votes v WHERE v.answer_id = a.id AND v.value = 1) AS praise_count,
  (SELECT COUNT(*) FROM qa_answer_votes v WHERE v.answer_id = a.id AND v.value = -1) AS trample_count
  FROM qa_answers a JOIN users u ON u.id = a.user_id`;
/**
 * The blacklist hides what the viewer's blocked people wrote under their names. Anonymous posts stay: hiding them
 * would let a blocker find out who wrote one by blocking people and watching it vanish.
 */
const QUESTION_SHOWN = `q.deleted_at IS NULL AND (q.anonymous = 1 OR ${notBlockedSql("q.user_id")})`;
const ANSWER_SHOWN = `a.deleted_at IS NULL AND (a.anonymous = 1 OR ${notBlockedSql("a.user_id")})`;
/** Hot: answers weigh most, then people following the question, then readers; newer first among equals. */
export const HOT_ORDER = `(answer_count * 5 + concern_count * 3 + q.view_count / 20) DESC, q.created_at DESC, q.id DESC`;
export const LATEST_ORDER = "q.created_at DESC, q.id DESC";

export const questionById = (db: Db, id: number) =>
  db.prepare(`SELECT ${QUESTION_COLUMNS} WHERE q.id = ? AND q.deleted_at IS NULL`).get(id) as QuestionRow | undefined;

export const answerById = (db: Db, id: number) =>
  db.prepare(`SELECT ${ANSWER_COLUMNS} WHERE a.id = ? AND a.deleted_at IS NULL`).get(id) as AnswerRow | undefined;

export const tagsOf = (db: Db, questionId: number) =>
  db
    .prepare("SELECT t.code, t.name, t.name_en FROM qa_question_tags qt JOIN qa_tags t ON t.code = qt.tag WHERE qt.question_id = ? ORDER BY t.sort, t.code")
    .all(questionId) as TagRow[];

export const knownTags = (db: Db) => db.prepare("SELECT code FROM qa_tags").pluck().all() as string[];

export const tagsWithCounts = (db: Db) =>
  db
    .prepare(`SELECT t.code, t.name, t.name_en, (SELECT COUNT(*) FROM qa_question_tags qt JOIN qa_questions q ON q.id = qt.question_id
      WHERE qt.tag = t.code AND q.deleted_at IS NULL) AS question_count FROM qa_tags t ORDER BY t.sort, t.code`)
    .all() as (TagRow & { question_count: number })[];

/** Filter of the questions that carry a tag. */
export const taggedFilter = (tag: string): QuestionFilter => ({ where: "q.id IN (SELECT question_id FROM qa_question_tags WHERE tag = @tag)", bind: { tag } });

/** Filter of the viewer's own questions, anonymous ones included. */
export const ownFilter: QuestionFilter = { where: "q.user_id = @viewer" };

/** One page of the questions the viewer may see, with the total. */
export function questionsPage(db: Db, viewer: number, filter: QuestionFilter, order: string, limit: number, offset: number) {
  const where = [QUESTION_SHOWN, ...(filter.where ? [filter.where] : [])].join(" AND ");
  const bind = { viewer, ...filter.bind };
  const total = db.prepare(`SELECT COUNT(*) FROM qa_questions q WHERE ${where}`).pluck().get(bind) as number;
  const rows = db
    .prepare(`SELECT ${QUESTION_COLUMNS} WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...bind, limit, offset }) as QuestionRow[];
  return { rows, total };
}

/** A question's answers the viewer may see, best voted first. */
export const shownAnswersOf = (db: Db, questionId: number, viewer: number) =>
  db
    .prepare(`SELECT ${ANSWER_COLUMNS} WHERE a.question_id = @id AND ${ANSWER_SHOWN} ORDER BY (praise_count - trample_count) DESC, a.id ASC`)
    .all({ id: questionId, viewer }) as AnswerRow[];

const MY_ANSWERS_FROM = "qa_answers a JOIN qa_questions q ON q.id = a.question_id";
const MY_ANSWERS_WHERE = "a.user_id = @viewer AND a.deleted_at IS NULL AND q.deleted_at IS NULL";

/** One page of a writer's answers to questions still there, newest first, with the total. */
export function myAnswerIds(db: Db, userId: number, limit: number, offset: number) {
  const total = db.prepare(`SELECT COUNT(*) FROM ${MY_ANSWERS_FROM} WHERE ${MY_ANSWERS_WHERE}`).pluck().get({ viewer: userId }) as number;
  const ids = db
    .prepare(`SELECT a.id FROM ${MY_ANSWERS_FROM} WHERE ${MY_ANSWERS_WHERE} ORDER BY a.created_at DESC, a.id DESC LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ viewer: userId, limit, offset }) as number[];
  return { ids, total };
}

/** Counts one more reader; false when the question is not there. */
export const countView = (db: Db, id: number) =>
  db.prepare("UPDATE qa_questions SET view_count = view_count + 1 WHERE id = ? AND deleted_at IS NULL").run(id).changes > 0;

export function insertQuestion(db: Db, userId: number, title: string, html: string, text: string, anonymous: boolean, at: string): number {
  return Number(
    db
      .prepare("INSERT INTO qa_questions (user_id, title, body, body_text, anonymous, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(userId, title, html, text, anonymous ? 1 : 0, at).lastInsertRowid,
  );
}

export const insertQuestionTag = (db: Db, questionId: number, tag: string) =>
  db.prepare("INSERT INTO qa_question_tags (question_id, tag) VALUES (?, ?)").run(questionId, tag);

/** A question's row in the items catalogue; answers its id. */
export function insertQuestionItem(
  db: Db,
  item: { title: string; titleEn: string; summary: string; summaryEn: string; authorName: string; authorNameEn: string; link: string; createdAt: string },
): number {
  const itemId = Number(
    db
      .prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, link, created_at)
        VALUES ('qa', @title, @titleEn, @summary, @summaryEn, '', @authorName, @authorNameEn, @link, @createdAt)`)
      .run(item).lastInsertRowid,
  );
  db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
  return itemId;
}

export const linkQuestionItem = (db: Db, questionId: number, itemId: number) =>
  db.prepare("UPDATE qa_questions SET item_id = ? WHERE id = ?").run(itemId, questionId);

/** Takes a catalogue row out of search, with what other tables kept about it. */
export function deleteQuestionItem(db: Db, itemId: number): void {
  db.prepare("UPDATE qa_questions SET item_id = NULL WHERE item_id = ?").run(itemId);
  for (const table of ["praises", "collects", "item_meta"]) db.prepare(`DELETE FROM ${table} WHERE item_id = ?`).run(itemId);
  db.prepare("DELETE FROM items WHERE id = ?").run(itemId);
}

export const markQuestionDeleted = (db: Db, id: number, at: string) => db.prepare("UPDATE qa_questions SET deleted_at = ? WHERE id = ?").run(at, id);

export function insertAnswer(db: Db, questionId: number, userId: number, html: string, anonymous: boolean, at: string): number {
  return Number(
    db
      .prepare("INSERT INTO qa_answers (question_id, user_id, content, anonymous, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(questionId, userId, html, anonymous ? 1 : 0, at).lastInsertRowid,
  );
}

export const markAnswerDeleted = (db: Db, id: number, at: string) => db.prepare("UPDATE qa_answers SET deleted_at = ? WHERE id = ?").run(at, id);

export const voteOf = (db: Db, answerId: number, userId: number) =>
  db.prepare("SELECT value FROM qa_answer_votes WHERE answer_id = ? AND user_id = ?").pluck().get(answerId, userId) as number | undefined;

export const deleteVote = (db: Db, answerId: number, userId: number) =>
  db.prepare("DELETE FROM qa_answer_votes WHERE answer_id = ? AND user_id = ?").run(answerId, userId);

export const writeVote = (db: Db, answerId: number, userId: number, value: 1 | -1, at: string) =>
  db
    .prepare(
      "INSERT INTO qa_answer_votes (answer_id, user_id, value, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (answer_id, user_id) DO UPDATE SET value = excluded.value, created_at = excluded.created_at",
    )
    .run(answerId, userId, value, at);

export const isConcerned = (db: Db, questionId: number, userId: number) =>
  Boolean(db.prepare("SELECT 1 FROM qa_concerns WHERE question_id = ? AND user_id = ?").get(questionId, userId));

export const deleteConcern = (db: Db, questionId: number, userId: number) =>
  db.prepare("DELETE FROM qa_concerns WHERE question_id = ? AND user_id = ?").run(questionId, userId).changes > 0;

export const insertConcern = (db: Db, questionId: number, userId: number, at: string) =>
  db.prepare("INSERT INTO qa_concerns (question_id, user_id, created_at) VALUES (?, ?, ?)").run(questionId, userId, at);

export const concernCount = (db: Db, questionId: number) =>
  db.prepare("SELECT COUNT(*) FROM qa_concerns WHERE question_id = ?").pluck().get(questionId) as number;

export const questionOwner = (db: Db, id: number) =>
  db.prepare("SELECT user_id, anonymous FROM qa_questions WHERE id = ? AND deleted_at IS NULL").get(id) as PostOwnerRow | undefined;

export const answerOwner = (db: Db, id: number) =>
  db
    .prepare(
      "SELECT a.user_id, a.anonymous FROM qa_answers a JOIN qa_questions q ON q.id = a.question_id WHERE a.id = ? AND a.deleted_at IS NULL AND q.deleted_at IS NULL",
    )
    .get(id) as PostOwnerRow | undefined;

// The seed's writes (seed.server.ts).

export const anyQaTag = (db: Db) => Boolean(db.prepare("SELECT 1 FROM qa_tags LIMIT 1").get());

export const insertQaTag = (db: Db, code: string, name: string, nameEn: string, sort: number) =>
  db.prepare("INSERT INTO qa_tags (code, name, name_en, sort) VALUES (?, ?, ?, ?)").run(code, name, nameEn, sort);

export const insertSeedPerson = (db: Db, userName: string, nickname: string, at: string) =>
  Number(db.prepare("INSERT INTO users (user_name, nickname, created_at) VALUES (?, ?, ?)").run(userName, nickname, at).lastInsertRowid);

export interface SeedQuestionRow {
  user_id: number;
  title: string;
  title_en: string;
  body: string;
  body_en: string;
  body_text: string;
  body_text_en: string;
  anonymous: number;
  view_count: number;
  created_at: string;
}

export const insertSeedQuestion = (db: Db, row: SeedQuestionRow) =>
  Number(
    db
      .prepare(`INSERT INTO qa_questions (user_id, title, title_en, body, body_en, body_text, body_text_en, anonymous, view_count, created_at)
    VALUES (@user_id, @title, @title_en, @body, @body_en, @body_text, @body_text_en, @anonymous, @view_count, @created_at)`)
      .run(row).lastInsertRowid,
  );

export const insertSeedAnswer = (db: Db, questionId: number, userId: number, content: [string, string], anonymous: number, at: string) =>
  Number(
    db
      .prepare("INSERT INTO qa_answers (question_id, user_id, content, content_en, anonymous, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(questionId, userId, content[0], content[1], anonymous, at).lastInsertRowid,
  );

export const insertSeedVote = (db: Db, answerId: number, userId: number, value: 1 | -1, at: string) =>
  db.prepare("INSERT INTO qa_answer_votes (answer_id, user_id, value, created_at) VALUES (?, ?, ?, ?)").run(answerId, userId, value, at);

export const insertSeedConcern = (db: Db, questionId: number, userId: number, at: string) =>
  db.prepare("INSERT INTO qa_concerns (question_id, user_id, created_at) VALUES (?, ?, ?)").run(questionId, userId, at);
