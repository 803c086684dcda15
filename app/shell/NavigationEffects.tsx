import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { ensureDeviceId, rememberLinkNo, STORAGE_KEYS, writeStorage } from "~/browser/storage";
import { detectAppType } from "@contracts/app-type";
import { resetPlayFlags } from "~/stores/media";
import { hydrateSession } from "~/stores/session";
import { adoptClassRender } from "~/account/class-session";
import { keepScroll, keptScroll } from "~/stores/keep-alive";
import type { PageView } from "~/pipeline/page-view";

function pageView(matches: ReturnType<typeof useMatches>): PageView | undefined {
  return matches.at(-1)?.loaderData as PageView | undefined;
}

/**
 * What happens on every path change (spec §2): the previous page and its query are stored, play flags reset,
 * and the window scrolls to the top, except on kept-alive pages, which get their scroll position back.
 */
export function NavigationEffects() {
  const location = useLocation();
  const matches = useMatches();
  const previous = useRef<{ pathname: string; search: string; keepAlive: boolean } | null>(null);
  const view = pageView(matches);
  const keepAlive = Boolean(view?.config?.keepAlive);

  useEffect(() => {
    writeStorage(STORAGE_KEYS.appType, detectAppType(navigator.userAgent));
    ensureDeviceId();
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  }, []);

  // The server read the session cookie for every page it loaded: whoever it names is the session from now on (a page
  // rendered for the viewer's class names only a stand-in for them, ADR 083).
  useEffect(() => {
    if (view?.forClass && view.user) adoptClassRender(view.user);
    else if (view) hydrateSession(view.user);
  }, [view]);

  useEffect(() => {
    const before = previous.current;
    if (before && before.pathname !== location.pathname) {
      writeStorage(STORAGE_KEYS.fromPage, before.pathname);
      writeStorage(STORAGE_KEYS.fromQuery, before.search.replace(/^\?/, ""));
    }
    if (!before || before.pathname !== location.pathname) resetPlayFlags(location.pathname);
    rememberLinkNo(location.search);
    const restored = keepAlive ? keptScroll(location.pathname + location.search) : null;
    const samePageState = before?.pathname === location.pathname && (location.state as { keepScroll?: boolean } | null)?.keepScroll;
    // The first run follows the document load, where the browser has placed the page already: scrolling again
    // here would throw a reader who started scrolling before hydration back to the top.
    if (before && !samePageState) window.scrollTo(0, restored ?? 0);
    previous.current = { pathname: location.pathname, search: location.search, keepAlive };
  }, [location.key]);

  useEffect(() => {
    if (!keepAlive) return;
    const key = location.pathname + location.search;
    // Only while this page is the one in the address bar: when the next page replaces it, the browser clamps the
    // scroll to the (often shorter) new document before this listener is removed, which must not count.
    const onScroll = () => {
      if (window.location.pathname + window.location.search === key) keepScroll(key, window.scrollY);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [keepAlive, location.pathname, location.search]);

  return null;
}
