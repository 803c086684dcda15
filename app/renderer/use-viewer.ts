import { useStore } from "@nanostores/react";
import type { SessionUser } from "@contracts/gate";
import { $user } from "~/stores/session";
import { usePage } from "./page-context";
import { useHydrated } from "./use-hydrated";

/** The viewer the server rendered for until hydration, then this browser's session: the one rule, so HTML matches. */
export function useViewerAfter(serverUser: SessionUser | null): SessionUser | null {
  const hydrated = useHydrated();
  const user = useStore($user);
  return hydrated ? user : serverUser;
}

/** The viewer of the current page (see useViewerAfter). */
export function useViewer(): SessionUser | null {
  return useViewerAfter(usePage().view.user);
}
