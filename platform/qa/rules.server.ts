import type { Db } from "../kernel/db.server.ts";
import { fail, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { type CommentTarget, refuseRiskWords } from "../community/rules.server.ts";
import { cleanRichText, plainText } from "../rich-text/index.server.ts";
import * as queries from "./queries.server.ts";

const EXCERPT_LENGTH = 80;
/** Plain-text length of an answer or a question's details (the HTML may be longer). */
const TEXT_MAX = 10_000;

export const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text);

type Pair = readonly [zh: string, en: string];
export const ANONYMOUS: Pair = ["匿名用户", "Anonymous"];

/**
 * A question's row in the items catalogue, which /search reads: title, an excerpt, and the author's name — "Anonymous"
 * for an anonymous question.
 */
export function indexQuestion(
  db: Db,
  questionId: number,
  fields: { title: string; titleEn: string; text: string; textEn: string; author: Pair; createdAt: string },
): void {
  const itemId = queries.insertQuestionItem(db, {
    title: fields.title,
    titleEn: fields.titleEn,
    summary: excerpt(fields.text),
    summaryEn: excerpt(fields.textEn),
    authorName: fields.author[0],
    authorNameEn: fields.author[1],
    link: `/qaDetail?id=${questionId}`,
    createdAt: fields.createdAt,
  });
  queries.linkQuestionItem(db, questionId, itemId);
}

/** The sanitised HTML and its plain text, or the refusal: empty where it may not be, too long, or holding a risk word. */
export function checkRichText(
  db: Db,
  context: ApiContext,
  html: string,
  required: boolean,
  ...alsoChecked: string[]
): { html: string; text: string } | Envelope {
  const clean = cleanRichText(html);
  const text = plainText(clean);
  // An image or a formula alone is content too; only markup that shows nothing is empty.
  const empty = !text && !/<(img|math)\b/i.test(clean);
  if (required && empty) return fail(400, say(context, "请填写回答内容", "Please write your answer"), { fields: { content: "qa:errors.answerRequired" } });
  if (text.length > TEXT_MAX) return fail(400, say(context, "内容太长了", "The text is too long"), { fields: { content: "qa:errors.contentLong" } });
  return refuseRiskWords(context, db, ...alsoChecked, text) ?? { html: empty ? "" : clean, text };
}

/** A new question with its tags and its catalogue row, in one transaction; answers its id. */
export function postQuestion(
  db: Db,
  question: { userId: number; title: string; html: string; text: string; tags: readonly string[]; anonymous: boolean; author: Pair; at: string },
): number {
  return db.transaction(() => {
    const questionId = queries.insertQuestion(db, question.userId, question.title, question.html, question.text, question.anonymous, question.at);
    for (const tag of question.tags) queries.insertQuestionTag(db, questionId, tag);
    const author = question.anonymous ? ANONYMOUS : question.author;
    indexQuestion(db, questionId, { title: question.title, titleEn: "", text: question.text, textEn: "", author, createdAt: question.at });
    return questionId;
  })();
}

/** Praise (1) or trample (-1): the same vote again takes it back, the other one switches it. Answers the vote now held. */
export function castVote(db: Db, answerId: number, userId: number, value: 1 | -1, at: string): 0 | 1 | -1 {
  return db.transaction(() => {
    if (queries.voteOf(db, answerId, userId) === value) {
      queries.deleteVote(db, answerId, userId);
      return 0 as const;
    }
    queries.writeVote(db, answerId, userId, value, at);
    return value;
  })();
}

/** Follows a question, or stops following it; answers whether the reader follows it now. */
export function toggleConcern(db: Db, questionId: number, userId: number, at: string): boolean {
  return db.transaction(() => {
    if (queries.deleteConcern(db, questionId, userId)) return false;
    queries.insertConcern(db, questionId, userId, at);
    return true;
  })();
}

/** A removed question leaves search, with what other tables kept about its catalogue row. */
export function removeQuestion(db: Db, question: { id: number; item_id: number | null }, at: string): void {
  db.transaction(() => {
    queries.markQuestionDeleted(db, question.id, at);
    if (question.item_id !== null) queries.deleteQuestionItem(db, question.item_id);
  })();
}

/**
 * Questions and answers take comments. The comment core gets the real writer, which it never names: the writer
 * deletes comments under their anonymous posts, and hidesOwner keeps a block from refusing a commenter there (the
 * refusal would show who wrote it).
 */
export function qaCommentTargets(db: Db): CommentTarget[] {
  return [
    {
      kind: "question",
      ownerIfVisible: (targetId) => queries.questionOwner(db, targetId)?.user_id ?? null,
      hidesOwner: (targetId) => queries.questionOwner(db, targetId)?.anonymous === 1,
    },
    {
      kind: "answer",
      ownerIfVisible: (targetId) => queries.answerOwner(db, targetId)?.user_id ?? null,
      hidesOwner: (targetId) => queries.answerOwner(db, targetId)?.anonymous === 1,
    },
  ];
}
