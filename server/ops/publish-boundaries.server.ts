import type { PageConfig } from "@schemas/generated/page-config.ts";
import type { SchedulerClock } from "./store/scheduled-publishes.server.ts";

/**
 * Publish boundaries (ADR 093): a page config's own window (`publish.from`, `publish.until`) changes the page's public
 * HTML when a moment passes, with no publish to announce it — before `from` the page is a notice, after `until` it may
 * be closed. Every node drops its own renders of the page then, and one node tells the CDN: the first to claim the
 * boundary in the console's store (a row per page and moment), so however many nodes and ticks see it pass, the CDN
 * is told once.
 */

/** The longest a node sleeps between looks; a publish wakes it at once (rearm), so this only bounds a missed one. */
export const BOUNDARY_LOOK_MS = 60_000;

/** How far back a node that starts looks for boundaries no node saw pass (all were down): a day, the longest stale time. */
export const BOUNDARY_CATCH_UP_MS = 24 * 3_600_000;

type WindowedConfig = Pick<PageConfig, "path" | "aliases" | "publish">;

interface Boundary {
  path: string;
  /** The page's own path and its aliases: what is dropped and purged. */
  paths: string[];
  at: number;
  /** The moment as the store keeps it (UTC ISO), one claim per page and moment. */
  moment: string;
}

/** The moments a config's window opens and closes, as instants. */
export function boundariesOf(config: WindowedConfig): Boundary[] {
  const paths = [config.path, ...(config.aliases ?? [])];
  return [config.publish?.from, config.publish?.until]
    .map((text) => (text ? Date.parse(text) : Number.NaN))
    .filter((at) => Number.isFinite(at))
    .map((at) => ({ path: config.path, paths, at, moment: new Date(at).toISOString() }));
}

/** Each valid live config once (a page's aliases resolve to the same config). */
export function liveConfigs(pages: { paths(): string[]; resolve(path: string): { status: string; config?: PageConfig } | null }): PageConfig[] {
  const configs = new Map<string, PageConfig>();
  for (const path of pages.paths()) {
    const entry = pages.resolve(path);
    if (entry?.status === "valid" && entry.config) configs.set(entry.config.path, entry.config);
  }
  return [...configs.values()];
}

export interface BoundaryWatchOptions {
  /** The node's live configs, read at each look. */
  configs: () => Iterable<WindowedConfig>;
  /** True for the one node that claims this page's moment first (ADR 093, ops_boundary_purges). */
  claim: (path: string, moment: string, at: Date) => Promise<boolean>;
  /** Drops this node's renders of these paths. */
  dropRenders: (paths: string[]) => void;
  /** The CDN purge (CDN_PURGE_URL), or null when there is no CDN to tell. */
  purge: ((paths: string[], what: string) => Promise<boolean>) | null;
  clock: SchedulerClock;
  log: (line: string) => void;
  catchUpMs?: number;
}

/**
 * This node's watch: it sleeps until the next boundary of a live config (at most BOUNDARY_LOOK_MS), handles every
 * boundary passed since its last look, and arms again. `rearm` is called when the live set changes.
 */
export function startBoundaryWatch(options: BoundaryWatchOptions) {
  let seenUntil = options.clock.now().getTime() - (options.catchUpMs ?? BOUNDARY_CATCH_UP_MS);
  let timer: unknown = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const passed = async (boundary: Boundary, at: Date) => {
    options.dropRenders(boundary.paths);
    if (!options.purge || !(await options.claim(boundary.path, boundary.moment, at))) return;
    await options.purge(boundary.paths, `${boundary.path} at its publish boundary ${boundary.moment}`);
  };
  const look = async () => {
    const at = options.clock.now();
    const due = [...options.configs()].flatMap(boundariesOf).filter((boundary) => boundary.at > seenUntil && boundary.at <= at.getTime());
    seenUntil = at.getTime();
    for (const boundary of due) {
      try {
        await passed(boundary, at);
      } catch (error) {
        options.log(`publish boundary of ${boundary.path} at ${boundary.moment}: ${(error as Error).message}`);
      }
    }
    arm();
  };
  const arm = () => {
    if (stopped) return;
    const now = options.clock.now().getTime();
    const ahead = [...options.configs()].flatMap(boundariesOf).filter((boundary) => boundary.at > now);
    const next = ahead.length ? Math.min(...ahead.map((boundary) => boundary.at)) - now : BOUNDARY_LOOK_MS;
    if (timer !== null) options.clock.clearTimer(timer);
    timer = options.clock.setTimer(
      () => {
        timer = null;
        running = running.then(look);
      },
      Math.min(next, BOUNDARY_LOOK_MS),
    );
  };

  running = running.then(look);
  return {
    rearm: () => {
      running = running.then(arm);
      return running;
    },
    /** Resolves once the looks started so far are done. */
    settled: () => running,
    stop: () => {
      stopped = true;
      if (timer !== null) options.clock.clearTimer(timer);
    },
  };
}

export type BoundaryWatch = ReturnType<typeof startBoundaryWatch>;
