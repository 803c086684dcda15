import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { DEFAULT_LANG, LANGUAGE_QUERY, LANGUAGES, NAMESPACES, isLang } from "@contracts/language";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies";
import { loadCatalogues } from "@contracts/catalogues.server";

export const catalogues = loadCatalogues();

/**
 * The language comes from the `lang` cookie the header toggle writes; the default is zh, whatever the browser says.
 * A `?lang=` query wins over the cookie: it gives each language of a page its own URL, which hreflang links and
 * shared links name (ADR 031).
 */
export const [i18nextMiddleware, getLocale, getI18nInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES].reverse(),
    fallbackLanguage: DEFAULT_LANG,
    order: ["custom"],
    findLocale: async (request) => {
      const asked = new URL(request.url).searchParams.get(LANGUAGE_QUERY);
      return isLang(asked) ? asked : readCookie(request.headers.get("Cookie"), COOKIE_NAMES.lang);
    },
  },
  i18next: { resources: catalogues, ns: [...NAMESPACES], defaultNS: "common", interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});
