import type { Lang } from "@contracts/language";
import { COOKIE_NAMES } from "@contracts/cookie-names";
import { setCookie, STORAGE_KEYS, writeStorage } from "~/browser/storage";

/** Remembers the viewer's language for this browser and for the server's next render (the caller revalidates). */
export function switchLanguage(next: Lang): void {
  writeStorage(STORAGE_KEYS.lang, next);
  setCookie(COOKIE_NAMES.lang, next, 365);
}
