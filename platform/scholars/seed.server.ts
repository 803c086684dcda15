import type { Db } from "../kernel/db.server.ts";
import * as queries from "./queries.server.ts";

export type { SeedScholarRow } from "./queries.server.ts";

/**
 * Writes one seeded scholar. The content seed (`platform/content/seed.server.ts`) makes the scholars with the papers,
 * talks and books they are the authors of, from one deterministic generator, so it composes their rows.
 */
export function seedScholar(db: Db, row: queries.SeedScholarRow): void {
  queries.insertScholar(db, row);
}
