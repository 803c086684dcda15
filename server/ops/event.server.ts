import type { Request, Response, Router } from "express";
import express from "express";
import { OPS_EVENT_API, type OpsEvent, type OpsEventProblem } from "@contracts/ops-event.ts";
import type { Lang } from "@contracts/language.ts";
import type { ApiClient } from "~/api/api-client.ts";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";

/** What the console's router gives these routes: where they mount, who is asking, and the gates it already has. */
export interface EventRouteContext {
  /** The API router (mounted at /ops/api) and a route of OPS_EVENT_API as it sees it. */
  router: Router;
  local: (url: string) => string;
  api: (response: Response) => ApiClient;
  staffName: (response: Response) => string;
  langOf: (request: Request) => Lang;
  publisherOnly: express.RequestHandler;
  /** Answers the console's own error (badRequest, notFound, invalid with problems, unavailable). */
  refuse: (request: Request, response: Response, code: "badRequest" | "notFound" | "unavailable") => void;
}

const specialIdOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The event beside a page (ADR 071): read by any staff member, changed by a publisher only (it changes the live
 * event at once), relayed to the platform's internal /opsConsole/event calls with the staff member's name.
 */
export function eventRoutes(context: EventRouteContext): void {
  const relay = async (request: Request, response: Response, method: "GET" | "POST", path: string, params: Record<string, unknown>) => {
    const answer = await context.api(response).request<OpsEvent | { problems?: OpsEventProblem[] }>(`${OPS_CONSOLE_PREFIX}${path}`, {
      method,
      params,
      headers: { lang: context.langOf(request) },
    });
    response.setHeader("Cache-Control", "private, no-store");
    if (answer.code === 200 && answer.data) return void response.json(answer.data);
    if (answer.code === 422) {
      // The console's problem form; the pointer numbers entries from 1, as the event panel does.
      const problems = ((answer.data as { problems?: OpsEventProblem[] }).problems ?? []).map((problem) => ({
        pointer: `/${problem.field}`,
        message: problem.message,
      }));
      return void response.status(422).json({ error: "invalid", message: answer.message, problems });
    }
    context.refuse(request, response, answer.code === 404 ? "notFound" : answer.code === 400 ? "badRequest" : "unavailable");
  };

  context.router.get(context.local(OPS_EVENT_API.event), (request, response, next) => {
    const specialId = specialIdOf(request.query.specialId);
    if (!specialId) return void context.refuse(request, response, "badRequest");
    relay(request, response, "GET", "/event", { specialId }).catch(next);
  });

  context.router.post(context.local(OPS_EVENT_API.saveEvent), express.json({ limit: "1mb" }), context.publisherOnly, (request, response, next) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const specialId = specialIdOf(body.specialId);
    if (!specialId) return void context.refuse(request, response, "badRequest");
    const parts = Object.fromEntries((["details", "signUp", "guests", "agenda"] as const).filter((key) => key in body).map((key) => [key, body[key]]));
    relay(request, response, "POST", "/event/save", { specialId, by: context.staffName(response), ...parts }).catch(next);
  });
}
