import { createContext, useContext } from "react";

/** The paths the page configs serve, from the root loader; provided by the root. */
export const PagePathsContext = createContext<ReadonlySet<string> | null>(null);

/**
 * Whether a config serves a path. Links the app builds (the membership page of a VIP gate, the address list of the VIP
 * prompt, an item of the platform's whose screen is not built yet) are left out while their page does not exist: never
 * a dead end. Outside the root (no list), every path counts as served.
 */
export function useHasPage(): (path: string) => boolean {
  const paths = useContext(PagePathsContext);
  return (path) => paths === null || paths.has(path);
}
