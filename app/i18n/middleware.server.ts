import type { i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { DEFAULT_LANG, LANGUAGE_QUERY, LANGUAGES, NAMESPACES, isLang, type Lang } from "@contracts/language";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies";
import { loadCatalogues } from "@contracts/catalogues.server";
import { createClientI18n } from "./client-i18n";

export const catalogues = loadCatalogues();

/**
 * The language comes from the `lang` cookie the header toggle writes; the default is zh, whatever the browser says.
 * A `?lang=` query wins over the cookie: it gives each language of a page its own URL, which hreflang links and
 * shared links name (ADR 031).
 */
const languageDetector = new LanguageDetector({
  supportedLanguages: [...LANGUAGES].reverse(),
  fallbackLanguage: DEFAULT_LANG,
  order: ["custom"],
  findLocale: async (request) => {
    const asked = new URL(request.url).searchParams.get(LANGUAGE_QUERY);
    return isLang(asked) ? asked : readCookie(request.headers.get("Cookie"), COOKIE_NAMES.lang);
  },
});

/**
 * One translator per language, built once and shared by every request in that language (ADR 035): a render only
 * reads it. It is the browser's translator (ADR 028) holding every namespace of its language, so the server writes
 * each text exactly as hydration expects it; i18next did the same work at twice the cost of a render's texts (ADR 038),
 * and tests/unit/client-i18n.test.ts holds the two to the same text for every key of every catalogue.
 */
function createTranslator(lng: Lang): i18n {
  const translator = createClientI18n(lng, "common", {
    fetch: (lang, namespace) => Promise.reject(new Error(`the server's translator holds every catalogue; asked for ${lang}/${namespace}`)),
  });
  for (const namespace of NAMESPACES) translator.addResourceBundle(lng, namespace, catalogues[lng][namespace]);
  return translator;
}

const translators = Object.fromEntries(LANGUAGES.map((lng) => [lng, createTranslator(lng)])) as Record<Lang, i18n>;

const localeContext = createContext<Lang>();

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const detected = await languageDetector.detect(request);
  context.set(localeContext, isLang(detected) ? detected : DEFAULT_LANG);
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): Lang {
  return context.get(localeContext);
}

export function getI18nInstance(context: Readonly<RouterContextProvider>): i18n {
  return translators[getLocale(context)];
}

/** The server's translator for a language, as a render gets it. */
export function serverTranslator(lang: Lang): i18n {
  return translators[lang];
}
