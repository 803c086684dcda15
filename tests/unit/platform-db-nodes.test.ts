/**
 * Two connections on one database file, as two nodes sharing the local platform (ADR 027): a transaction that reads
 * and then writes must not fail because the other node wrote in between, and two nodes opening a new file at once
 * migrate it once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openDatabase, withStartupLock, type Db } from "@platform/kernel/db.server";

const directories: string[] = [];
const open: Db[] = [];

function newFile(): string {
  const directory = mkdtempSync(join(tmpdir(), "db-nodes-"));
  directories.push(directory);
  return join(directory, "platform.sqlite");
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("one database, two nodes", () => {
  it("a read-then-write transaction holds the write lock from its start, so another node's write waits instead of breaking it", () => {
    const file = newFile();
    const first = openDatabase(file);
    const second = new Database(file);
    open.push(first, second);
    second.pragma("busy_timeout = 0");
    first.exec("CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)");
    first.prepare("INSERT INTO counters VALUES ('seats', 0)").run();

    const takeSeat = first.transaction(() => {
      const value = first.prepare("SELECT value FROM counters WHERE name = 'seats'").pluck().get() as number;
      // The other node tries to write while this transaction has read but not yet written.
      expect(() => second.prepare("UPDATE counters SET value = value + 10 WHERE name = 'seats'").run()).toThrow(/database is locked/);
      first.prepare("UPDATE counters SET value = ? WHERE name = 'seats'").run(value + 1);
    });
    takeSeat();
    second.prepare("UPDATE counters SET value = value + 10 WHERE name = 'seats'").run();
    expect(first.prepare("SELECT value FROM counters").pluck().get()).toBe(11);

    // What a DEFERRED transaction would do in the same situation: the other node's write goes in, this one fails.
    const deferred = first.transaction(() => {
      first.prepare("SELECT value FROM counters").pluck().get();
      second.prepare("UPDATE counters SET value = value + 10 WHERE name = 'seats'").run();
      first.prepare("UPDATE counters SET value = 0 WHERE name = 'seats'").run();
    });
    expect(() => deferred.deferred()).toThrow(/database is locked|SQLITE_BUSY/);
  });

  it("the startup lock lets one node at a time open, migrate and seed; the next finds every migration applied", async () => {
    const file = newFile();
    const order: string[] = [];
    const first = withStartupLock(file, () => {
      order.push("first in");
      const db = openDatabase(file);
      // Another process asking now would wait: a second connection cannot take the lock while this one holds it.
      const lock = new Database(`${file}.startup-lock`);
      lock.pragma("busy_timeout = 0");
      expect(() => lock.exec("BEGIN EXCLUSIVE")).toThrow(/database is locked/);
      lock.close();
      order.push("first out");
      return db;
    });
    const second = withStartupLock(file, () => {
      order.push("second in");
      return openDatabase(file);
    });
    open.push(first, second);
    expect(order).toEqual(["first in", "first out", "second in"]);
    const migrations = readdirSync(join(import.meta.dirname, "..", "..", "platform", "migrations")).filter((name) => name.endsWith(".sql"));
    expect(second.prepare("SELECT COUNT(*) FROM schema_migrations").pluck().get()).toBe(migrations.length);
  });
});
