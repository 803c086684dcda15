import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { DEFAULT_LANG, LANG_COOKIE, LANGUAGES, NAMESPACES, readCookie } from "./config";
import { loadCatalogues } from "./catalogues.server";

export const catalogues = loadCatalogues();

/** The language comes from the `lang` cookie the header toggle writes; the default is zh, whatever the browser says. */
export const [i18nextMiddleware, getLocale, getI18nInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES].reverse(),
    fallbackLanguage: DEFAULT_LANG,
    order: ["custom"],
    findLocale: async (request) => readCookie(request.headers.get("Cookie"), LANG_COOKIE),
  },
  i18next: { resources: catalogues, ns: [...NAMESPACES], defaultNS: "common", interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});
