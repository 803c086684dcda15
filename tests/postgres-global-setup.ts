/**
 * Vitest's global setup: one throwaway PostgreSQL cluster for the run (scripts/postgres-cluster.ts), so the console
 * store's suites run on PostgreSQL as well as SQLite (ADR 052). Each suite makes a database of its own on it.
 * TEST_POSTGRES_PORT moves it off its default port.
 */
import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "../scripts/postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default function setup(project: TestProject) {
  const cluster = startThrowawayPostgres(Number(process.env.TEST_POSTGRES_PORT ?? 55410));
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
