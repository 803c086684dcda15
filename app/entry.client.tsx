import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { browserI18n } from "~/i18n/browser-i18n";
import { loadWidgetComponents } from "~/renderer/widget-components";
import { installErrorReports } from "~/browser/report-error";

installErrorReports();

/** The page's catalogues arrive with the root loader's data (see root.tsx), so nothing is fetched before hydration. */
const i18n = browserI18n();

/**
 * The widgets the server rendered are loaded before hydrating, as a client navigation loads them before rendering:
 * a lazy widget still suspended while hydrating loses its server HTML to a skeleton at the first update (the
 * page's clock, the session), so the page would flash from content to skeletons and back.
 */
const renderedWidgets = [
  ...new Set(
    Array.from(document.querySelectorAll<HTMLElement>("[data-widget]"))
      // A widget hydrating late (ADR 037) fetches its code as hydration reaches it: the page does not wait for it.
      .filter((element) => !element.closest('[data-hydrate="late"]'))
      .map((element) => element.dataset.widget ?? ""),
  ),
];

/**
 * The server modulepreloads the page's widget chunks; importing them runs their widget modules, which register
 * themselves (browserWidgetModules in vite.chunks.ts), so the registry of every widget is fetched only if one is still missing.
 */
const preloadedModules = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => link.href);

void Promise.all(preloadedModules.map((href) => import(/* @vite-ignore */ href)))
  .then(() => loadWidgetComponents(renderedWidgets))
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18n}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>,
      );
    }),
  );
