import type { i18n as I18n } from "i18next";
import { toLang } from "@contracts/language";
import { createClientI18n } from "./client-i18n";

let instance: I18n | undefined;

/** The browser's one translator: the one the app renders with, and the one a client navigation loads texts into. */
export function browserI18n(): I18n {
  instance ??= createClientI18n(toLang(document.documentElement.lang), "common");
  return instance;
}

/**
 * Fetches the namespaces of the current language the translator does not hold yet. A language switch needs none of
 * this: the root's data of the new language brings the namespaces of the page it revalidates.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return browserI18n()
    .loadNamespaces([...namespaces])
    .then(() => undefined);
}
