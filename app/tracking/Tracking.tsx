import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router";
import { toLang } from "@contracts/language";
import type { PageView } from "~/pipeline/page-view";

type Tracker = ReturnType<typeof import("./tracker").startTracking>;

/** The widget where a purchase starts: reaching a page that shows it is a purchase start of the page before. */
const CHECKOUT_WIDGET = "order-confirm";

function showsWidget(node: unknown, type: string): boolean {
  if (Array.isArray(node)) return node.some((child) => showsWidget(child, type));
  if (!node || typeof node !== "object") return false;
  return (node as { type?: unknown }).type === type || Object.values(node).some((child) => showsWidget(child, type));
}

/**
 * Page views and widget actions for campaign analytics (ADR 072): the sender is its own small chunk, loaded after
 * hydration with the shell's deferred parts; each client navigation is a page view.
 */
export function Tracking() {
  const location = useLocation();
  const page = useMatches().at(-1)?.loaderData as PageView | undefined;
  // Counted under the config's own path, so a page's aliases add up to it.
  const path = page?.config?.path ?? location.pathname;
  const checkout = showsWidget(page?.config, CHECKOUT_WIDGET);
  const previousPath = useRef<string | null>(null);
  const { i18n } = useTranslation();
  const [tracker, setTracker] = useState<Tracker | null>(null);
  const lang = useRef(i18n.language);
  lang.current = i18n.language;

  useEffect(() => {
    let started: Tracker | null = null;
    let cancelled = false;
    void import("./tracker").then(({ startTracking }) => {
      if (cancelled) return;
      started = startTracking();
      setTracker(started);
    });
    return () => {
      cancelled = true;
      started?.stop();
    };
  }, []);

  useEffect(() => {
    if (!tracker) return;
    // After the new page's widgets are in the document.
    let stopWatching = () => {};
    const cameFrom = previousPath.current;
    previousPath.current = path;
    const frame = requestAnimationFrame(() => {
      stopWatching = tracker.pageView(path, toLang(lang.current));
      if (checkout) tracker.purchaseStart(cameFrom ?? path);
    });
    return () => {
      cancelAnimationFrame(frame);
      stopWatching();
    };
  }, [tracker, path, checkout]);

  return null;
}
