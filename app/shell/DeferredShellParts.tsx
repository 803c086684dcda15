import { useEffect } from "react";
import { preloadDialogs } from "~/dialogs/registry";
import { AudioDock } from "./AudioDock";
import { BackToTop } from "./BackToTop";
import { DwellTime } from "./DwellTime";
import { SessionEffects } from "./SessionEffects";

/** How long the browser may wait for an idle moment before the dialogs are fetched anyway. */
const DIALOG_PRELOAD_TIMEOUT_MS = 3000;

/**
 * The parts of the shell nothing on screen waits for: the audio dock (its bar shows only once a chapter plays; a
 * chapter asked for sooner waits for its element), the dwell-time socket, the session checks (login state,
 * promotions, the address prompt), back-to-top (hidden until the reader scrolls). They are one chunk the shell loads
 * right after hydration, off every page's first load (ADR 028). It stays mounted across client navigations, so
 * playback goes on from page to page. Once the browser is idle the dialogs are fetched
 * too, so a dialog opens as soon as it is asked for.
 */
export default function DeferredShellParts() {
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(preloadDialogs, { timeout: DIALOG_PRELOAD_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(preloadDialogs, DIALOG_PRELOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      <AudioDock />
      <DwellTime />
      <SessionEffects />
      <BackToTop />
    </>
  );
}
