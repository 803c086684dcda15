import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** false while rendering on the server and hydrating, true afterwards: client-only state waits for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
