import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { DEFAULT_LANG, LANGUAGE_QUERY, LANGUAGES, NAMESPACES, isLang, type Lang } from "@contracts/language";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies";
import { loadCatalogues } from "@contracts/catalogues.server";

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
 * reads it, so building one per request (as remix-i18next's middleware does) cost about a tenth of a render's CPU for
 * nothing. Every namespace is held from the start, so nothing adds texts or changes the language during a render.
 */
function createTranslator(lng: Lang): i18n {
  const instance = createInstance({
    resources: catalogues,
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    lng,
    // With every text in `resources` there is nothing to wait for: ready when init() returns.
    initAsync: false,
  });
  void instance.init();
  return instance;
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
