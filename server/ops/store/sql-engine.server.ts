import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What the console's store needs of a database (ADR 052): statements with `?` placeholders, transactions, and a lock on
 * a key inside one. The store's SQL is written once in the dialect both engines speak (ON CONFLICT, RETURNING, CASE);
 * only the migrations are written per engine.
 */
export interface SqlRunner {
  all<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  get<Row>(sql: string, params?: readonly unknown[]): Promise<Row | undefined>;
  /** The number of rows the statement changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

export interface SqlTransaction extends SqlRunner {
  /**
   * Holds `key` until the transaction ends, so writers of one page take turns (PostgreSQL: an advisory lock; SQLite's
   * transactions already hold the one writer lock).
   */
  lock(key: string): Promise<void>;
}

export interface SqlEngine extends SqlRunner {
  readonly kind: "sqlite" | "postgres";
  /** Runs work in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<Result>(work: (tx: SqlTransaction) => Promise<Result>): Promise<Result>;
  close(): Promise<void>;
}

export interface Migration {
  name: string;
  sql: string;
}

/** The engine's migrations (migrations/<engine>/NNN-*.sql), in order. */
export function migrationsOf(kind: SqlEngine["kind"]): Migration[] {
  const folder = join(import.meta.dirname, "migrations", kind);
  return readdirSync(folder)
    .filter((name) => /^\d{3}-.*\.sql$/.test(name))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(folder, name), "utf8") }));
}
