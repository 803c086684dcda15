/** The cookies the browser writes and the server reads, parsed and written with the `cookie` package. */
import { parse, serialize } from "cookie";

export const COOKIE_NAMES = { token: "token", lang: "lang" } as const;

export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  return parse(cookieHeader)[name] ?? null;
}

/** A Set-Cookie / document.cookie line: site-wide, SameSite=Lax; a null value expires the cookie. */
export function cookieLine(name: string, value: string | null, options: { days: number; secure: boolean }): string {
  return serialize(name, value ?? "", {
    path: "/",
    sameSite: "lax",
    secure: options.secure,
    expires: value === null ? new Date(0) : new Date(Date.now() + options.days * 86_400_000),
  });
}
