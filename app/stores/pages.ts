import { atom } from "nanostores";

/**
 * The paths that have a page config, from the root loader. Links the app itself builds (the membership page of a VIP
 * gate, the address list of the VIP prompt) are left out while their page does not exist: never a dead end.
 */
export const $pagePaths = atom<ReadonlySet<string>>(new Set());

export function hasPage(path: string): boolean {
  return $pagePaths.get().has(path);
}

/** Keeps the store in step with the root loader's list; the same for every viewer, so safe to set while rendering. */
export function usePagePaths(paths: string[]): void {
  if ($pagePaths.get().size !== paths.length || paths.some((path) => !$pagePaths.get().has(path))) $pagePaths.set(new Set(paths));
}
