import { type ReactNode, Suspense } from "react";
import { useMatches } from "react-router";
import type { PageView } from "~/pipeline/page-view";
import { deferredComponent, useDeferredComponent } from "~/renderer/deferred-component";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { Toasts } from "./Toasts";
import { NavigationEffects } from "./NavigationEffects";

const deferredShellModule = () => import("./DeferredShellParts");
/** The deferred parts render once their chunk and their texts are in (their namespaces are not in the root's data). */
const deferredShellParts = deferredComponent(async () => {
  const parts = await deferredShellModule();
  await parts.loadDeferredShellTexts();
  return parts;
});

/** The deferred parts' texts in `lang`, for the root's client loader to fetch before a language switch renders. */
export function loadDeferredShellTexts(lang: string): Promise<void> {
  return deferredShellModule().then((parts) => parts.loadDeferredShellTexts(lang));
}

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
      {DeferredShellParts && (
        // Their texts are fetched before they mount and before a language switch renders; should that fetch fail
        // (offline), the part that needs them waits here, hidden, instead of showing keys, and retries.
        <Suspense fallback={null}>
          <DeferredShellParts />
        </Suspense>
      )}
    </>
  );
}
