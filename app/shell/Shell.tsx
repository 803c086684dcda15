import type { ReactNode } from "react";
import { useMatches } from "react-router";
import type { PageView } from "~/pipeline/page-view";
import { deferredComponent, useDeferredComponent } from "~/renderer/deferred-component";
import { browserI18n } from "~/i18n/browser-i18n";
import { loadNamespacesIn } from "~/i18n/client-i18n";
import { DEFERRED_SHELL_NAMESPACES } from "~/i18n/shell-namespaces";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { Toasts } from "./Toasts";
import { NavigationEffects } from "./NavigationEffects";

/** The deferred parts' texts in `lang` (the shown one when not given); the root's client loader fetches them before a language switch renders. */
export function loadDeferredShellTexts(lang?: string): Promise<void> {
  const i18n = browserI18n();
  return loadNamespacesIn(i18n, lang ?? i18n.language, DEFERRED_SHELL_NAMESPACES);
}

const deferredShellParts = deferredComponent(async () => {
  const parts = await import("./DeferredShellParts");
  // Once the chunk is in (its fetch alone decides when the session checks run), without holding the parts back:
  // only the audio dock reads these, and it waits for them in its own boundary (see DeferredShellParts).
  loadDeferredShellTexts().catch(() => undefined);
  return parts;
});

/**
 * Header, footer and the dialog host around every page; the header is hidden inside the native apps. What no first
 * paint needs (the dialog host, the audio dock, dwell time, session checks, back-to-top) loads after hydration
 * (DeferredShellParts), with the catalogue namespaces only they read.
 */
export function Shell({ siteName, appType, children }: { siteName: string; appType: string; children: ReactNode }) {
  const page = useMatches().at(-1)?.loaderData as PageView | undefined;
  const layout = page?.config?.layout;
  const showHeader = appType === "" && layout?.header !== false;
  const showFooter = layout?.footer !== false;
  const DeferredShellParts = useDeferredComponent(deferredShellParts);
  return (
    <>
      <NavigationEffects />
      {showHeader && <Header siteName={siteName} />}
      <main className="site-main">{children}</main>
      {showFooter && <Footer />}
      <Toasts />
      {DeferredShellParts && <DeferredShellParts />}
    </>
  );
}
