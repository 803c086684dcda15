import { TRACKING_BATCH_URL, TRACKING_CHANNEL_ID, TRACKING_MAX_EVENTS, type TrackedAction, type TrackedEvent } from "@contracts/ops-library";
import { ensureDeviceId } from "~/browser/storage";

/**
 * The tracking sender (spec §7 /buryingPoint/buryingPoint, ADR 072): page views and the widget actions that matter are
 * queued in memory and sent as one batch with sendBeacon when the page is hidden (or the queue is full). sendBeacon
 * hands the request to the browser, so no page ever waits for it, and it is still sent as the page goes away.
 */

const queue: TrackedAction[] = [];
let lang: "zh" | "en" = "zh";

/** Sends what is queued, in batches of at most TRACKING_MAX_EVENTS. */
export function flushTracking(): void {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") {
    queue.length = 0;
    return;
  }
  const deviceId = ensureDeviceId();
  while (queue.length) {
    const events = queue.splice(0, TRACKING_MAX_EVENTS);
    // A string goes as text/plain: the one type a beacon may carry without a preflight.
    navigator.sendBeacon(TRACKING_BATCH_URL, JSON.stringify({ deviceId, channelId: TRACKING_CHANNEL_ID, lang, events }));
  }
}

/** Queues one action on the page being read (sign-up, purchase start, or a widget's impression or click). */
export function trackAction(eventType: TrackedEvent, dataCode = "", path = window.location.pathname): void {
  queue.push({ eventType, path, dataCode });
  if (queue.length >= TRACKING_MAX_EVENTS) flushTracking();
}

/** A widget's name in the counts: its type and its place in the page (`event-banner@0.2`). */
const widgetCode = (element: Element) => `${element.getAttribute("data-widget")}@${element.getAttribute("data-node")}`.slice(0, 64);

/**
 * Starts the sender: flushes when the page is hidden, counts a click on any widget (by delegation: nothing per
 * widget) and answers a function that records a page view and watches that page's widgets for their first impression.
 */
export function startTracking(): { pageView(path: string, pageLang: "zh" | "en"): () => void; purchaseStart(path: string): void; stop(): void } {
  const onHidden = () => {
    if (document.visibilityState === "hidden") flushTracking();
  };
  const onClick = (event: MouseEvent) => {
    const widget = (event.target as Element | null)?.closest?.("[data-widget][data-node]");
    if (widget) trackAction("click", widgetCode(widget));
  };
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", flushTracking);
  document.addEventListener("click", onClick, { capture: true, passive: true });

  const pageView = (path: string, pageLang: "zh" | "en") => {
    lang = pageLang;
    trackAction("pageView", "", path);
    if (typeof IntersectionObserver === "undefined") return () => {};
    // Half a widget on screen is an impression, once per page view.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          trackAction("impression", widgetCode(entry.target), path);
        }
      },
      { threshold: 0.5 },
    );
    for (const widget of document.querySelectorAll(".site-main [data-widget][data-node]")) observer.observe(widget);
    return () => observer.disconnect();
  };

  return {
    pageView,
    purchaseStart: (path: string) => trackAction("purchaseStart", "", path),
    stop: () => {
      flushTracking();
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", flushTracking);
      document.removeEventListener("click", onClick, { capture: true });
    },
  };
}
