import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANG, NAMESPACES } from "@contracts/language";
import { loadWidgetComponents } from "~/renderer/widget-components";

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

/**
 * The widgets the server rendered are loaded before hydrating, as a client navigation loads them before rendering:
 * a lazy widget still suspended while hydrating loses its server HTML to a skeleton at the first update (the
 * page's clock, the session), so the page would flash from content to skeletons and back.
 */
const renderedWidgets = [...new Set(Array.from(document.querySelectorAll<HTMLElement>("[data-widget]"), (element) => element.dataset.widget ?? ""))];

void loadWidgetComponents(renderedWidgets)
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>,
      );
    }),
  );
