import { qaAnswerSchema, qaAnswerValidators, qaQuestionSchema, qaQuestionValidators } from "@schemas/generated/form-kits.ts";
import type { QaAnswerForm, QaQuestionForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import { publicName, type Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import { type CommentTarget, isBlocked, limitCostly, notBlockedSql, positiveId, refuseRiskWords, viewerIdOf } from "./community.server.ts";
import { cleanRichText, plainText } from "./rich-text.server.ts";

/**
 * Questions and answers (/qa/*, ADR 025). Anonymity is decided here, once: the views below are the only way a question
 * or an answer leaves this module, and for an anonymous one they name no author to anybody — the author sees only
 * `mine: true`. Counts (answers, concerns, praise, trample) are COUNT(*) over their rows, never stored counters.
 */

interface QuestionRow {
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

interface AnswerRow {
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

interface TagRow {
  code: string;
  name: string;
  name_en: string;
}

const EXCERPT_LENGTH = 80;
/** Plain-text length of an answer or a question's details (the HTML may be longer). */
const TEXT_MAX = 10_000;

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
const questionShown = `q.deleted_at IS NULL AND (q.anonymous = 1 OR ${notBlockedSql("q.user_id")})`;
const answerShown = `a.deleted_at IS NULL AND (a.anonymous = 1 OR ${notBlockedSql("a.user_id")})`;
/** Hot: answers weigh most, then people following the question, then readers; newer first among equals. */
const HOT_ORDER = `(answer_count * 5 + concern_count * 3 + q.view_count / 20) DESC, q.created_at DESC, q.id DESC`;

const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text);

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
  const itemId = Number(
    db
      .prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, link, created_at)
        VALUES ('qa', @title, @titleEn, @summary, @summaryEn, '', @authorName, @authorNameEn, @link, @createdAt)`)
      .run({
        title: fields.title,
        titleEn: fields.titleEn,
        summary: excerpt(fields.text),
        summaryEn: excerpt(fields.textEn),
        authorName: fields.author[0],
        authorNameEn: fields.author[1],
        link: `/qaDetail?id=${questionId}`,
        createdAt: fields.createdAt,
      }).lastInsertRowid,
  );
  db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
  db.prepare("UPDATE qa_questions SET item_id = ? WHERE id = ?").run(itemId, questionId);
}

/** A removed question leaves search, with what other tables kept about its catalogue row. */
function unindexQuestion(db: Db, itemId: number | null): void {
  if (itemId === null) return;
  db.prepare("UPDATE qa_questions SET item_id = NULL WHERE item_id = ?").run(itemId);
  for (const table of ["praises", "collects", "item_meta"]) db.prepare(`DELETE FROM ${table} WHERE item_id = ?`).run(itemId);
  db.prepare("DELETE FROM items WHERE id = ?").run(itemId);
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

export function createQa(db: Db, accounts: Accounts) {
  const questionById = db.prepare(`SELECT ${QUESTION_COLUMNS} WHERE q.id = ? AND q.deleted_at IS NULL`);
  const answerById = db.prepare(`SELECT ${ANSWER_COLUMNS} WHERE a.id = ? AND a.deleted_at IS NULL`);
  const tagsOf = db.prepare(
    "SELECT t.code, t.name, t.name_en FROM qa_question_tags qt JOIN qa_tags t ON t.code = qt.tag WHERE qt.question_id = ? ORDER BY t.sort, t.code",
  );
  const knownTags = db.prepare("SELECT code FROM qa_tags").pluck();
  const voteOf = db.prepare("SELECT value FROM qa_answer_votes WHERE answer_id = ? AND user_id = ?").pluck();
  const concerned = db.prepare("SELECT 1 FROM qa_concerns WHERE question_id = ? AND user_id = ?");
  const iso = (context: ApiContext) => context.now().toISOString();

  const questionView = (row: QuestionRow, viewerId: number) => {
    const tags = (tagsOf.all(row.id) as TagRow[]).map(tagView);
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
  };

  const answerView = (row: AnswerRow, viewerId: number) => ({
    id: row.id,
    questionId: row.question_id,
    content: row.content,
    contentEn: row.content_en,
    ...authorView(row, viewerId),
    praiseCount: row.praise_count,
    commentCount: row.comment_count,
    trampleCount: row.trample_count,
    myVote: viewerId ? ((voteOf.get(row.id, viewerId) as number | undefined) ?? 0) : 0,
    createTime: row.created_at,
  });

  /** An answer shown apart from its question (the viewer's answers, an answer's comments page): with the question's title. */
  const answerWithQuestion = (row: AnswerRow, viewerId: number) => {
    const question = questionById.get(row.question_id) as QuestionRow;
    return {
      ...answerView(row, viewerId),
      excerpt: excerpt(plainText(row.content)),
      excerptEn: row.content_en && excerpt(plainText(row.content_en)),
      questionTitle: question.title,
      questionTitleEn: question.title_en,
      link: `/qaDetail?id=${question.id}`,
    };
  };

  const listQuestions = (
    context: ApiContext,
    options: { where?: string; bind?: Record<string, unknown>; order: string; pageNum: number; pageSize: number },
  ) => {
    const viewer = viewerIdOf(accounts, context);
    const where = [questionShown, ...(options.where ? [options.where] : [])].join(" AND ");
    const bind = { viewer, ...options.bind };
    const total = db.prepare(`SELECT COUNT(*) FROM qa_questions q WHERE ${where}`).pluck().get(bind) as number;
    const rows = db
      .prepare(`SELECT ${QUESTION_COLUMNS} WHERE ${where} ORDER BY ${options.order} LIMIT @limit OFFSET @offset`)
      .all({ ...bind, limit: options.pageSize, offset: (options.pageNum - 1) * options.pageSize }) as QuestionRow[];
    return { list: rows.map((row) => questionView(row, viewer)), total, pageNum: options.pageNum, pageSize: options.pageSize };
  };

  const noQuestion = (context: ApiContext) => fail(404, say(context, "问题不存在或已删除", "This question does not exist or was removed"));
  const noAnswer = (context: ApiContext) => fail(404, say(context, "回答不存在或已删除", "This answer does not exist or was removed"));

  /** The sanitised HTML and its plain text, or the refusal: empty where it may not be, too long, or holding a risk word. */
  const richText = (context: ApiContext, html: string, required: boolean, ...alsoChecked: string[]): { html: string; text: string } | Envelope => {
    const clean = cleanRichText(html);
    const text = plainText(clean);
    // An image or a formula alone is content too; only markup that shows nothing is empty.
    const empty = !text && !/<(img|math)\b/i.test(clean);
    if (required && empty) return fail(400, say(context, "请填写回答内容", "Please write your answer"), { fields: { content: "qa:errors.answerRequired" } });
    if (text.length > TEXT_MAX) return fail(400, say(context, "内容太长了", "The text is too long"), { fields: { content: "qa:errors.contentLong" } });
    return refuseRiskWords(context, db, ...alsoChecked, text) ?? { html: empty ? "" : clean, text };
  };

  const ask = accounts.withUser((context, user) => {
    const body = validateBody<QaQuestionForm>(context, formKit(qaQuestionSchema, qaQuestionValidators));
    if (!body.ok) return body.envelope;
    const { title, tags } = body.value;
    const known = new Set(knownTags.all() as string[]);
    if (tags.some((tag) => !known.has(tag)))
      return fail(400, say(context, "请选择列表中的标签", "Please choose tags from the list"), { fields: { tags: "qa:errors.tagsUnknown" } });
    const details = richText(context, body.value.content ?? "", false, title);
    if ("code" in details) return details;
    const limited = limitCostly(context, db, user.id, "post");
    if (limited) return limited;
    const anonymous = body.value.anonymous === true;
    const id = db.transaction(() => {
      const questionId = Number(
        db
          .prepare("INSERT INTO qa_questions (user_id, title, body, body_text, anonymous, created_at) VALUES (?, ?, ?, ?, ?, ?)")
          .run(user.id, title, details.html, details.text, anonymous ? 1 : 0, iso(context)).lastInsertRowid,
      );
      for (const tag of tags) db.prepare("INSERT INTO qa_question_tags (question_id, tag) VALUES (?, ?)").run(questionId, tag);
      const author: Pair = anonymous ? ANONYMOUS : [publicName(user), publicName(user)];
      indexQuestion(db, questionId, { title, titleEn: "", text: details.text, textEn: "", author, createdAt: iso(context) });
      return questionId;
    })();
    return ok(questionView(questionById.get(id) as QuestionRow, user.id), say(context, "提问成功", "Question posted"));
  });

  const answer = accounts.withUser((context, user) => {
    const body = validateBody<QaAnswerForm>(context, formKit(qaAnswerSchema, qaAnswerValidators));
    if (!body.ok) return body.envelope;
    const question = questionById.get(body.value.questionId) as QuestionRow | undefined;
    if (!question) return noQuestion(context);
    // An anonymous asker is not named even by this refusal: their question takes answers from everybody.
    if (question.anonymous === 0 && isBlocked(db, question.user_id, user.id))
      return fail(403, say(context, "对方已将你加入黑名单，无法回答", "This person has blocked you, so you cannot answer"));
    const content = richText(context, body.value.content, true);
    if ("code" in content) return content;
    const limited = limitCostly(context, db, user.id, "answer");
    if (limited) return limited;
    const id = Number(
      db
        .prepare("INSERT INTO qa_answers (question_id, user_id, content, anonymous, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(question.id, user.id, content.html, body.value.anonymous === true ? 1 : 0, iso(context)).lastInsertRowid,
    );
    return ok(answerView(answerById.get(id) as AnswerRow, user.id), say(context, "回答成功", "Answer posted"));
  });

  /** Praise (1) or trample (-1): the same vote again takes it back, the other one switches it. */
  const vote = (value: 1 | -1) =>
    accounts.withUser((context, user) => {
      const id = positiveId(context.params.answerId ?? context.params.id);
      const row = id ? (answerById.get(id) as AnswerRow | undefined) : undefined;
      if (!row || !questionById.get(row.question_id)) return noAnswer(context);
      if (row.user_id === user.id) return fail(400, say(context, "不能给自己的回答投票", "You cannot vote on your own answer"));
      const myVote = db
        .transaction(() => {
          const current = voteOf.get(row.id, user.id) as number | undefined;
          if (current === value) {
            db.prepare("DELETE FROM qa_answer_votes WHERE answer_id = ? AND user_id = ?").run(row.id, user.id);
            return 0;
          }
          db.prepare(
            "INSERT INTO qa_answer_votes (answer_id, user_id, value, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (answer_id, user_id) DO UPDATE SET value = excluded.value, created_at = excluded.created_at",
          ).run(row.id, user.id, value, iso(context));
          return value;
        })
        .immediate();
      const counted = answerById.get(row.id) as AnswerRow;
      return ok({ answerId: row.id, myVote, praiseCount: counted.praise_count, trampleCount: counted.trample_count });
    });

  const concern = accounts.withUser((context, user) => {
    const id = positiveId(context.params.questionId ?? context.params.id);
    if (!id || !questionById.get(id)) return noQuestion(context);
    const on = db
      .transaction(() => {
        if (db.prepare("DELETE FROM qa_concerns WHERE question_id = ? AND user_id = ?").run(id, user.id).changes > 0) return false;
        db.prepare("INSERT INTO qa_concerns (question_id, user_id, created_at) VALUES (?, ?, ?)").run(id, user.id, iso(context));
        return true;
      })
      .immediate();
    const count = db.prepare("SELECT COUNT(*) FROM qa_concerns WHERE question_id = ?").pluck().get(id) as number;
    return ok(
      { questionId: id, concerned: on, concernCount: count },
      on ? say(context, "已关注问题", "Following this question") : say(context, "已取消关注", "No longer following"),
    );
  });

  const removeQuestion = accounts.withUser((context, user) => {
    const id = positiveId(context.params.id);
    const row = id ? (questionById.get(id) as QuestionRow | undefined) : undefined;
    if (!row) return noQuestion(context);
    if (row.user_id !== user.id) return fail(403, say(context, "只能删除自己的问题", "You can only remove your own questions"));
    db.transaction(() => {
      db.prepare("UPDATE qa_questions SET deleted_at = ? WHERE id = ?").run(iso(context), row.id);
      unindexQuestion(db, row.item_id);
    })();
    return ok({ id: row.id }, say(context, "问题已删除", "Question removed"));
  });

  const removeAnswer = accounts.withUser((context, user) => {
    const id = positiveId(context.params.id);
    const row = id ? (answerById.get(id) as AnswerRow | undefined) : undefined;
    if (!row) return noAnswer(context);
    if (row.user_id !== user.id) return fail(403, say(context, "只能删除自己的回答", "You can only remove your own answers"));
    db.prepare("UPDATE qa_answers SET deleted_at = ? WHERE id = ?").run(iso(context), row.id);
    return ok({ id: row.id }, say(context, "回答已删除", "Answer removed"));
  });

  const detail = (context: ApiContext) => {
    const id = positiveId(context.params.id);
    if (!id) return fail(400, say(context, "id必须是正整数", "id must be a positive integer"));
    if (db.prepare("UPDATE qa_questions SET view_count = view_count + 1 WHERE id = ? AND deleted_at IS NULL").run(id).changes === 0) return noQuestion(context);
    const viewer = viewerIdOf(accounts, context);
    const row = questionById.get(id) as QuestionRow;
    const answers = db
      .prepare(`SELECT ${ANSWER_COLUMNS} WHERE a.question_id = @id AND ${answerShown} ORDER BY (praise_count - trample_count) DESC, a.id ASC`)
      .all({ id, viewer }) as AnswerRow[];
    return ok({
      ...questionView(row, viewer),
      body: row.body,
      bodyEn: row.body_en,
      concerned: viewer !== 0 && Boolean(concerned.get(id, viewer)),
      answers: answers.map((answerRow) => answerView(answerRow, viewer)),
      // Answers shown to this viewer (the blacklist may hide some of the answer count).
      shownAnswerCount: answers.length,
    });
  };

  const tagFilter = (context: ApiContext): { where?: string; bind?: Record<string, unknown> } | Envelope => {
    const tag = context.params.tag;
    if (tag === undefined || tag === "") return {};
    if (typeof tag !== "string" || !(knownTags.all() as string[]).includes(tag)) return fail(400, say(context, "标签不存在", "No such tag"));
    return { where: "q.id IN (SELECT question_id FROM qa_question_tags WHERE tag = @tag)", bind: { tag } };
  };

  const routes: RouteDefinition[] = [
    {
      method: "ANY",
      path: "/qa/list",
      handler: (context) => {
        const filter = tagFilter(context);
        if ("code" in filter) return filter;
        const sort = context.params.sort || "latest";
        if (sort !== "latest" && sort !== "hot") return fail(400, say(context, "sort只能是latest或hot", "sort must be latest or hot"));
        return ok(listQuestions(context, { ...filter, order: sort === "hot" ? HOT_ORDER : "q.created_at DESC, q.id DESC", ...paging(context.params) }));
      },
    },
    { method: "ANY", path: "/qa/hot", handler: (context) => ok(listQuestions(context, { order: HOT_ORDER, ...paging(context.params, 5) })) },
    {
      method: "ANY",
      path: "/qa/tags",
      handler: () => {
        const rows = db
          .prepare(`SELECT t.code, t.name, t.name_en, (SELECT COUNT(*) FROM qa_question_tags qt JOIN qa_questions q ON q.id = qt.question_id
            WHERE qt.tag = t.code AND q.deleted_at IS NULL) AS question_count FROM qa_tags t ORDER BY t.sort, t.code`)
          .all() as (TagRow & { question_count: number })[];
        return ok({ list: rows.map((row) => ({ ...tagView(row), questionCount: row.question_count })), total: rows.length });
      },
    },
    { method: "ANY", path: "/qa/detail", handler: detail },
    {
      method: "ANY",
      path: "/qa/answerDetail",
      // One answer with its question's title, for the page of its comments.
      handler: (context) => {
        const id = positiveId(context.params.id);
        if (!id) return fail(400, say(context, "id必须是正整数", "id must be a positive integer"));
        const row = answerById.get(id) as AnswerRow | undefined;
        if (!row || !questionById.get(row.question_id)) return noAnswer(context);
        return ok(answerWithQuestion(row, viewerIdOf(accounts, context)));
      },
    },
    {
      method: "ANY",
      path: "/qa/mine",
      // The viewer's own questions (type=question, the default) or answers (type=answer), anonymous ones included.
      handler: accounts.withUser((context, user) => {
        const type = context.params.type || "question";
        const { pageNum, pageSize } = paging(context.params);
        if (type === "question") return ok(listQuestions(context, { where: "q.user_id = @viewer", order: "q.created_at DESC, q.id DESC", pageNum, pageSize }));
        if (type !== "answer") return fail(400, say(context, "type只能是question或answer", "type must be question or answer"));
        const where = "a.user_id = @viewer AND a.deleted_at IS NULL AND q.deleted_at IS NULL";
        const from = "qa_answers a JOIN qa_questions q ON q.id = a.question_id";
        const total = db.prepare(`SELECT COUNT(*) FROM ${from} WHERE ${where}`).pluck().get({ viewer: user.id }) as number;
        const ids = db
          .prepare(`SELECT a.id FROM ${from} WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT @limit OFFSET @offset`)
          .pluck()
          .all({ viewer: user.id, limit: pageSize, offset: (pageNum - 1) * pageSize }) as number[];
        const list = ids.map((id) => answerWithQuestion(answerById.get(id) as AnswerRow, user.id));
        return ok({ list, total, pageNum, pageSize });
      }),
    },
    { method: "POST", path: "/qa/ask", handler: ask },
    { method: "POST", path: "/qa/answer", handler: answer },
    { method: "POST", path: "/qa/praise", handler: vote(1) },
    { method: "POST", path: "/qa/trample", handler: vote(-1) },
    { method: "POST", path: "/qa/concern", handler: concern },
    { method: "POST", path: "/qa/removeQuestion", handler: removeQuestion },
    { method: "POST", path: "/qa/removeAnswer", handler: removeAnswer },
  ];

  /**
   * Questions and answers take comments. The comment core gets the real writer, which it never names: the writer
   * deletes comments under their anonymous posts, and hidesOwner keeps a block from refusing a commenter there (the
   * refusal would show who wrote it).
   */
  const questionOf = (id: number) =>
    db.prepare("SELECT user_id, anonymous FROM qa_questions WHERE id = ? AND deleted_at IS NULL").get(id) as { user_id: number; anonymous: 0 | 1 } | undefined;
  const answerOf = (id: number) =>
    db
      .prepare(
        "SELECT a.user_id, a.anonymous FROM qa_answers a JOIN qa_questions q ON q.id = a.question_id WHERE a.id = ? AND a.deleted_at IS NULL AND q.deleted_at IS NULL",
      )
      .get(id) as { user_id: number; anonymous: 0 | 1 } | undefined;
  const commentTargets: CommentTarget[] = [
    {
      kind: "question",
      ownerIfVisible: (targetId) => questionOf(targetId)?.user_id ?? null,
      hidesOwner: (targetId) => questionOf(targetId)?.anonymous === 1,
    },
    {
      kind: "answer",
      ownerIfVisible: (targetId) => answerOf(targetId)?.user_id ?? null,
      hidesOwner: (targetId) => answerOf(targetId)?.anonymous === 1,
    },
  ];

  return { routes, commentTargets };
}
