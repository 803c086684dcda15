import type { Request, Response } from "express";
import express from "express";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";
import { OPS_ROBOT_API, ROBOT_CONSOLE_PATHS, type RobotList, type RobotProblem } from "@contracts/robot.ts";
import type { EventRouteContext } from "./event.server.ts";

const planIdOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * A live room's robot list (ADR 081): read by any staff member, saved by a publisher only (viewers get its answers at
 * once), relayed to the platform's internal /opsConsole/robot calls with the staff member's name.
 */
export function robotRoutes(context: EventRouteContext): void {
  const relay = async (request: Request, response: Response, method: "GET" | "POST", path: string, params: Record<string, unknown>) => {
    const answer = await context.api(response).request<RobotList | { problems?: (RobotProblem & { message: string })[] }>(`${OPS_CONSOLE_PREFIX}${path}`, {
      method,
      params,
      headers: { lang: context.langOf(request) },
    });
    response.setHeader("Cache-Control", "private, no-store");
    if (answer.code === 200 && answer.data) return void response.json(answer.data);
    if (answer.code === 422) {
      const problems = ((answer.data as { problems?: (RobotProblem & { message: string })[] }).problems ?? []).map((problem) => ({
        pointer: problem.entry ? `/list/${problem.entry}/${problem.field}` : "/list",
        message: problem.message,
      }));
      return void response.status(422).json({ error: "invalid", message: answer.message, problems });
    }
    context.refuse(request, response, answer.code === 404 ? "notFound" : answer.code === 400 ? "badRequest" : "unavailable");
  };

  context.router.get(context.local(OPS_ROBOT_API.list), (request, response, next) => {
    const planId = planIdOf(request.query.planId);
    if (!planId) return void context.refuse(request, response, "badRequest");
    relay(request, response, "GET", ROBOT_CONSOLE_PATHS.list, { planId }).catch(next);
  });

  context.router.post(context.local(OPS_ROBOT_API.save), express.json({ limit: "256kb" }), context.publisherOnly, (request, response, next) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const planId = planIdOf(body.planId);
    if (!planId) return void context.refuse(request, response, "badRequest");
    relay(request, response, "POST", ROBOT_CONSOLE_PATHS.save, { planId, by: context.staffName(response), list: body.list }).catch(next);
  });
}
