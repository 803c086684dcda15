import Database from "better-sqlite3";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { migrationsOf, type SqlEngine, type SqlRunner, type SqlTransaction } from "./sql-engine.server.ts";

/**
 * The embedded engine (ADR 052): a SQLite file of the console's own (WAL, one writer at a time). better-sqlite3 is
 * synchronous, but the store's transactions are async functions: a queue makes every call of this process wait for the
 * transaction in progress, so no statement of another request lands inside it. The queue is the file's, shared by
 * every connection this process opens on it: a second connection's BEGIN would otherwise wait on SQLite's lock with the
 * event loop blocked, so the first could never finish. Other processes on the same file wait on SQLite's own lock
 * (BEGIN IMMEDIATE, busy timeout).
 */
/** The last call queued on each file by this process. */
const queues = new Map<string | symbol, Promise<unknown>>();

export function openSqliteEngine(file: string, options: { legacyPlatformFile?: string } = {}): SqlEngine {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 10000");
  migrate(db);
  if (options.legacyPlatformFile) importFromEmbeddedPlatform(db, options.legacyPlatformFile);

  const runner: SqlRunner = {
    all: async <Row>(sql: string, params: readonly unknown[] = []) => db.prepare(sql).all(...params) as Row[],
    get: async <Row>(sql: string, params: readonly unknown[] = []) => db.prepare(sql).get(...params) as Row | undefined,
    run: async (sql: string, params: readonly unknown[] = []) => db.prepare(sql).run(...params).changes,
  };
  const transaction: SqlTransaction = { ...runner, lock: async () => {} };

  const key = file === ":memory:" ? Symbol(file) : resolve(file);
  const exclusive = <Result>(work: () => Promise<Result>): Promise<Result> => {
    const turn = (queues.get(key) ?? Promise.resolve()).then(work, work);
    queues.set(
      key,
      turn.catch(() => undefined),
    );
    return turn;
  };

  return {
    kind: "sqlite",
    all: (sql, params) => exclusive(() => runner.all(sql, params)),
    get: (sql, params) => exclusive(() => runner.get(sql, params)),
    run: (sql, params) => exclusive(() => runner.run(sql, params)),
    transaction: (work) =>
      exclusive(async () => {
        db.exec("BEGIN IMMEDIATE");
        try {
          const result = await work(transaction);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw error;
        }
      }),
    close: async () => {
      await exclusive(async () => {
        db.pragma("wal_checkpoint(TRUNCATE)");
        db.close();
      });
    },
  };
}

/** Applies the pending migrations, each in one immediate transaction, so processes starting together take turns. */
function migrate(db: Database.Database): void {
  db.exec("CREATE TABLE IF NOT EXISTS console_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
  for (const migration of migrationsOf("sqlite")) {
    db.transaction(() => {
      if (db.prepare("SELECT 1 FROM console_migrations WHERE name = ?").get(migration.name)) return;
      db.exec(migration.sql);
      db.prepare("INSERT INTO console_migrations (name, applied_at) VALUES (?, ?)").run(migration.name, new Date().toISOString());
    }).immediate();
  }
}

/** The console's tables the embedded platform's file held before the store moved (platform migration 022). */
const LEGACY_TABLES = ["ops_staff", "ops_sessions", "ops_login_failures", "ops_audit", "ops_page_versions", "ops_drafts"];

/**
 * Once, on a store that has never imported: takes the staff, sessions, audit log, versions and drafts the embedded
 * platform's file kept (before ADR 052), so a developer's accounts and unpublished drafts survive the move.
 */
function importFromEmbeddedPlatform(db: Database.Database, platformFile: string): void {
  if (!existsSync(platformFile) || db.prepare("SELECT 1 FROM console_migrations WHERE name = 'import-embedded-platform'").get()) return;
  // ATTACH is refused inside a transaction: attached first, detached after the commit.
  db.prepare("ATTACH DATABASE ? AS legacy").run(platformFile);
  try {
    db.transaction(() => {
      if (db.prepare("SELECT 1 FROM console_migrations WHERE name = 'import-embedded-platform'").get()) return;
      db.prepare("INSERT INTO console_migrations (name, applied_at) VALUES ('import-embedded-platform', ?)").run(new Date().toISOString());
      const present = new Set((db.prepare("SELECT name FROM legacy.sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
      if (!present.has("ops_live_counter")) return;
      for (const table of LEGACY_TABLES) {
        if (!present.has(table)) continue;
        // By the legacy table's own columns: later migrations added columns (with defaults) it never had.
        const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}', 'legacy')`).all() as { name: string }[]).map((row) => row.name).join(", ");
        db.exec(`INSERT OR IGNORE INTO main.${table} (${columns}) SELECT ${columns} FROM legacy.${table}`);
      }
      db.exec("UPDATE main.ops_live_counter SET value = (SELECT value FROM legacy.ops_live_counter WHERE id = 1) WHERE id = 1");
    }).immediate();
  } finally {
    db.exec("DETACH DATABASE legacy");
  }
}
