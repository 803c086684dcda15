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

/** The store's path list changes only when a config is added or removed: each list is packed once. */
const packedLists = new WeakMap<readonly string[], string>();

/** Longest shared beginning one entry of the packed list can say (a single base-36 digit). */
const MAX_SHARED = 35;

/**
 * The served paths as one short string for the root's loader data: sorted, each entry written as how many characters
 * it shares with the one before (one base-36 digit) and the rest, entries joined by ",". Page paths are short
 * camelCase words with long shared beginnings (/bookAudioDetail, /bookAudioList, …): about half the bytes of a list
 * of strings in the serialized data. Paths hold no ",".
 */
export function packPagePaths(paths: readonly string[]): string {
  const known = packedLists.get(paths);
  if (known !== undefined) return known;
  let previous = "";
  const entries: string[] = [];
  for (const path of [...paths].sort()) {
    let shared = 0;
    while (shared < MAX_SHARED && shared < previous.length && shared < path.length && previous[shared] === path[shared]) shared++;
    entries.push(shared.toString(36) + path.slice(shared));
    previous = path;
  }
  const packed = entries.join(",");
  packedLists.set(paths, packed);
  return packed;
}

/** The last list unpacked: every render of the server unpacks the same one (the root's useMemo lasts one render there). */
let lastUnpacked: { packed: string; paths: ReadonlySet<string> } | null = null;

export function unpackPagePaths(packed: string): ReadonlySet<string> {
  if (lastUnpacked?.packed === packed) return lastUnpacked.paths;
  const paths = new Set<string>();
  let previous = "";
  for (const entry of packed ? packed.split(",") : []) {
    previous = previous.slice(0, Number.parseInt(entry[0], 36)) + entry.slice(1);
    paths.add(previous);
  }
  lastUnpacked = { packed, paths };
  return paths;
}
