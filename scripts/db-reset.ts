/** Deletes the embedded platform's database (DATABASE_FILE or data/platform.sqlite) and creates it again, seeded. */
import { rmSync } from "node:fs";
import { readServerEnv } from "@server/env.server.ts";
import { createEmbeddedPlatform } from "@platform/index.server.ts";

const env = readServerEnv();
for (const suffix of ["", "-wal", "-shm"]) rmSync(env.databaseFile + suffix, { force: true });
const platform = createEmbeddedPlatform({ file: env.databaseFile, log: (line) => console.log(line) });
platform.close();
