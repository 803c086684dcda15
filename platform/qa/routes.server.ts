import { qaAnswerSchema, qaAnswerValidators, qaQuestionSchema, qaQuestionValidators } from "@schemas/generated/form-kits.ts";
import type { QaAnswerForm, QaQuestionForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { publicName, type Accounts, type UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type Handler, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import { isBlocked, limitCostly, positiveId, viewerIdOf } from "../community/rules.server.ts";
import { plainText } from "../rich-text/index.server.ts";
import * as queries from "./queries.server.ts";
import type { AnswerRow, QuestionFilter, QuestionRow, TagRow } from "./queries.server.ts";
import { ANONYMOUS, castVote, checkRichText, excerpt, postQuestion, qaCommentTargets, removeQuestion, toggleConcern } from "./rules.server.ts";

/**
 * Questions and answers (/qa/*, ADR 025). Anonymity is decided here, once: the views below are the only way a question
 * or an answer leaves this area, and for an anonymous one they name no author to anybody — the author sees only
 * `mine: true`. Counts (answers, concerns, praise, trample) are COUNT(*) over their rows, never stored counters.
 */

interface QaArea {
  db: Db;
  accounts: Accounts;
}

/** zh fields with their En siblings, the platform's naming: pages load these on the server, where the reader's language is not known. */
const tagView = (tag: TagRow) => ({ code: tag.code, name: tag.name, nameEn: tag.name_en });

/** Who wrote a post, as others may see it: nobody for an anonymous post. */
function authorView(row: { anonymous: 0 | 1; user_id: number; nickname: string; user_name: string; portrait_url: string }, viewerId: number) {
  const mine = viewerId !== 0 && row.user_id === viewerId;
  // identity repeats anonymous as a word, for lists that label it (a badge per value).
  if (row.anonymous === 1)
    return { anonymous: true, identity: "anonymous", author: null, authorName: ANONYMOUS[0], authorNameEn: ANONYMOUS[1], portraitUrl: "", mine };
  return {
    anonymous: false,
    identity: "named",
    author: { userId: row.user_id, userName: publicName(row), portraitUrl: row.portrait_url },
    authorName: publicName(row),
    portraitUrl: row.portrait_url,
    mine,
  };
}

function questionView(db: Db, row: QuestionRow, viewerId: number) {
  const tags = queries.tagsOf(db, row.id).map(tagView);
  return {
    id: row.id,
    title: row.title,
    titleEn: row.title_en,
    excerpt: excerpt(row.body_text),
    excerptEn: row.body_text_en && excerpt(row.body_text_en),
    tags,
    tagText: tags.map((tag) => tag.name).join(" · "),
    tagTextEn: tags.map((tag) => tag.nameEn).join(" · "),
    ...authorView(row, viewerId),
    answerCount: row.answer_count,
    concernCount: row.concern_count,
    viewCount: row.view_count,
    createTime: row.created_at,
    link: `/qaDetail?id=${row.id}`,
  };
}

const answerView = (db: Db, row: AnswerRow, viewerId: number) => ({
  id: row.id,
  questionId: row.question_id,
  content: row.content,
  contentEn: row.content_en,
  ...authorView(row, viewerId),
  praiseCount: row.praise_count,
  commentCount: row.comment_count,
  trampleCount: row.trample_count,
  myVote: viewerId ? (queries.voteOf(db, row.id, viewerId) ?? 0) : 0,
  createTime: row.created_at,
});

/** An answer shown apart from its question (the viewer's answers, an answer's comments page): with the question's title. */
function answerWithQuestion(db: Db, row: AnswerRow, viewerId: number) {
  const question = queries.questionById(db, row.question_id)!;
  return {
    ...answerView(db, row, viewerId),
    excerpt: excerpt(plainText(row.content)),
    excerptEn: row.content_en && excerpt(plainText(row.content_en)),
    questionTitle: question.title,
    questionTitleEn: question.title_en,
    link: `/qaDetail?id=${question.id}`,
  };
}

function listQuestions(area: QaArea, context: ApiContext, filter: QuestionFilter, order: string, pageNum: number, pageSize: number) {
  const viewer = viewerIdOf(area.accounts, context);
  const { rows, total } = queries.questionsPage(area.db, viewer, filter, order, pageSize, (pageNum - 1) * pageSize);
  return { list: rows.map((row) => questionView(area.db, row, viewer)), total, pageNum, pageSize };
}

const noQuestion = (context: ApiContext) => fail(404, say(context, "问题不存在或已删除", "This question does not exist or was removed"));
const noAnswer = (context: ApiContext) => fail(404, say(context, "回答不存在或已删除", "This answer does not exist or was removed"));
const badId = (context: ApiContext) => fail(400, say(context, "id必须是正整数", "id must be a positive integer"));

function ask(area: QaArea, context: ApiContext, user: UserRow): Envelope {
  const { db } = area;
  const body = validateBody<QaQuestionForm>(context, formKit(qaQuestionSchema, qaQuestionValidators));
  if (!body.ok) return body.envelope;
  const { title, tags } = body.value;
  const known = new Set(queries.knownTags(db));
  if (tags.some((tag) => !known.has(tag)))
    return fail(400, say(context, "请选择列表中的标签", "Please choose tags from the list"), { fields: { tags: "qa:errors.tagsUnknown" } });
  const details = checkRichText(db, context, body.value.content ?? "", false, title);
  if ("code" in details) return details;
  const limited = limitCostly(context, db, user.id, "post");
  if (limited) return limited;
  const at = context.now().toISOString();
  const anonymous = body.value.anonymous === true;
  const author = [publicName(user), publicName(user)] as const;
  const id = postQuestion(db, { userId: user.id, title, html: details.html, text: details.text, tags, anonymous, author, at });
  return ok(questionView(db, queries.questionById(db, id)!, user.id), say(context, "提问成功", "Question posted"));
}

function answer(area: QaArea, context: ApiContext, user: UserRow): Envelope {
  const { db } = area;
  const body = validateBody<QaAnswerForm>(context, formKit(qaAnswerSchema, qaAnswerValidators));
  if (!body.ok) return body.envelope;
  const question = queries.questionById(db, body.value.questionId);
  if (!question) return noQuestion(context);
  // An anonymous asker is not named even by this refusal: their question takes answers from everybody.
  if (question.anonymous === 0 && isBlocked(db, question.user_id, user.id))
    return fail(403, say(context, "对方已将你加入黑名单，无法回答", "This person has blocked you, so you cannot answer"));
  const content = checkRichText(db, context, body.value.content, true);
  if ("code" in content) return content;
  const limited = limitCostly(context, db, user.id, "answer");
  if (limited) return limited;
  const id = queries.insertAnswer(db, question.id, user.id, content.html, body.value.anonymous === true, context.now().toISOString());
  return ok(answerView(db, queries.answerById(db, id)!, user.id), say(context, "回答成功", "Answer posted"));
}

function vote(area: QaArea, context: ApiContext, user: UserRow, value: 1 | -1): Envelope {
  const { db } = area;
  const id = positiveId(context.params.answerId ?? context.params.id);
  const row = id ? queries.answerById(db, id) : undefined;
  if (!row || !queries.questionById(db, row.question_id)) return noAnswer(context);
  if (row.user_id === user.id) return fail(400, say(context, "不能给自己的回答投票", "You cannot vote on your own answer"));
  const myVote = castVote(db, row.id, user.id, value, context.now().toISOString());
  const counted = queries.answerById(db, row.id)!;
  return ok({ answerId: row.id, myVote, praiseCount: counted.praise_count, trampleCount: counted.trample_count });
}

function concern(area: QaArea, context: ApiContext, user: UserRow): Envelope {
  const { db } = area;
  const id = positiveId(context.params.questionId ?? context.params.id);
  if (!id || !queries.questionById(db, id)) return noQuestion(context);
  const on = toggleConcern(db, id, user.id, context.now().toISOString());
  return ok(
    { questionId: id, concerned: on, concernCount: queries.concernCount(db, id) },
    on ? say(context, "已关注问题", "Following this question") : say(context, "已取消关注", "No longer following"),
  );
}

function removeOwnQuestion(area: QaArea, context: ApiContext, user: UserRow): Envelope {
  const id = positiveId(context.params.id);
  const row = id ? queries.questionById(area.db, id) : undefined;
  if (!row) return noQuestion(context);
  if (row.user_id !== user.id) return fail(403, say(context, "只能删除自己的问题", "You can only remove your own questions"));
  removeQuestion(area.db, row, context.now().toISOString());
  return ok({ id: row.id }, say(context, "问题已删除", "Question removed"));
}

function removeOwnAnswer(area: QaArea, context: ApiContext, user: UserRow): Envelope {
  const id = positiveId(context.params.id);
  const row = id ? queries.answerById(area.db, id) : undefined;
  if (!row) return noAnswer(context);
  if (row.user_id !== user.id) return fail(403, say(context, "只能删除自己的回答", "You can only remove your own answers"));
  queries.markAnswerDeleted(area.db, row.id, context.now().toISOString());
  return ok({ id: row.id }, say(context, "回答已删除", "Answer removed"));
}

function questionDetail(area: QaArea, context: ApiContext): Envelope {
  const { db } = area;
  const id = positiveId(context.params.id);
  if (!id) return badId(context);
  if (!queries.countView(db, id)) return noQuestion(context);
  const viewer = viewerIdOf(area.accounts, context);
  const row = queries.questionById(db, id)!;
  const answers = queries.shownAnswersOf(db, id, viewer);
  return ok({
    ...questionView(db, row, viewer),
    body: row.body,
    bodyEn: row.body_en,
    concerned: viewer !== 0 && queries.isConcerned(db, id, viewer),
    answers: answers.map((answerRow) => answerView(db, answerRow, viewer)),
    // Answers shown to this viewer (the blacklist may hide some of the answer count).
    shownAnswerCount: answers.length,
  });
}

function tagFilter(area: QaArea, context: ApiContext): QuestionFilter | Envelope {
  const tag = context.params.tag;
  if (tag === undefined || tag === "") return {};
  if (typeof tag !== "string" || !queries.knownTags(area.db).includes(tag)) return fail(400, say(context, "标签不存在", "No such tag"));
  return queries.taggedFilter(tag);
}

function questionList(area: QaArea, context: ApiContext): Envelope {
  const filter = tagFilter(area, context);
  if ("code" in filter) return filter;
  const sort = context.params.sort || "latest";
  if (sort !== "latest" && sort !== "hot") return fail(400, say(context, "sort只能是latest或hot", "sort must be latest or hot"));
  const { pageNum, pageSize } = paging(context.params);
  return ok(listQuestions(area, context, filter, sort === "hot" ? queries.HOT_ORDER : queries.LATEST_ORDER, pageNum, pageSize));
}

function hotQuestions(area: QaArea, context: ApiContext): Envelope {
  const { pageNum, pageSize } = paging(context.params, 5);
  return ok(listQuestions(area, context, {}, queries.HOT_ORDER, pageNum, pageSize));
}

function tagList(area: QaArea): Envelope {
  const rows = queries.tagsWithCounts(area.db);
  return ok({ list: rows.map((row) => ({ ...tagView(row), questionCount: row.question_count })), total: rows.length });
}

/** One answer with its question's title, for the page of its comments. */
function answerDetail(area: QaArea, context: ApiContext): Envelope {
  const id = positiveId(context.params.id);
  if (!id) return badId(context);
  const row = queries.answerById(area.db, id);
  if (!row || !queries.questionById(area.db, row.question_id)) return noAnswer(context);
  return ok(answerWithQuestion(area.db, row, viewerIdOf(area.accounts, context)));
}

/** The viewer's own questions (type=question, the default) or answers (type=answer), anonymous ones included. */
function mine(area: QaArea, context: ApiContext, user: UserRow): Envelope {
  const type = context.params.type || "question";
  const { pageNum, pageSize } = paging(context.params);
  if (type === "question") return ok(listQuestions(area, context, queries.ownFilter, queries.LATEST_ORDER, pageNum, pageSize));
  if (type !== "answer") return fail(400, say(context, "type只能是question或answer", "type must be question or answer"));
  const { ids, total } = queries.myAnswerIds(area.db, user.id, pageSize, (pageNum - 1) * pageSize);
  const list = ids.map((id) => answerWithQuestion(area.db, queries.answerById(area.db, id)!, user.id));
  return ok({ list, total, pageNum, pageSize });
}

/** The Q&A calls, and the comment targets of questions and answers for the comment core. */
export function createQa(db: Db, accounts: Accounts) {
  const area: QaArea = { db, accounts };
  const open =
    (handle: (area: QaArea, context: ApiContext) => Envelope): Handler =>
    (context) =>
      handle(area, context);
  const signedIn = (handle: (area: QaArea, context: ApiContext, user: UserRow) => Envelope): Handler =>
    accounts.withUser((context, user) => handle(area, context, user));
  const routes: RouteDefinition[] = [
    { method: "ANY", path: "/qa/list", handler: open(questionList) },
    { method: "ANY", path: "/qa/hot", handler: open(hotQuestions) },
    { method: "ANY", path: "/qa/tags", handler: open(tagList) },
    { method: "ANY", path: "/qa/detail", handler: open(questionDetail) },
    { method: "ANY", path: "/qa/answerDetail", handler: open(answerDetail) },
    { method: "ANY", path: "/qa/mine", handler: signedIn(mine) },
    { method: "POST", path: "/qa/ask", handler: signedIn(ask) },
    { method: "POST", path: "/qa/answer", handler: signedIn(answer) },
    { method: "POST", path: "/qa/praise", handler: signedIn((area, context, user) => vote(area, context, user, 1)) },
    { method: "POST", path: "/qa/trample", handler: signedIn((area, context, user) => vote(area, context, user, -1)) },
    { method: "POST", path: "/qa/concern", handler: signedIn(concern) },
    { method: "POST", path: "/qa/removeQuestion", handler: signedIn(removeOwnQuestion) },
    { method: "POST", path: "/qa/removeAnswer", handler: signedIn(removeOwnAnswer) },
  ];
  return { routes, commentTargets: qaCommentTargets(db) };
}
