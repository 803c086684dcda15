/**
 * The console store's engines themselves (ADR 052, 053): migrations run once when nodes start together, publishes are
 * pushed to every node and a node that lost its connection catches up, the CDN is told a changed page's URLs, and a
 * developer's staff and drafts move from the embedded platform's file into the new SQLite store.
 */
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createEmbeddedPlatform } from "@platform/index.server";
import { openConsoleStore, watchPublishes, type ConsoleStore } from "@server/ops/store/index.server";
import { NO_PLATFORM } from "@server/ops/store/platform-calls.server";
import { cdnPurger, purgeUrls } from "@server/ops/cdn-purge.server";
import { hashPassword } from "@server/ops/store/credentials.server";
import { freshPostgresDatabase } from "./postgres-database";

const work = mkdtempSync(join(tmpdir(), "console-engines-"));
const opened: ConsoleStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
  rmSync(work, { recursive: true, force: true });
});
const open = async (location: Parameters<typeof openConsoleStore>[0], options: Partial<Parameters<typeof openConsoleStore>[1]> = {}) => {
  const store = await openConsoleStore(location, { platform: NO_PLATFORM, ...options });
  opened.push(store);
  return store;
};
const ames = readFileSync(join(import.meta.dirname, "..", "..", "page-configs", "2023ames.json"), "utf8");
const AT = new Date("2026-11-27T03:00:00.000Z");

async function publishAs(store: ConsoleStore, title: string, expectedVersion?: number) {
  const config = JSON.parse(ames);
  config.title.en = title;
  const login = await store.call("POST", "/login", { params: { username: "pat", password: "correct horse battery" }, ip: "127.0.0.1", at: AT });
  const session = (login.data as { token: string }).token;
  return store.call("POST", "/publish", { params: { path: "/2023ames", text: JSON.stringify(config), expectedVersion }, session, at: AT });
}

describe("the PostgreSQL engine", () => {
  it("applies each migration once when four nodes start together on a new database", async () => {
    const url = await freshPostgresDatabase("console_migrations_race");
    const stores = await Promise.all(Array.from({ length: 4 }, () => open({ databaseUrl: url, file: "" })));
    const applied = await stores[0].engine.all<{ name: string }>("SELECT name FROM console_migrations ORDER BY name");
    expect(applied.map((row) => row.name)).toEqual([
      "001-console.sql",
      "002-media-analytics-schedule.sql",
      "003-staff-admin-audit.sql",
      "004-boundary-purges-media-bucket.sql",
    ]);
    const seeded = await Promise.all(stores.map((store) => store.seedFromDirectory(join(import.meta.dirname, "..", "..", "page-configs"), AT)));
    // One node took the repository's files; the others found them taken.
    expect(seeded.filter((count) => count > 0)).toHaveLength(1);
  }, 60_000);

  it("pushes a publish to another node, and a node whose connection was cut catches up when it reconnects", async () => {
    const url = await freshPostgresDatabase("console_push");
    const publisher = await open({ databaseUrl: url, file: "" });
    await publisher.saveStaff("pat", "publisher", "correct horse battery", AT);
    const listener = await open({ databaseUrl: url, file: "" });
    let heard = 0;
    const logged: string[] = [];
    const watch = watchPublishes(
      listener,
      () => heard++,
      (line) => logged.push(line),
    );
    await expect.poll(() => heard, { timeout: 5_000 }).toBe(1);
    expect((await publishAs(publisher, "Pushed")).code).toBe(200);
    await expect.poll(() => heard, { timeout: 2_000 }).toBe(2);

    // Cut the listening connection at the server, as a network fault or a PostgreSQL restart would.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
    await admin.end();
    expect((await publishAs(publisher, "Published while cut off")).code).toBe(200);
    // The reconnect calls back once, so the node reads the counter and finds the publish it missed.
    await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(logged.some((line) => line.includes("reconnecting"))).toBe(true);
    const live = await listener.live(null);
    expect(live.pages?.find((page) => page.path === "/2023ames")?.text).toContain("Published while cut off");
    await watch?.close();
  }, 60_000);
});

