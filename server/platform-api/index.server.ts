import { openDatabase, type Db } from "./db.server.ts";
import { createRouter, type PlatformApi } from "./router.server.ts";
import { contentRoutes } from "./content.server.ts";
import { isSeeded, seedDatabase } from "./seed.server.ts";

export interface EmbeddedPlatform {
  api: PlatformApi;
  db: Db;
  close(): void;
}

/** The embedded platform API: SQLite (created and seeded on first start) behind the spec's paths. */
export function createEmbeddedPlatform(options: { file: string; now?: () => Date; log?: (line: string) => void }): EmbeddedPlatform {
  const db = openDatabase(options.file);
  if (!isSeeded(db)) {
    const counts = seedDatabase(db, options.now?.() ?? new Date());
    options.log?.(`seeded ${options.file}: ${Object.entries(counts).map(([kind, count]) => `${count} ${kind}`).join(", ")}`);
  }
  const api = createRouter(db, [...contentRoutes()], options.now);
  return { api, db, close: () => db.close() };
}
