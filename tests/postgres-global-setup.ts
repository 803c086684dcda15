/**
 * Vitest's global setup: one throwaway PostgreSQL cluster for the run (scripts/postgres-cluster.ts), so the console
 * store's suites run on PostgreSQL as well as SQLite (ADR 052). Each suite makes a database of its own on it.
 * It listens on TEST_POSTGRES_PORT, else on a port the system finds free, so runs side by side do not collide.
 */
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "../scripts/postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const cluster = startThrowawayPostgres(process.env.TEST_POSTGRES_PORT ? Number(process.env.TEST_POSTGRES_PORT) : await freePort());
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