describe("the CDN purge hook", () => {
  it("posts the page's URLs (path, aliases, data requests) after a publish and a rollback, and retries a failing CDN", async () => {
    const received: { urls: string[] }[] = [];
    let failuresLeft = 1;
    const stub: Server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        if (failuresLeft-- > 0) return void response.writeHead(503).end();
        received.push(JSON.parse(body));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => stub.listen(3416, "127.0.0.1", resolve));
    const purge = cdnPurger({ url: "http://127.0.0.1:3416/purge", publicOrigin: "https://h5.example.com", log: () => {} });
    const purges: Promise<boolean>[] = [];
    const store = await open({ file: join(work, "purge.sqlite") }, { onPublished: (change) => purges.push(purge(change)) });
    await store.saveStaff("pat", "publisher", "correct horse battery", AT);
    const withAlias = JSON.parse(ames);
    withAlias.aliases = ["/ames2023"];
    await store.engine.transaction(async (tx) => {
      await tx.run("INSERT INTO ops_page_versions (path, version, config, publisher, published_at) VALUES ('/2023ames', 1, ?, 'repository', ?)", [
        JSON.stringify(withAlias),
        AT.toISOString(),
      ]);
    });
    expect((await publishAs(store, "Purged")).code).toBe(200);
    const login = await store.call("POST", "/login", { params: { username: "pat", password: "correct horse battery" }, ip: "127.0.0.1", at: AT });
    const session = (login.data as { token: string }).token;
    expect((await store.call("POST", "/rollback", { params: { path: "/2023ames", version: 1 }, session, at: AT })).code).toBe(200);
    expect(await Promise.all(purges)).toEqual([true, true]);
    const expected = purgeUrls("https://h5.example.com", ["/2023ames", "/ames2023"]);
    expect(expected).toEqual([
      "https://h5.example.com/2023ames",
      "https://h5.example.com/2023ames.data",
      "https://h5.example.com/ames2023",
      "https://h5.example.com/ames2023.data",
    ]);
    // The publish dropped the alias (its config had none), so the purge names the old alias too; so does the rollback.
    expect(received).toEqual([{ urls: expected }, { urls: expected }]);
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  }, 30_000);

  it("logs a purge the CDN never accepted, without failing the publish", async () => {
    const lines: string[] = [];
    const purge = cdnPurger({ url: "http://127.0.0.1:3417/purge", publicOrigin: "https://h5.example.com", log: (line) => lines.push(line), attempts: 2 });
    expect(await purge({ path: "/home", version: 3, text: '{"path":"/home"}', previousText: null })).toBe(false);
    expect(lines[0]).toMatch(/^CDN purge of \/home v3 failed after 2 tries/);
  });
});

describe("the move from the embedded platform's file", () => {
  it("takes the staff, drafts and versions the platform's file kept into a new SQLite store, once", async () => {
    const platformFile = join(work, "platform.sqlite");
    const platform = createEmbeddedPlatform({ file: platformFile, seed: false, log: () => {} });
    platform.db
      .prepare("INSERT INTO ops_staff (username, role, password_hash, created_at, updated_at) VALUES ('olga', 'publisher', ?, ?, ?)")
      .run(hashPassword("olga-password-1"), AT.toISOString(), AT.toISOString());
    platform.db
      .prepare("INSERT INTO ops_drafts (path, text, base_version, editor, updated_at) VALUES ('/home', 'half-typed', NULL, 'olga', ?)")
      .run(AT.toISOString());
    platform.db.prepare("UPDATE ops_live_counter SET value = 7").run();
    platform.close();

    const location = { file: join(work, "moved.sqlite"), legacyPlatformFile: platformFile };
    const store = await open(location);
    expect(await store.staffExists("olga")).toBe(true);
    expect(await store.engine.all("SELECT path, text, editor FROM ops_drafts")).toEqual([{ path: "/home", text: "half-typed", editor: "olga" }]);
    expect((await store.live(null)).counter).toBe(7);
    const login = await store.call("POST", "/login", { params: { username: "olga", password: "olga-password-1" }, ip: "127.0.0.1", at: AT });
    expect(login.code).toBe(200);
    // Deleted in the store later, a draft is not brought back by the next start.
    await store.engine.run("DELETE FROM ops_drafts");
    await store.close();
    opened.splice(opened.indexOf(store), 1);
    const again = await open(location);
    expect(await again.engine.all("SELECT path FROM ops_drafts")).toEqual([]);
  });
});
