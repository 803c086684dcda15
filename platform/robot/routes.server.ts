import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";
import { checkRobotList, ROBOT_API, ROBOT_CONSOLE_PATHS, ROBOT_LIMITS, type RobotProblemCode } from "@contracts/robot.ts";
import { livePlanExists } from "../live/rules.server.ts";
import * as queries from "./queries.server.ts";
import { answerOf, saveList } from "./rules.server.ts";

const PROBLEM_TEXT: Record<RobotProblemCode, [string, string]> = {
  notList: ["问答必须是一个列表", "The questions and answers must be a list"],
  tooMany: [`最多${ROBOT_LIMITS.entries}条问答`, `At most ${ROBOT_LIMITS.entries} questions and answers`],
  badTopic: ["请选择话题", "Choose a topic"],
  required: ["请填写此项", "Fill this in"],
  tooLong: ["内容太长了", "This is too long"],
  noKeywords: ["请至少填写一个关键词", "Give at least one keyword"],
  tooManyKeywords: [`最多${ROBOT_LIMITS.keywords}个关键词`, `At most ${ROBOT_LIMITS.keywords} keywords`],
  keywordTooLong: [`每个关键词最多${ROBOT_LIMITS.keywordLength}个字`, `Each keyword takes at most ${ROBOT_LIMITS.keywordLength} characters`],
};

/** Characters of a question /robot/ask reads; the chat's own limit is larger, but no question needs more. */
const ASK_TEXT_LIMIT = 200;

function planOf(db: Db, context: ApiContext): number | Envelope {
  const planId = Number(context.params.planId);
  if (!Number.isSafeInteger(planId) || planId <= 0) return fail(400, say(context, "planId 必须是正整数", "planId must be a positive integer"));
  if (!livePlanExists(db, planId)) return fail(404, say(context, "直播不存在", "No such live"));
  return planId;
}

function list(db: Db, context: ApiContext): Envelope {
  const planId = planOf(db, context);
  return typeof planId === "number" ? ok({ planId, list: queries.entriesOf(db, planId) }) : planId;
}

function ask(db: Db, context: ApiContext): Envelope {
  const planId = planOf(db, context);
  if (typeof planId !== "number") return planId;
  const text = typeof context.params.text === "string" ? [...context.params.text].slice(0, ASK_TEXT_LIMIT).join("") : "";
  if (!text.trim()) return fail(400, say(context, "请输入问题", "Type a question"));
  return ok({ answer: answerOf(db, planId, text) });
}

/** The console's save: the operator's name comes from our server, which checked the staff member (ADR 026). */
function save(db: Db, context: ApiContext): Envelope {
  const planId = planOf(db, context);
  if (typeof planId !== "number") return planId;
  const checked = checkRobotList(context.params.list);
  if (!checked.ok)
    return fail(422, say(context, "问答未保存，请修改标出的内容", "Not saved: correct the marked entries"), {
      problems: checked.problems.map((problem) => ({ ...problem, message: say(context, ...PROBLEM_TEXT[problem.code]) })),
    });
  const by = typeof context.params.by === "string" ? context.params.by.trim().slice(0, 64) : "";
  if (!by) return fail(400, "by is required");
  saveList(db, planId, checked.list, by, context.now());
  return ok({ planId, list: queries.entriesOf(db, planId) }, say(context, "已保存", "Saved"));
}

/** The robot's calls (ADR 081): the public list and question, and the console's internal read and save. */
export function robotRoutes(db: Db): RouteDefinition[] {
  return [
    { method: "ANY", path: ROBOT_API.list, handler: (context) => list(db, context) },
    { method: "ANY", path: ROBOT_API.ask, handler: (context) => ask(db, context) },
    { method: "GET", path: `${OPS_CONSOLE_PREFIX}${ROBOT_CONSOLE_PATHS.list}`, handler: (context) => list(db, context) },
    { method: "POST", path: `${OPS_CONSOLE_PREFIX}${ROBOT_CONSOLE_PATHS.save}`, handler: (context) => save(db, context) },
  ];
}
