import type { IncomingMessage } from "node:http";
import type { Accounts } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import type { ApiContext } from "../kernel/router.server.ts";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";

/** The platform's request context for a socket: the session is the HttpOnly cookie the browser sent with the upgrade. */
export function socketContext(db: Db, request: IncomingMessage, now: () => Date): ApiContext {
  const headers = new Headers();
  if (request.headers.cookie) headers.set("cookie", request.headers.cookie);
  return { db, params: {}, headers, token: readCookie(request.headers.cookie, COOKIE_NAMES.token), ip: request.socket.remoteAddress ?? "", now };
}

/** The user a token belongs to, or null for no token, an ended session or a disabled account. */
export function userOf(accounts: Accounts, context: ApiContext) {
  if (!context.token) return null;
  const who = accounts.current(context);
  return "user" in who ? who.user : null;
}
