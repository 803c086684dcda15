import { loadCatalogues } from "@contracts/catalogues.server.ts";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { toLang, type Lang } from "@contracts/language.ts";

/** What the language is read from: a request's headers (an ApiContext has them). */
type Caller = { headers: Headers };

const catalogues = loadCatalogues();

/** The caller's language: the lang cookie (same origin), a lang header (apps), else zh. */
export function languageOf(context: Caller): Lang {
  return toLang(context.headers.get("lang") ?? readCookie(context.headers.get("cookie"), COOKIE_NAMES.lang));
}

/** A message from the catalogues by "namespace:key", in the caller's language. */
export function translate(context: Caller, key: string): string {
  const [namespace, path] = key.split(":");
  let current: unknown = catalogues[languageOf(context)][namespace];
  for (const part of path.split(".")) current = (current as Record<string, unknown> | undefined)?.[part];
  return typeof current === "string" ? current : key;
}

/** zh or en text picked for the caller, for server messages the catalogues do not hold. */
export function say(context: Caller, zh: string, en: string): string {
  return languageOf(context) === "en" ? en : zh;
}
