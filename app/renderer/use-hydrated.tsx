import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

const HydratedContext = createContext(false);

/**
 * Whether this browser has hydrated the page, for the whole document: false on the server and while hydrating, then
 * true once. The flip is a transition, so React re-renders what depends on it in slices between frames; a
 * useSyncExternalStore per consumer forced one synchronous re-render of the whole page in the task running the
 * page's first effects (about 20 ms of /home on this machine, 80 ms at Lighthouse's 4× slower phone CPU). The
 * document's `data-hydrated` attribute says when it has happened (tests wait for it).
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/**
 * A part of the page hydrating after the rest (a late widget, ADR 037) says "not yet" to what it holds until it has:
 * its HTML was rendered with false, and a change reaching its waiting boundary would make React render it anew.
 */
export const HydratedUntil = HydratedContext.Provider;

/** false while rendering on the server and hydrating, true afterwards: client-only state waits for it. */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

const ScriptlessContext = createContext(false);

/**
 * A render no browser will run (a console preview, ADR 026 and 089): a part that waits for hydration before showing
 * what the viewer would get (a signed-in member's form) shows it at once, for the preview to look as the page will.
 */
export const ScriptlessRender = ScriptlessContext.Provider;

/** true in a render that goes out without scripts (see ScriptlessRender). */
export function useScriptless(): boolean {
  return useContext(ScriptlessContext);
}
