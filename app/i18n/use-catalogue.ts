import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_QUERY, type Lang } from "@contracts/language";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies";
import { switchLanguage } from "./switch-language";

/** Puts the root loader's catalogue into i18next before anything renders, then on each language change. */
export function useCatalogue(lang: Lang, resources: Record<string, Record<string, unknown>>): void {
  const { i18n } = useTranslation();
  const [applied, setApplied] = useState<string | null>(null);
  if (applied !== lang || i18n.language !== lang) {
    for (const [namespace, catalogue] of Object.entries(resources)) {
      if (!i18n.hasResourceBundle(lang, namespace)) i18n.addResourceBundle(lang, namespace, catalogue, true, true);
    }
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    if (applied !== lang) setApplied(lang);
  }
  // A page opened at its ?lang= URL (a search result, a shared link) keeps that language for the pages after it:
  // client navigations and the next visit carry the cookie, as after a tap on the header toggle.
  useEffect(() => {
    const named = new URLSearchParams(window.location.search).get(LANGUAGE_QUERY);
    if (named === lang && readCookie(document.cookie, COOKIE_NAMES.lang) !== lang) switchLanguage(lang);
  }, [lang]);
}
