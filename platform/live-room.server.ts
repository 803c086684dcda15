import type { Db } from "./kernel/db.server.ts";
import type { Accounts, UserRow } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { say } from "./kernel/language.server.ts";
import { livePlanExists } from "./live.server.ts";
import { LIVE_ROOM_API, SCREEN_REPLAY_LIMIT, type QuestionResults, type ScreenPush, type ScreenPushBody } from "@contracts/screen.ts";
import {
  ALREADY_ANSWERED_CODE,
  checkAnswer,
  QUESTIONNAIRE_API,
  type AnswerProblem,
  type PlanQuestion,
  type QuestionKind,
  type QuestionOption,
} from "@contracts/questionnaire.ts";

/**
 * The live room talking back (issue 31, ADR 062, migration 030): the host's screen pushes, questionnaires with one
 * answer per person, and sign-ins. The screen socket (server/realtime/screen.server.ts) reads pushes from here.
 */

interface PushRow {
  id: number;
  plan_id: number;
  body: string;
  created_at: string;
}

interface QuestionRow {
  id: number;
  plan_id: number;
  kind: QuestionKind;
  title: string;
  title_en: string;
  options: string;
  results_shared: number;
}

const TEXT_RESULTS_SHOWN = 20;

const PROBLEM_TEXT: Record<AnswerProblem, [string, string]> = {
  noChoice: ["请选择一个选项", "Choose an option"],
  badChoice: ["选项不属于这道题", "That option is not one of this question's"],
  oneChoiceOnly: ["这道题只能选一个", "This question takes one choice only"],
  emptyText: ["请填写回答", "Write your answer"],
  textTooLong: ["回答太长了", "The answer is too long"],
};

