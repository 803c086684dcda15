import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { formatMoment } from "~/format/dates";
import { askServedFromCopy } from "~/offline/served-from-copy";
import type { PageView } from "~/pipeline/page-view";
import { toLang } from "@contracts/language";
import "./offline-mark.css";

/** True while the browser is offline, or when the worker answered this page from its kept copy. */
function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  const [fromCopy, setFromCopy] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    let current = true;
    void askServedFromCopy().then((value) => current && setFromCopy(value));
    return () => {
      current = false;
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline || fromCopy;
}

/**
 * "Offline, last updated …" (ADR 046): when the page is read without a network, says so and when the page's content
 * was rendered (its server time, in Beijing time), so a programme read at the venue is never taken for a live one.
 */
export default function OfflineMark() {
  const { t, i18n } = useTranslation("offline");
  const page = useMatches().at(-1)?.loaderData as PageView | undefined;
  const offline = useOffline();
  if (!offline) return null;
  const updated = page?.serverNow ? formatMoment(page.serverNow, toLang(i18n.language)) : "";
  return (
    <div className="offline-mark" role="status" data-testid="offline-mark">
      <strong>{t("mark")}</strong>
      {updated && <span>{t("lastUpdated", { time: updated })}</span>}
    </div>
  );
}
