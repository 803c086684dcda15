import { join, dirname } from "node:path";
import { createConsoleStore, type ConsoleStore, type ConsoleStoreOptions } from "./console-store.server.ts";
import { listenForPublishes, type PublishListener } from "./live-push.server.ts";
import { s3MediaBucket, type MediaBucketConfig } from "./media-bucket.server.ts";
import { openPostgresEngine } from "./postgres-engine.server.ts";
import { openSqliteEngine } from "./sqlite-engine.server.ts";
import { startScheduler, type Scheduler, type SchedulerClock } from "./scheduled-publishes.server.ts";
import { startBoundaryWatch, type BoundaryWatch, type BoundaryWatchOptions } from "../publish-boundaries.server.ts";

export interface ConsoleStoreLocation {
  /** postgres://… (CONSOLE_DATABASE_URL): the shared engine for many nodes. */
  databaseUrl?: string | null;
  /** Otherwise this SQLite file (CONSOLE_DATABASE_FILE; by default console.sqlite beside the platform's file). */
  file: string;
  /** The embedded platform's file, whose console tables (before ADR 052) a new SQLite store takes once. */
  legacyPlatformFile?: string;
  /** The S3-compatible bucket for the media library's images (MEDIA_S3_*, ADR 093); otherwise they are in the store. */
  mediaBucket?: MediaBucketConfig | null;
}

/** Where the embedded engine keeps the store when nothing else is said: next to the embedded platform's file. */
export function defaultConsoleFile(platformFile: string): string {
  return join(dirname(platformFile), "console.sqlite");
}

/** Opens the console's store on the engine its location names, migrated (ADR 052). */
export async function openConsoleStore(location: ConsoleStoreLocation, options: ConsoleStoreOptions & { log?: (line: string) => void }): Promise<ConsoleStore> {
  const engine = location.databaseUrl
    ? await openPostgresEngine(location.databaseUrl, { log: options.log })
    : openSqliteEngine(location.file, { legacyPlatformFile: location.legacyPlatformFile });
  return createConsoleStore(engine, { ...options, mediaBucket: location.mediaBucket ? s3MediaBucket(location.mediaBucket) : options.mediaBucket });
}

/**
 * How this node hears of publishes (ADR 053): on PostgreSQL, pushed (LISTEN/NOTIFY, with catch-up on reconnect); on
 * SQLite, one node reads the counter every pollMs, which costs one indexed row read.
 */
export function watchPublishes(store: ConsoleStore, onChange: () => void, log: (line: string) => void): PublishListener | null {
  const engine = store.engine;
  if (engine.kind !== "postgres") return null;
  return "url" in engine && typeof engine.url === "string" ? listenForPublishes(engine.url, onChange, log) : null;
}

export type { ConsoleStore } from "./console-store.server.ts";

/** Timers that do not keep the process alive, on this clock. */
const nodeClock = (now: () => Date): SchedulerClock => ({
  now,
  setTimer: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout),
});

/** This node's timer for scheduled publishes (ADR 072), on the real clock. */
export function startScheduledPublishes(store: ConsoleStore, now: () => Date, log: (line: string) => void): Scheduler {
  return startScheduler(store.scheduled, nodeClock(now), log);
}

/** This node's watch of its live configs' publish windows (ADR 093), claiming each purge in the store. */
export function startPublishBoundaryWatch(
  store: ConsoleStore,
  options: Pick<BoundaryWatchOptions, "configs" | "dropRenders" | "purge" | "log"> & { now: () => Date },
): BoundaryWatch {
  return startBoundaryWatch({ ...options, claim: store.claimBoundary, clock: nodeClock(options.now) });
}
