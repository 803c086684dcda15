import { useRouteLoaderData } from "react-router";

/**
 * Whether a config serves a path, from the root loader's list. Links the app itself builds (the membership page of a
 * VIP gate, the address list of the VIP prompt) are left out while their page does not exist: never a dead end.
 */
export function useHasPage(): (path: string) => boolean {
  const paths = (useRouteLoaderData("root") as { pagePaths?: string[] } | undefined)?.pagePaths ?? [];
  return (path) => paths.includes(path);
}
