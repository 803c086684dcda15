/**
 * Every platform call the browser makes by name (ADR 069): the one way widgets, dialogs and hooks call the platform.
 * Each path has a contract in contracts/api/, whose generated type (`ApiAnswers`) types the call's answer, and one in
 * contracts/requests/, whose type (`ApiRequests`) types what the call sends (ADR 104); a path without both does not compile. Pure data, so the contract recorder reads it on the server too (app/api/all-calls.ts).
 * The session's call lives here, since the shell makes it on every page; every other group is a module of its own in
 * app/api/groups/, imported by the code that calls it, so a page's first load carries only the groups it uses (ADR 098).
 */
import type { ApiAnswers } from "@contracts/generated/api";
import type { ApiRequests } from "@contracts/generated/requests";
import { type CallDefinition, defineCalls } from "./api-client";

/** A platform path with an answer contract and a request contract. */
export type ApiPath = keyof ApiAnswers & keyof ApiRequests;

/** A named call whose answer is typed by its path's contract. */
export type NamedCall<P extends ApiPath = ApiPath> = CallDefinition & { path: P };

/** The answer of a named call, for types derived from it: `AnswerOf<typeof scholarCalls.getAuthor>["change"]`. */
export type AnswerOf<C> = C extends NamedCall<infer P> ? ApiAnswers[P] : never;

/** What a named call sends: `RequestOf<typeof orderCalls.cancel>` is `{ orderNo: string }`. */
export type RequestOf<C> = C extends NamedCall<infer P> ? ApiRequests[P] : never;

/** The paths whose request contract requires nothing: only their calls may leave the parameters out. */
export type ParameterlessPath = { [P in ApiPath]: Record<string, never> extends ApiRequests[P] ? P : never }[ApiPath];

/** Declares a group of named calls (each name once across groups, spec §8). */
export function calls<T extends Record<string, NamedCall>>(group: T): T {
  return defineCalls(group);
}

/** The signed-in person's own record: the shell reads it on every page (app/account/class-session.ts). */
export const sessionCalls = calls({
  userInfo: { path: "/web/getUserInfoWithToken", method: "GET" },
});
