import { readdirSync, readFileSync, watch, type FSWatcher } from "node:fs";
import { basename, join } from "node:path";
import type { PageConfig } from "@schemas/generated/page-config.ts";
import { checkPageConfig } from "./config-check.server.ts";
import type { Catalogues } from "@contracts/catalogues.server.ts";
import type { PageConfigStore, PageEntry } from "~/services.ts";

export const NOT_FOUND_PATH = "/404";

/** Every page config of a folder, each checked on its own: one broken file takes down only its own paths. */
export function loadPageEntries(directory: string, catalogues: Catalogues): Map<string, PageEntry> {
  const entries = new Map<string, PageEntry>();
  const files = readdirSync(directory)
    .filter((name) => name.endsWith(".json"))
    .sort();
  for (const name of files) {
    const file = join(directory, name);
    const fallbackPath = `/${basename(name, ".json")}`;
    const { config, problems } = checkPageConfig(readFileSync(file, "utf8"), catalogues);
    // A config whose path does not match its file name (say, a copy whose path was not changed) answers only at its
    // file's own path, so it never takes over, or takes down, the page it claims.
    const matchesFile = config !== null && config.path === fallbackPath;
    const paths = matchesFile ? [config.path, ...(config.aliases ?? [])] : [fallbackPath];
    if (config && !matchesFile) {
      problems.push({ pointer: "/path", message: `path "${config.path}" must match the file name (${name} serves ${fallbackPath})` });
    }
    for (const path of paths) {
      const taken = entries.get(path);
      if (taken) problems.push({ pointer: "/path", message: `path "${path}" is already served by ${basename(taken.file)}` });
    }
    const entry: PageEntry = config && problems.length === 0 ? { status: "valid", file, config } : { status: "invalid", file, path: fallbackPath, problems };
    for (const path of paths) if (!entries.has(path)) entries.set(path, entry);
  }
  return entries;
}

const BUILT_IN_NOT_FOUND: PageConfig = {
  path: NOT_FOUND_PATH,
  title: { zh: "页面不存在", en: "Page not found" },
  status: 404,
  widgets: [],
};

/** The paths (and aliases) a valid config serves: what a link may point at. The not-found page is served at none. */
export function servedPaths(entries: Map<string, PageEntry>): string[] {
  return [...entries.entries()].filter(([path, entry]) => entry.status === "valid" && path !== NOT_FOUND_PATH).map(([path]) => path);
}

export function createPageConfigStore(options: {
  directory: string;
  catalogues: Catalogues;
  watchForChanges: boolean;
  log?: (line: string) => void;
}): PageConfigStore & { close(): void } {
  const log = options.log ?? ((line: string) => console.log(line));
  let entries = new Map<string, PageEntry>();
  let paths: string[] = [];

  const reload = () => {
    entries = loadPageEntries(options.directory, options.catalogues);
    paths = servedPaths(entries);
    const invalid = new Set([...entries.values()].filter((entry) => entry.status === "invalid"));
    for (const entry of invalid) {
      if (entry.status !== "invalid") continue;
      log(`page config ${basename(entry.file)} is invalid; ${entry.path} answers with an error page:`);
      for (const problem of entry.problems) log(`  ${entry.path} ${problem.pointer}: ${problem.message}`);
    }
  };
  reload();

  let watcher: FSWatcher | null = null;
  if (options.watchForChanges) {
    let timer: NodeJS.Timeout | undefined;
    watcher = watch(options.directory, () => {
      clearTimeout(timer);
      timer = setTimeout(reload, 50);
    });
  }

  return {
    resolve(pathname) {
      return entries.get(pathname) ?? null;
    },
    paths() {
      return paths;
    },
    notFound() {
      const entry = entries.get(NOT_FOUND_PATH);
      return entry?.status === "valid" ? entry.config : BUILT_IN_NOT_FOUND;
    },
    close() {
      watcher?.close();
    },
  };
}
