/** The cookies the browser writes and the server reads; parsed with the `cookie` package (server and loaders only). */
import { parse } from "cookie";

export { COOKIE_DAYS_DEFAULT, COOKIE_NAMES } from "./cookie-names";

export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  return parse(cookieHeader)[name] ?? null;
}
