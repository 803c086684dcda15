import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import { OPS_API, OPS_PAGES, PASSWORD_LINK_QUERY, type OpsErrorAnswer, type OpsErrorCode, type OpsPasswordLinkAnswer } from "@contracts/ops.ts";
import type { ConsoleStore } from "./store/index.server.ts";
import type { PasswordLink } from "./store/staff-admin.server.ts";

type Extra = Pick<OpsErrorAnswer, "problem" | "field">;

export interface StaffRoutesOptions {
  router: Router;
  /** A route of OPS_API as the API router sees it. */
  local: (url: string) => string;
  store: ConsoleStore;
  now: () => Date;
  publicOrigin: string;
  /** The ops_session token the gate found (staff routes only). */
  sessionOf: (response: Response) => string;
  refuse: (request: Request, response: Response, code: OpsErrorCode, extra?: Extra) => void;
  /** Where the server's messages go (the link is printed there too, like the platform's outbox). */
  log: (line: string) => void;
}

const CODE_OF: Record<number, OpsErrorCode> = { 400: "badRequest", 401: "unauthenticated", 403: "forbidden", 404: "notFound", 409: "conflict", 410: "gone" };

/** Calls the store and answers its data, or its refusal in the console's words with the problem and field it named. */
function relay(options: StaffRoutesOptions, method: "GET" | "POST", path: string, params: (request: Request) => Record<string, unknown>, withSession: boolean) {
  return (answer: (data: unknown, response: Response) => void): RequestHandler =>
    (request, response, next) => {
      const call = { params: params(request), session: withSession ? options.sessionOf(response) : undefined, ip: request.ip, at: options.now() };
      options.store
        .call(method, path, call)
        .then((result) => {
          response.setHeader("Cache-Control", "no-store");
          if (result.code === 200) answer(result.data, response);
          else {
            const data = (result.data ?? {}) as Extra;
            options.refuse(request, response, CODE_OF[result.code] ?? "unavailable", { problem: data.problem, field: data.field });
          }
        })
        .catch(next);
    };
}

const bodyOf = (request: Request) => (request.body ?? {}) as Record<string, unknown>;

/** The open calls of a one-time link: who it is for, and setting the password through it (before the staff gate). */
export function passwordLinkRoutes(options: StaffRoutesOptions): void {
  const { router, local } = options;
  const json = express.json({ limit: "10kb" });
  const token = (request: Request) => ({ token: typeof request.query[PASSWORD_LINK_QUERY] === "string" ? request.query[PASSWORD_LINK_QUERY] : "" });
  router.get(
    local(OPS_API.passwordLink),
    relay(options, "GET", "/password", token, false)((data, response) => void response.json(data)),
  );
  router.post(
    local(OPS_API.setPassword),
    json,
    relay(options, "POST", "/password", bodyOf, false)((_data, response) => void response.status(204).end()),
  );
}

/** An admin's calls over staff (ADR 078), behind the gate; the store refuses anyone else and audits the refusal. */
export function staffAdminRoutes(options: StaffRoutesOptions): void {
  const { router, local } = options;
  const json = express.json({ limit: "10kb" });
  const linkAnswer = (data: unknown, response: Response) => {
    const link = data as PasswordLink;
    const url = `${options.publicOrigin}${OPS_PAGES.password}?${PASSWORD_LINK_QUERY}=${link.token}`;
    options.log(`outbox: console password link (${link.purpose}) for ${link.username}, until ${link.expiresAt}: ${url}`);
    response.json({ username: link.username, purpose: link.purpose, url, expiresAt: link.expiresAt } satisfies OpsPasswordLinkAnswer);
  };
  router.get(
    local(OPS_API.staff),
    relay(options, "GET", "/staff", () => ({}), true)((data, response) => void response.json(data)),
  );
  router.post(local(OPS_API.addStaff), json, relay(options, "POST", "/staff/add", bodyOf, true)(linkAnswer));
  router.post(local(OPS_API.resetStaff), json, relay(options, "POST", "/staff/reset", bodyOf, true)(linkAnswer));
  const done = (_data: unknown, response: Response) => void response.status(204).end();
  router.post(local(OPS_API.staffRole), json, relay(options, "POST", "/staff/role", bodyOf, true)(done));
  router.post(local(OPS_API.disableStaff), json, relay(options, "POST", "/staff/disable", bodyOf, true)(done));
}
