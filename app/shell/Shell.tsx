import type { ReactNode } from "react";
import { useMatches } from "react-router";
import type { PageView } from "~/pipeline/page-view";
import { deferredComponent, useDeferredComponent } from "~/renderer/deferred-component";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { Toasts } from "./Toasts";
import { NavigationEffects } from "./NavigationEffects";

const deferredShellParts = deferredComponent(() => import("./DeferredShellParts"));

/**
 * Header, footer and the dialog host around every page; the header is hidden inside the native apps. What no first
 * paint needs (the dialog host, the audio dock, dwell time, session checks, back-to-top) loads after hydration
 * (DeferredShellParts).
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
