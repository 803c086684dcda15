/**
 * The console's one client of /ops/api (contracts/ops.ts): plain JSON answers, not the platform's envelope, so the
 * site's API client does not apply. A 401 means the staff session ended: the console goes to its login page, which
 * brings the operator back here (what they typed is kept by the editor's local copy).
 */
import { OPS_PAGES, SESSION_ENDED_QUERY, type OpsErrorAnswer } from "@contracts/ops";
import { safeInternalPath } from "~/routing/routing";

export type OpsResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: OpsErrorAnswer };

type Query = Record<string, string | number | undefined>;

/** The answer a request gets when it never reached the server (offline, server restarting). */
const UNREACHABLE: OpsErrorAnswer = { error: "unavailable", message: "" };

let onSessionEnded: (() => void) | null = null;

/** The console's layout says what happens when a call answers 401 (navigate to the login page). */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  onSessionEnded = handler;
}

function withQuery(route: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${route}?${text}` : route;
}

async function call<T>(method: "GET" | "POST", route: string, options: { query?: Query; body?: unknown } = {}): Promise<OpsResult<T>> {
  let response: Response;
  try {
    response = await fetch(withQuery(route, options.query), {
      method,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(options.body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    return { ok: false, status: 0, error: UNREACHABLE };
  }
  if (response.status === 204) return { ok: true, status: 204, data: undefined as T };
  const answer = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, status: response.status, data: answer as T };
  const error = answer && typeof answer === "object" && "error" in answer ? (answer as OpsErrorAnswer) : UNREACHABLE;
  if (response.status === 401 && error.error === "unauthenticated") onSessionEnded?.();
  return { ok: false, status: response.status, error };
}

export const opsGet = <T>(route: string, query?: Query) => call<T>("GET", route, { query });
export const opsPost = <T>(route: string, body?: unknown) => call<T>("POST", route, { body: body ?? {} });

/** Where the login page sends the operator back to: a console page only, never another site or a script URL. */
export function consolePath(next: string | null | undefined): string {
  const path = safeInternalPath(next, OPS_PAGES.home);
  if (!/^\/ops(?:[/?#]|$)/.test(path) || path.startsWith(OPS_PAGES.login)) return OPS_PAGES.home;
  return path;
}

/** The login page, remembering where the operator was, and saying the session ended when it did. */
export function loginPathFrom(current: string, ended = true): string {
  return `${OPS_PAGES.login}?next=${encodeURIComponent(consolePath(current))}${ended ? `&${SESSION_ENDED_QUERY}=1` : ""}`;
}
