import pg from "pg";
import { migrationsOf, type SqlEngine, type SqlRunner, type SqlTransaction } from "./sql-engine.server.ts";

/** The key of the advisory lock the migrations run under (an arbitrary constant: "cons" in ASCII). */
const MIGRATION_LOCK = 0x636f6e73;

/** BIGINT columns (epoch milliseconds, versions, ids, counts) read as numbers: every value the store keeps is < 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `?` placeholders, as the store writes them, numbered as PostgreSQL wants them. */
function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

function runnerOf(client: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    all: async <Row>(sql: string, params: readonly unknown[] = []) => (await client.query(numbered(sql), params as unknown[])).rows as Row[],
    get: async <Row>(sql: string, params: readonly unknown[] = []) => (await client.query(numbered(sql), params as unknown[])).rows[0] as Row | undefined,
    run: async (sql: string, params: readonly unknown[] = []) => (await client.query(numbered(sql), params as unknown[])).rowCount ?? 0,
  };
}

export interface PostgresEngine extends SqlEngine {
  readonly url: string;
  readonly pool: pg.Pool;
}

/**
 * The shared engine (ADR 052): PostgreSQL through `pg`'s pool. The migrations run at start under a session advisory
 * lock, so nodes starting together apply each once, in turn.
 */
export async function openPostgresEngine(url: string, options: { poolSize?: number; log?: (line: string) => void } = {}): Promise<PostgresEngine> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types, connectionTimeoutMillis: 10_000 });
  // An idle client the server dropped must not take the process down: the pool makes a new one at the next call.
  pool.on("error", (error) => options.log?.(`console store (PostgreSQL): idle connection lost: ${error.message}`));
  await migrate(pool);
  return {
    kind: "postgres",
    url,
    pool,
    ...runnerOf(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const tx: SqlTransaction = {
          ...runnerOf(client),
          lock: async (key) => {
            await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [key]);
          },
        };
        const result = await work(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query("CREATE TABLE IF NOT EXISTS console_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
    const applied = new Set((await client.query<{ name: string }>("SELECT name FROM console_migrations")).rows.map((row) => row.name));
    for (const migration of migrationsOf("postgres")) {
      if (applied.has(migration.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query("INSERT INTO console_migrations (name) VALUES ($1)", [migration.name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`console store migration ${migration.name} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
