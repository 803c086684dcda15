import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import "./states.css";

/** A navigation quicker than this needs no sign; a slower one shows the bar, so a tapped link is seen to work. */
export const PROGRESS_DELAY_MS = 300;

/**
 * The thin bar at the top while React Router loads the next page (or a form's answer) for longer than
 * PROGRESS_DELAY_MS. Indeterminate: the loader's progress is unknown. Without motion when the person asks for less.
 */
export function NavigationProgress() {
  const { t } = useTranslation("common");
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return (
    <div className="navigation-progress" role="progressbar" aria-label={t("state.navigating")} aria-busy="true">
      <span className="navigation-progress-bar" />
    </div>
  );
}
