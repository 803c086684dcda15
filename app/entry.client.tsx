import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANG, NAMESPACES } from "~/i18n/config";

/** Resources arrive with the root loader's data (see root.tsx), so nothing is fetched before hydration. */
i18next.use(initReactI18next).init({
  lng: document.documentElement.lang || DEFAULT_LANG,
  fallbackLng: false,
  ns: [...NAMESPACES],
  defaultNS: "common",
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
});

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
