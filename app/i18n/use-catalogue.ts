import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_QUERY, type Lang } from "@contracts/language";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies";
import { switchLanguage } from "./switch-language";
import { addPartialBundle, addTrimmedBundle } from "./client-i18n";

type Texts = Record<string, Record<string, unknown>>;

/**
 * Puts the root loader's catalogues into the translator before anything renders, then on each language change:
 * whole namespaces, the few texts of others the page's bindings name (held as partial, so a page needing the
 * whole namespace still fetches it), and the groups of namespaces the page's widgets use only in part (ADR 100: held
 * as enough for this page's widgets, fetched whole when another page or a dialog asks for the namespace).
 */
export function useCatalogue(lang: Lang, resources: Texts, boundTexts: Texts = {}, trimmedTexts: Texts = {}): void {
  const { i18n } = useTranslation();
  const [applied, setApplied] = useState<string | null>(null);
  if (applied !== lang || i18n.language !== lang) {
    for (const [namespace, catalogue] of Object.entries(resources)) {
      // The server's i18next (no backend) counts any namespace as loaded, held or not; the browser's translator
      // holds a namespace the page's bindings named only in part until it has it whole.
      const whole = i18n.hasResourceBundle(lang, namespace) && i18n.hasLoadedNamespace(namespace, { lng: lang });
      if (!whole) i18n.addResourceBundle(lang, namespace, catalogue, true, true);
    }
    for (const [namespace, texts] of Object.entries(trimmedTexts)) addTrimmedBundle(i18n, lang, namespace, texts);
    for (const [namespace, texts] of Object.entries(boundTexts)) {
      if (!i18n.hasLoadedNamespace(namespace, { lng: lang })) addPartialBundle(i18n, lang, namespace, texts);
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
