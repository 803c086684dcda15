import { useStore } from "@nanostores/react";
import type { SessionUser } from "@contracts/gate";
import { $user } from "~/stores/session";
import { usePage } from "./page-context";
import { useHydrated } from "./use-hydrated";

/** The viewer as WidgetFrame sees them: the server's user until hydration, then this browser's session. */
export function useViewer(): SessionUser | null {
  const hydrated = useHydrated();
  const user = useStore($user);
  const page = usePage();
  return hydrated ? user : page.view.user;
}
