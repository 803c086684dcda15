import type { Db } from "./kernel/db.server.ts";
import { isContentSeeded, seedContent } from "./content/seed.server.ts";
import { isEngagementSeeded, seedEngagement } from "./content/engagement-seed.server.ts";
import { seedLive } from "./live/seed.server.ts";
import { seedRobot } from "./robot/seed.server.ts";
import { seedSpecials } from "./specials/index.server.ts";
import { seedShop } from "./shop/seed.server.ts";
import { seedPoints } from "./points/index.server.ts";
import { seedAudioBooks } from "./audio-books/seed.server.ts";
import { seedMembership } from "./membership/index.server.ts";
import { seedLuckyDraw } from "./lucky-draw/index.server.ts";
import { seedVoting } from "./voting/index.server.ts";
import { seedQa } from "./qa/seed.server.ts";
import { seedJobs } from "./jobs/index.server.ts";
import { seedEssays } from "./essays/seed.server.ts";
import { seedCircle } from "./circle/seed.server.ts";

/**
 * The seeder: each area seeds its own rows from the data files in `seed/`, in this order (later areas read what
 * earlier ones wrote: the content's items and scholars first). Each area leaves a database that has its rows as it is,
 * so starting on a seeded database adds only what a newer area brings. Times count from `now`; `reportCounts` hears
 * how many items of each kind and scholars a new database got.
 */
export function seedPlatform(db: Db, now: () => Date, uploadsDir: string, reportCounts?: (counts: string) => void): void {
  if (!isContentSeeded(db)) {
    const counts = seedContent(db, now());
    reportCounts?.(
      `${Object.entries(counts)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(", ")}`,
    );
  }
  seedLive(db, now());
  seedRobot(db, now());
  if (!isEngagementSeeded(db)) seedEngagement(db, now());
  for (const seedArea of [seedSpecials, seedShop, seedPoints, seedAudioBooks, seedMembership, seedLuckyDraw, seedVoting, seedQa, seedJobs, seedEssays])
    seedArea(db, now());
  seedCircle(db, now(), uploadsDir);
}
