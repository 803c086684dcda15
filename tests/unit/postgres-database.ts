import { inject } from "vitest";
import pg from "pg";

/** The console store's engines every store suite runs on (ADR 052). */
export const CONSOLE_ENGINES = ["sqlite", "postgres"] as const;
export type ConsoleEngineKind = (typeof CONSOLE_ENGINES)[number];

/** A new, empty database on the run's throwaway cluster (tests/postgres-global-setup.ts); its URL. */
export async function freshPostgresDatabase(name: string): Promise<string> {
  const url = inject("postgresUrl");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/[^/]*$/, `/${name}`);
}
