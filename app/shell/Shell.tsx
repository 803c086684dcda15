import type { ReactNode } from "react";
import { useMatches } from "react-router";
import type { PageView } from "~/pipeline/page-view";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { BackToTop } from "./BackToTop";
import { DialogHost, Toasts } from "./DialogHost";
import { NavigationEffects } from "./NavigationEffects";
import { DwellTime } from "./DwellTime";
import { SessionEffects } from "./SessionEffects";
import { AudioDock } from "./AudioDock";

/** Header, footer, back-to-top, the audio dock and the dialog host around every page; the header is hidden inside the native apps. */
export function Shell({ siteName, appType, children }: { siteName: string; appType: string; children: ReactNode }) {
  const page = useMatches().at(-1)?.loaderData as PageView | undefined;
  const layout = page?.config?.layout;
  const showHeader = appType === "" && layout?.header !== false;
  const showFooter = layout?.footer !== false;
  return (
    <>
      <NavigationEffects />
      <DwellTime />
      <SessionEffects />
      {showHeader && <Header siteName={siteName} />}
      <main className="site-main">{children}</main>
      {showFooter && <Footer />}
      <BackToTop />
      <AudioDock />
      <DialogHost />
      <Toasts />
    </>
  );
}
