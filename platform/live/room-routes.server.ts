import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type Handler, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { LIVE_ROOM_API, SCREEN_REPLAY_LIMIT, type QuestionResults, type ScreenPushBody } from "@contracts/screen.ts";
import { ALREADY_ANSWERED_CODE, checkAnswer, QUESTIONNAIRE_API, type AnswerProblem, type PlanQuestion, type QuestionOption } from "@contracts/questionnaire.ts";
import * as room from "./room-queries.server.ts";
import type { QuestionRow } from "./room-queries.server.ts";
import { answerOnce, createQuestion, livePlanExists, pushesSince, resultsOf, shareResults, storePush } from "./rules.server.ts";

/**
 * The live room talking back (issue 31, ADR 062, migration 030): the host's screen pushes, questionnaires with one
 * answer per person, and sign-ins. The screen socket (platform/realtime/screen.server.ts) reads pushes from here.
 */

interface RoomArea {
  db: Db;
  accounts: Accounts;
}

const PROBLEM_TEXT: Record<AnswerProblem, [string, string]> = {
  noChoice: ["请选择一个选项", "Choose an option"],
  badChoice: ["选项不属于这道题", "That option is not one of this question's"],
  oneChoiceOnly: ["这道题只能选一个", "This question takes one choice only"],
  emptyText: ["请填写回答", "Write your answer"],
  textTooLong: ["回答太长了", "The answer is too long"],
};

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const toQuestion = (db: Db, row: QuestionRow, userId: number | null): PlanQuestion => ({
  id: row.id,
  planId: row.plan_id,
  kind: row.kind,
  title: row.title,
  titleEn: row.title_en,
  options: JSON.parse(row.options) as QuestionOption[],
  answered: userId !== null && room.hasAnswered(db, row.id, userId),
  ...(row.results_shared ? { results: resultsOf(db, row.id) } : {}),
});

const viewerId = (area: RoomArea, context: ApiContext): number | null => {
  const who = area.accounts.current(context);
  return "user" in who ? who.user.id : null;
};

const noLive = (context: ApiContext) => fail(404, say(context, "直播不存在", "No such live"));
const badPlanId = (context: ApiContext) => fail(400, say(context, "planId 必须是正整数", "planId must be a positive integer"));

function questions(area: RoomArea, context: ApiContext): Envelope {
  const planId = positiveId(context.params.planId);
  if (!planId || !livePlanExists(area.db, planId)) return noLive(context);
  const userId = viewerId(area, context);
  return ok({ list: room.questionsOf(area.db, planId).map((row) => toQuestion(area.db, row, userId)) });
}

function createUserAnswer(area: RoomArea, context: ApiContext, user: UserRow): Envelope {
  const questionId = positiveId(context.params.questionId);
  const row = questionId ? room.questionById(area.db, questionId) : undefined;
  if (!row) return fail(404, say(context, "问卷不存在", "No such questionnaire"));
  const checked = checkAnswer({ kind: row.kind, options: JSON.parse(row.options) as QuestionOption[] }, context.params);
  if (!checked.ok) return fail(400, say(context, ...PROBLEM_TEXT[checked.problem]), { problem: checked.problem });
  const stored = answerOnce(area.db, row.id, user.id, checked.optionIds, checked.text, context.now().toISOString());
  if (!stored) return fail(ALREADY_ANSWERED_CODE, say(context, "你已经回答过这道题了", "You have already answered this question"));
  return ok(toQuestion(area.db, row, user.id), say(context, "已提交", "Sent"));
}

function signIn(area: RoomArea, context: ApiContext, user: UserRow): Envelope {
  const planId = positiveId(context.params.planId);
  if (!planId || !livePlanExists(area.db, planId)) return noLive(context);
  room.insertSignIn(area.db, planId, user.id, context.now().toISOString());
  return ok({ signedIn: true, count: room.signInCount(area.db, planId) }, say(context, "签到成功", "Signed in"));
}

function signInState(area: RoomArea, context: ApiContext): Envelope {
  const planId = positiveId(context.params.planId);
  if (!planId) return badPlanId(context);
  const userId = viewerId(area, context);
  return ok({ canAdd: userId !== null && !room.hasSignedIn(area.db, planId, userId), count: room.signInCount(area.db, planId) });
}

/** What a viewer missed, over HTTP: the socket's replay for a client that cannot hold a socket open. */
function missedPushes(area: RoomArea, context: ApiContext): Envelope {
  const planId = positiveId(context.params.planId);
  if (!planId) return badPlanId(context);
  const after = Number(context.params.after ?? 0);
  return ok({ list: pushesSince(area.db, planId, Number.isSafeInteger(after) && after > 0 ? after : 0, SCREEN_REPLAY_LIMIT) });
}

export function createLiveRoom(db: Db, accounts: Accounts) {
  const area: RoomArea = { db, accounts };
  const open =
    (handle: (area: RoomArea, context: ApiContext) => Envelope): Handler =>
    (context) =>
      handle(area, context);
  const signedIn = (handle: (area: RoomArea, context: ApiContext, user: UserRow) => Envelope): Handler =>
    accounts.withUser((context, user) => handle(area, context, user));
  const routes: RouteDefinition[] = [
    { method: "ANY", path: QUESTIONNAIRE_API.getQuestion, handler: open(questions) },
    { method: "POST", path: QUESTIONNAIRE_API.createUserAnswer, handler: signedIn(createUserAnswer) },
    { method: "POST", path: LIVE_ROOM_API.signIn, handler: signedIn(signIn) },
    { method: "ANY", path: LIVE_ROOM_API.signInState, handler: open(signInState) },
    { method: "ANY", path: LIVE_ROOM_API.pushes, handler: open(missedPushes) },
  ];
  return {
    routes,
    pushesSince: (planId: number, after: number) => pushesSince(db, planId, after, SCREEN_REPLAY_LIMIT),
    latestSeq: (planId: number) => room.latestSeq(db, planId),
    signIns: (planId: number) => room.signInCount(db, planId),
    resultsOf: (questionId: number) => resultsOf(db, questionId),
    /** Stores a push (the host's, through the developer tools locally); the screen socket sends it to every viewer. */
    push: (planId: number, body: ScreenPushBody, at: Date) => storePush(db, planId, body, at),
    createQuestion: (planId: number, input: Parameters<typeof createQuestion>[2], at: Date) => createQuestion(db, planId, input, at),
    /** The host shares a question's results with everyone (they stay shared). */
    shareResults: (questionId: number) => shareResults(db, questionId),
    questionsOf: (planId: number) => room.questionsOf(db, planId).map((row) => toQuestion(db, row, null)),
    sharedResults: (planId: number): QuestionResults[] => room.sharedQuestionIds(db, planId).map((id) => resultsOf(db, id)),
  };
}

export type LiveRoom = ReturnType<typeof createLiveRoom>;
