import { serialize } from "cookie";
import { COOKIE_DAYS_DEFAULT, COOKIE_NAMES } from "@contracts/cookies.ts";

/** How long the browser keeps a session cookie: the spec's default of 11 days; the platform may end the session sooner. */
const SESSION_DAYS = COOKIE_DAYS_DEFAULT;

/** The token's cookie: HttpOnly so no script (nor an injected one) can read it, SameSite so other sites never send it. */
export function sessionCookie(token: string, secure: boolean): string {
  return serialize(COOKIE_NAMES.token, token, { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: SESSION_DAYS * 86_400 });
}

export function endedSessionCookie(secure: boolean): string {
  return serialize(COOKIE_NAMES.token, "", { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: 0 });
}

interface SessionAnswer {
  data?: { token?: unknown };
  datas?: { map?: { token?: unknown } };
}

/**
 * The platform hands a new session's token to the caller in the answer body (`data.token` for logins,
 * `datas.map.token` for phone binding, spec §7). The browser must never see it: it is taken out of the body and
 * becomes the HttpOnly cookie instead. Bodies without the word "token" are passed through unparsed.
 */
export function takeSessionToken(body: Buffer, contentType: string | null): { body: Buffer; token: string | null } {
  if (!contentType?.includes("application/json") || !body.includes('"token"')) return { body, token: null };
  let answer: SessionAnswer;
  try {
    answer = JSON.parse(body.toString("utf8")) as SessionAnswer;
  } catch {
    return { body, token: null };
  }
  const holder = answer.data && typeof answer.data.token === "string" ? answer.data : answer.datas?.map;
  if (!holder || typeof holder.token !== "string" || !holder.token) return { body, token: null };
  const token = holder.token;
  delete holder.token;
  return { body: Buffer.from(JSON.stringify(answer)), token };
}
