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

/** A config version the console's store serves as live (ADR 026, 052). */
export interface LivePage {
  path: string;
  version: number;
  text: string;
}

/** Where the live set comes from: the counter alone while it is the one the store holds, else every live version. */
export type LiveSource = (after: number | null) => Promise<{ counter: number; pages?: LivePage[] }>;

/**
 * The live set over the repository's entries: each live version (checked like a file) takes its path and aliases, never
 * another live page's own path (the console checks this before a publish; the store holds it whatever reaches it); a
 * repository entry stays only where no live version is, which is how a file that fails the schema (never taken into
 * the store) still answers with its error page, and how the repository is served while the store cannot be reached.
 */
export function mergeLivePages(
  repository: Map<string, PageEntry>,
  live: LivePage[],
  catalogues: Catalogues,
  /** Checks of versions already seen (by path@version): a swap checks only the versions that changed (ADR 053). */
  checked: Map<string, ReturnType<typeof checkPageConfig>> = new Map(),
): Map<string, PageEntry> {
  const entries = new Map<string, PageEntry>();
  const sorted = [...live].sort((a, b) => a.path.localeCompare(b.path));
  // A live page's own path is its own: no other version takes it as its path or an alias, whichever sorts first.
  const ownPaths = new Set(sorted.map((page) => page.path));
  for (const page of sorted) {
    const file = `store:${page.path}@v${page.version}`;
    const check = checked.get(file) ?? checkPageConfig(page.text, catalogues);
    checked.set(file, check);
    const config = check.config;
    const problems = [...check.problems];
    if (config && config.path !== page.path) problems.push({ pointer: "/path", message: `path must be ${page.path}` });
    const paths = config ? [config.path, ...(config.aliases ?? [])] : [page.path];
    for (const path of paths) {
      const taken = entries.get(path);
      if (taken) problems.push({ pointer: "/path", message: `path "${path}" is already served by ${taken.file}` });
      else if (path !== page.path && ownPaths.has(path)) problems.push({ pointer: "/aliases", message: `path "${path}" is another live page's own` });
    }
    const entry: PageEntry = config && problems.length === 0 ? { status: "valid", file, config } : { status: "invalid", file, path: page.path, problems };
    for (const path of new Set([page.path, ...paths])) {
      if (!entries.has(path) && (path === page.path || !ownPaths.has(path))) entries.set(path, entry);
    }
  }
  const livePaths = new Set(live.map((page) => page.path));
  for (const [path, entry] of repository) {
    const owner = entry.status === "valid" ? entry.config.path : entry.path;
    if (!livePaths.has(owner) && !entries.has(path)) entries.set(path, entry);
  }
  return entries;
}

export interface ServerPageConfigStore extends PageConfigStore {
  /** Reads the live set now (the poll does this every pollMs); resolves once the answer is in place. */
  refresh(): Promise<void>;
  /** Whether the last read of the live set reached the console's store (always true without one). */
  reachable(): boolean;
  close(): void;
}

export function createPageConfigStore(options: {
  directory: string;
  catalogues: Catalogues;
  watchForChanges: boolean;
  log?: (line: string) => void;
  /** The console's store; without it the repository folder alone is served. */
  live?: LiveSource;
  pollMs?: number;
  /** Called when a repository file changes (development); the live set is read again once what it returns settles. */
  onRepositoryChange?: () => unknown;
  /** Called after a changed live set was swapped in (not for the first one). */
  onLiveChange?: () => void;
}): ServerPageConfigStore {
  const log = options.log ?? ((line: string) => console.log(line));
  let repository = new Map<string, PageEntry>();
  let livePages: LivePage[] = [];
  let counter: number | null = null;
  let entries = new Map<string, PageEntry>();
  let paths: string[] = [];

  // One assignment each: a render reads either the old map or the new one, never half of each.
  let checkedVersions = new Map<string, ReturnType<typeof checkPageConfig>>();
  const rebuild = () => {
    const checks = new Map<string, ReturnType<typeof checkPageConfig>>();
    for (const page of livePages) {
      const file = `store:${page.path}@v${page.version}`;
      const seen = checkedVersions.get(file);
      if (seen) checks.set(file, seen);
    }
    const next = mergeLivePages(repository, livePages, options.catalogues, checks);
    checkedVersions = checks;
    paths = servedPaths(next);
    entries = next;
  };

  const reloadRepository = () => {
    repository = loadPageEntries(options.directory, options.catalogues);
    const invalid = new Set([...repository.values()].filter((entry) => entry.status === "invalid"));
    for (const entry of invalid) {
      if (entry.status !== "invalid") continue;
      log(`page config ${basename(entry.file)} is invalid; ${entry.path} answers with an error page:`);
      for (const problem of entry.problems) log(`  ${entry.path} ${problem.pointer}: ${problem.message}`);
    }
    rebuild();
  };
  reloadRepository();

  let reading: Promise<void> | null = null;
  /** A read asked for while one is running: it starts when that one ends, so a change committed meanwhile is seen. */
  let followUp: Promise<void> | null = null;
  let unreachable = false;
  const refresh = (): Promise<void> => {
    if (!options.live) return Promise.resolve();
    if (reading) {
      followUp ??= reading.then(() => {
        followUp = null;
        return refresh();
      });
      return followUp;
    }
    reading = options
      .live(counter)
      .then((answer) => {
        if (unreachable) log("page-config store reachable again");
        unreachable = false;
        if (answer.pages) {
          livePages = answer.pages;
          rebuild();
          if (counter !== null) options.onLiveChange?.();
        }
        counter = answer.counter;
      })
      .catch((error: unknown) => {
        if (!unreachable) log(`page-config store unreachable, serving the last live set: ${(error as Error).message}`);
        unreachable = true;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const poll = options.live ? setInterval(() => void refresh(), options.pollMs ?? 1000) : null;
  poll?.unref();

  let watcher: FSWatcher | null = null;
  if (options.watchForChanges) {
    let timer: NodeJS.Timeout | undefined;
    watcher = watch(options.directory, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        reloadRepository();
        void Promise.resolve(options.onRepositoryChange?.())
          .catch((error: unknown) => log(`page configs not taken into the store: ${(error as Error).message}`))
          .finally(() => void refresh());
      }, 50);
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
    refresh,
    reachable: () => !options.live || (counter !== null && !unreachable),
    close() {
      if (poll) clearInterval(poll);
      watcher?.close();
    },
  };
}
