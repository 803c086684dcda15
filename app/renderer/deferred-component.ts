import { type ComponentType, useEffect, useState } from "react";

/** A component in a chunk of its own, and the component once that chunk has arrived. */
export interface DeferredComponent<Props> {
  load(): Promise<ComponentType<Props>>;
  loaded: ComponentType<Props> | null;
}

export function deferredComponent<Props>(importer: () => Promise<{ default: ComponentType<Props> }>): DeferredComponent<Props> {
  const entry: DeferredComponent<Props> = {
    loaded: null,
    load: async () => {
      entry.loaded ??= (await importer()).default;
      return entry.loaded;
    },
  };
  return entry;
}

/**
 * The component of a chunk fetched after hydration (ADR 028), or null until it has arrived; once loaded it renders at
 * once on every later page. Unlike React.lazy nothing suspends: the server and hydration render nothing here, and no
 * Suspense boundary waits on React's retry timers (which a paused test clock would hold).
 */
export function useDeferredComponent<Props>(entry: DeferredComponent<Props>, wanted = true): ComponentType<Props> | null {
  // Null while hydrating (no chunk has arrived yet on a fresh page), so the server's HTML matches.
  const [component, setComponent] = useState<ComponentType<Props> | null>(() => entry.loaded);
  useEffect(() => {
    if (!wanted || component) return;
    let mounted = true;
    entry.load().then(
      (loaded) => mounted && setComponent(() => loaded),
      // An unreachable chunk (offline, a deploy replaced it) leaves the page as rendered; the next page tries again.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [entry, wanted, component]);
  return wanted ? component : null;
}