function toPush(row: PushRow): ScreenPush {
  return { ...(JSON.parse(row.body) as ScreenPushBody), seq: row.id, planId: row.plan_id, createTime: row.created_at };
}

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function createLiveRoom(db: Db, accounts: Accounts) {
  const pushesAfter = db.prepare("SELECT * FROM screen_pushes WHERE plan_id = ? AND id > ? ORDER BY id LIMIT 500");
  const latestPushes = db.prepare("SELECT * FROM (SELECT * FROM screen_pushes WHERE plan_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id");
  const latestSeq = db.prepare("SELECT COALESCE(MAX(id), 0) FROM screen_pushes WHERE plan_id = ?").pluck();
  const insertPush = db.prepare("INSERT INTO screen_pushes (plan_id, kind, body, created_at) VALUES (?, ?, ?, ?)");
  const questionById = db.prepare("SELECT * FROM plan_questions WHERE id = ?");
  const questionsOf = db.prepare("SELECT * FROM plan_questions WHERE plan_id = ? ORDER BY id DESC");
  const answeredBy = db.prepare("SELECT 1 FROM plan_question_answers WHERE question_id = ? AND user_id = ?").pluck();
  const insertAnswer = db.prepare("INSERT OR IGNORE INTO plan_question_answers (question_id, user_id, option_ids, text, created_at) VALUES (?, ?, ?, ?, ?)");
  const answersOf = db.prepare("SELECT option_ids, text FROM plan_question_answers WHERE question_id = ? ORDER BY created_at DESC");
  const signInCount = db.prepare("SELECT COUNT(*) FROM plan_sign_ins WHERE plan_id = ?").pluck();
  const signedIn = db.prepare("SELECT 1 FROM plan_sign_ins WHERE plan_id = ? AND user_id = ?").pluck();
  const insertSignIn = db.prepare("INSERT OR IGNORE INTO plan_sign_ins (plan_id, user_id, created_at) VALUES (?, ?, ?)");

  const toQuestion = (row: QuestionRow, userId: number | null): PlanQuestion => ({
    id: row.id,
    planId: row.plan_id,
    kind: row.kind,
    title: row.title,
    titleEn: row.title_en,
    options: JSON.parse(row.options) as QuestionOption[],
    answered: userId !== null && Boolean(answeredBy.get(row.id, userId)),
    ...(row.results_shared ? { results: resultsOf(row.id) } : {}),
  });

  /** The counts per option (or the latest texts) of one question, from its stored answers. */
  const resultsOf = (questionId: number): QuestionResults => {
    const rows = answersOf.all(questionId) as { option_ids: string; text: string }[];
    const question = questionById.get(questionId) as QuestionRow | undefined;
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
  };

  const viewerId = (context: ApiContext): number | null => {
    const who = accounts.current(context);
    return "user" in who ? who.user.id : null;
  };

  /** One answer per person: the primary key decides, inside one write transaction, whichever request comes first. */
  const answer = db.transaction((question: QuestionRow, user: UserRow, optionIds: number[], text: string, at: string): boolean => {
    return insertAnswer.run(question.id, user.id, optionIds.join(","), text, at).changes === 1;
  });

  const createUserAnswer = (context: ApiContext, user: UserRow): Envelope => {
    const questionId = positiveId(context.params.questionId);
    const row = questionId ? (questionById.get(questionId) as QuestionRow | undefined) : undefined;
    if (!row) return fail(404, say(context, "问卷不存在", "No such questionnaire"));
    const checked = checkAnswer({ kind: row.kind, options: JSON.parse(row.options) as QuestionOption[] }, context.params);
    if (!checked.ok) return fail(400, say(context, ...PROBLEM_TEXT[checked.problem]), { problem: checked.problem });
    const stored = answer.immediate(row, user, checked.optionIds, checked.text, context.now().toISOString());
    if (!stored) return fail(ALREADY_ANSWERED_CODE, say(context, "你已经回答过这道题了", "You have already answered this question"));
    return ok(toQuestion(row, user.id), say(context, "已提交", "Sent"));
  };

  const routes: RouteDefinition[] = [
    {
      method: "ANY",
      path: QUESTIONNAIRE_API.getQuestion,
      handler: (context) => {
        const planId = positiveId(context.params.planId);
        if (!planId || !livePlanExists(db, planId)) return fail(404, say(context, "直播不存在", "No such live"));
        const userId = viewerId(context);
        return ok({ list: (questionsOf.all(planId) as QuestionRow[]).map((row) => toQuestion(row, userId)) });
      },
    },
    { method: "POST", path: QUESTIONNAIRE_API.createUserAnswer, handler: accounts.withUser(createUserAnswer) },
    {
      method: "POST",
      path: LIVE_ROOM_API.signIn,
      handler: accounts.withUser((context, user) => {
        const planId = positiveId(context.params.planId);
        if (!planId || !livePlanExists(db, planId)) return fail(404, say(context, "直播不存在", "No such live"));
        insertSignIn.run(planId, user.id, context.now().toISOString());
        return ok({ signedIn: true, count: signInCount.get(planId) as number }, say(context, "签到成功", "Signed in"));
      }),
    },
    {
      method: "ANY",
      path: LIVE_ROOM_API.signInState,
      handler: (context) => {
        const planId = positiveId(context.params.planId);
        if (!planId) return fail(400, say(context, "planId 必须是正整数", "planId must be a positive integer"));
        const userId = viewerId(context);
        return ok({ canAdd: userId !== null && !signedIn.get(planId, userId), count: signInCount.get(planId) as number });
      },
    },
    {
      // What a viewer missed, over HTTP: the socket's replay for a client that cannot hold a socket open.
      method: "ANY",
      path: LIVE_ROOM_API.pushes,
      handler: (context) => {
        const planId = positiveId(context.params.planId);
        if (!planId) return fail(400, say(context, "planId 必须是正整数", "planId must be a positive integer"));
        const after = Number(context.params.after ?? 0);
        return ok({ list: pushesSince(planId, Number.isSafeInteger(after) && after > 0 ? after : 0) });
      },
    },
  ];

  /** Pushes after a sequence number, or (after = 0) the room's latest few. */
  const pushesSince = (planId: number, after: number): ScreenPush[] =>
    ((after > 0 ? pushesAfter.all(planId, after) : latestPushes.all(planId, SCREEN_REPLAY_LIMIT)) as PushRow[]).map(toPush);

  return {
    routes,
    pushesSince,
    latestSeq: (planId: number) => latestSeq.get(planId) as number,
    signIns: (planId: number) => signInCount.get(planId) as number,
    resultsOf,
    /** Stores a push (the host's, through the developer tools locally); the screen socket sends it to every viewer. */
    push(planId: number, body: ScreenPushBody, at: Date): ScreenPush {
      const id = Number(insertPush.run(planId, body.kind, JSON.stringify(body), at.toISOString()).lastInsertRowid);
      return { ...body, seq: id, planId, createTime: at.toISOString() };
    },
    createQuestion(
      planId: number,
      input: { kind: QuestionKind; title: string; titleEn: string; options: { text: string; textEn: string }[] },
      at: Date,
    ): number {
      const options = input.kind === "text" ? [] : input.options.map((option, index) => ({ id: index + 1, ...option }));
      return Number(
        db
          .prepare("INSERT INTO plan_questions (plan_id, kind, title, title_en, options, created_at) VALUES (?, ?, ?, ?, ?, ?)")
          .run(planId, input.kind, input.title, input.titleEn, JSON.stringify(options), at.toISOString()).lastInsertRowid,
      );
    },
    /** The host shares a question's results with everyone (they stay shared). */
    shareResults(questionId: number): QuestionResults | null {
      const changed = db.prepare("UPDATE plan_questions SET results_shared = 1 WHERE id = ?").run(questionId).changes;
      return changed ? resultsOf(questionId) : null;
    },
    questionsOf: (planId: number) => (questionsOf.all(planId) as QuestionRow[]).map((row) => toQuestion(row, null)),
    sharedResults(planId: number): QuestionResults[] {
      return (db.prepare("SELECT id FROM plan_questions WHERE plan_id = ? AND results_shared = 1").pluck().all(planId) as number[]).map(resultsOf);
    },
  };
}

export type LiveRoom = ReturnType<typeof createLiveRoom>;
