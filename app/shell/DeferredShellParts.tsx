import { lazy, Suspense, useEffect } from "react";
import { preloadDialogs } from "~/dialogs/registry";
import { AudioDock } from "./AudioDock";
import { BackToTop } from "./BackToTop";
import { DialogHost } from "./DialogHost";
import { DwellTime } from "./DwellTime";
import { SessionEffects } from "./SessionEffects";
import { Tracking } from "~/tracking/Tracking";
import { registerOfflineWorker } from "~/offline/register";
import { watchPersonalOwner } from "~/offline/personal";

/** Its own chunk, with its styles: shown only offline, it adds nothing to what the shell's chunk carries. */
const OfflineMark = lazy(() => import("./OfflineMark"));

/** What tells the shell that the reader starts acting on the page, which is when a dialog may be asked for. */
const FIRST_INTERACTION = ["pointerdown", "keydown"] as const;

/**
 * The parts of the shell nothing on screen waits for: the dialog host (no dialog is open in a first paint), the audio dock (its bar shows only once a chapter plays; a
 * chapter asked for sooner waits for its element), the dwell-time socket, the session checks (login state,
 * promotions, the address prompt), back-to-top (hidden until the reader scrolls), the service worker's registration
 * and the offline mark (ADR 046). They are one chunk the shell loads
 * right after hydration, off every page's first load (ADR 028). It stays mounted across client navigations, so
 * playback goes on from page to page. The dialogs' chunks are fetched at the reader's first press or key, a moment
 * before the click that opens one: fetched on idle they were some 28 files and 146 KB parsed right after every load,
 * which a reader who only reads never needs (and Lighthouse counted as blocking time). A dialog the session checks
 * open by themselves loads on demand.
 */
export default function DeferredShellParts() {
  // The service worker (ADR 046) registers from here, after hydration and when idle: no first load waits for it.
  useEffect(() => registerOfflineWorker(), []);
  // The personal offline cache is one person's: another person signing in here starts from an empty one.
  useEffect(() => watchPersonalOwner(), []);

  useEffect(() => {
    const preload = () => {
      for (const event of FIRST_INTERACTION) window.removeEventListener(event, preload, true);
      preloadDialogs();
    };
    for (const event of FIRST_INTERACTION) window.addEventListener(event, preload, { capture: true, passive: true });
    return () => {
      for (const event of FIRST_INTERACTION) window.removeEventListener(event, preload, true);
    };
  }, []);

  return (
    <>
      <DialogHost />
      {/* Its texts (not in the root's data) are fetched once this chunk is in: the dock waits for them here, and
          the session checks, dwell time and dialogs do not wait with it. */}
      <Suspense fallback={null}>
        <AudioDock />
      </Suspense>
      <DwellTime />
      <Tracking />
      <SessionEffects />
      <BackToTop />
      <Suspense fallback={null}>
        <OfflineMark />
      </Suspense>
    </>
  );
}
