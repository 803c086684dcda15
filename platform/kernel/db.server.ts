import Database from "better-sqlite3";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export type Db = Database.Database;

const MIGRATIONS_DIR = join(import.meta.dirname, "..", "migrations");

/** Opens (creating when new) the platform database in WAL mode and applies pending migrations in order. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  startTransactionsImmediate(db);
  migrate(db);
  return db;
}

/**
 * Every `db.transaction(...)` begins IMMEDIATE (it takes the write lock at BEGIN, waiting up to the busy timeout).
 * A DEFERRED transaction that reads and then writes fails at once with SQLITE_BUSY, no waiting, when another
 * connection wrote in between — which several processes on one file (ADR 027) make an everyday event. One process
 * alone sees no difference: its connection is the only writer. Nested calls stay savepoints, as before.
 */
function startTransactionsImmediate(db: Db): void {
  const begin = db.transaction.bind(db);
  db.transaction = ((fn: Parameters<Db["transaction"]>[0]) => {
    const transaction = begin(fn);
    return Object.assign((...args: unknown[]) => transaction.immediate(...args), {
      default: transaction.immediate,
      deferred: transaction.deferred,
      immediate: transaction.immediate,
      exclusive: transaction.exclusive,
      database: db,
    });
  }) as Db["transaction"];
}

/**
 * Runs `work` (opening, migrating and seeding the database) while no other process does the same with this file: two
 * nodes that start at once on one file (the local stand-in for one shared platform, ADR 027) take turns, and the
 * second finds every migration applied and every seed in place. The lock is an exclusive transaction on a small side
 * file, held by a connection of its own; the operating system drops it if the process dies holding it.
 */
export function withStartupLock<T>(file: string, work: () => T): T {
  if (file === ":memory:") return work();
  mkdirSync(dirname(file), { recursive: true });
  const lock = new Database(`${file}.startup-lock`);
  try {
    // A first start seeds for several seconds on a busy machine; the other node waits for it.
    lock.pragma("busy_timeout = 120000");
    lock.exec("BEGIN EXCLUSIVE");
    try {
      return work();
    } finally {
      lock.exec("COMMIT");
    }
  } finally {
    lock.close();
  }
}

export function migrate(db: Db): string[] {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
  const applied = new Set(db.prepare("SELECT name FROM schema_migrations").pluck().all() as string[]);
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql") && !applied.has(name))
    .sort();
  // SQLite's way to rebuild a table (to change a CHECK): references off while it runs, then checked before commit.
  const enforced = db.pragma("foreign_keys", { simple: true }) === 1;
  db.pragma("foreign_keys = OFF");
  try {
    for (const name of pending) {
      const sql = readFileSync(join(MIGRATIONS_DIR, name), "utf8");
      db.transaction(() => {
        db.exec(sql);
        const broken = db.pragma("foreign_key_check") as unknown[];
        if (broken.length) throw new Error(`${name} leaves ${broken.length} broken references`);
        db.prepare("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)").run(name, new Date().toISOString());
      })();
    }
  } finally {
    if (enforced) db.pragma("foreign_keys = ON");
  }
  return pending;
}
