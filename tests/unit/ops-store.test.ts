import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OpsAuditAnswer, OpsDiff, OpsDraft, OpsPageDetail, OpsPageSummary, OpsPublishAnswer } from "@contracts/ops";
import { PASSWORD, useOpsConsole } from "./ops-fixture";
import { CONSOLE_ENGINES } from "./postgres-database";
import type { ConsoleStore } from "@server/ops/store/index.server";
import { createPageConfigStore } from "@server/page-configs.server";
import { loadCatalogues } from "@contracts/catalogues.server";
import { diffConfigs } from "@server/ops/diff.server";

describe.each(CONSOLE_ENGINES)("the console's page-config store on %s", (engine) => {
  const ops = useOpsConsole(engine === "sqlite" ? 3410 : 3414, undefined, engine);
  const one = async <Row>(text: string, params: unknown[] = []) => (await ops.sql<Row>(text, params))[0];

  /** Signs in straight at the store, as a server node does, and answers the session token. */
  async function tokenAt(store: ConsoleStore, username: string): Promise<string> {
    const login = await store.call("POST", "/login", { params: { username, password: PASSWORD }, ip: "127.0.0.1", at: ops.now() });
    return (login.data as { token: string }).token;
  }

  const liveTitle = (path: string) => {
    const entry = ops.pages.resolve(path);
    return entry?.status === "valid" ? entry.config.title : null;
  };

  async function saveDraft(cookie: string, path: string, change: (config: Record<string, unknown>) => void): Promise<OpsDraft> {
    const detail = (await (await ops.request(`/ops/api/page?path=${encodeURIComponent(path)}`, { cookie })).json()) as OpsPageDetail;
    const config = structuredClone((detail.draft?.config ?? detail.live?.config) as Record<string, unknown>);
    change(config);
    const response = await ops.request("/ops/api/draft", { cookie, body: { path, config } });
    expect(response.status).toBe(200);
    return (await response.json()) as OpsDraft;
  }

  describe("versions, drafts and the live set", () => {
    it("is seeded from the repository: version 1 of each page, published by repository, served as before", async () => {
      const repository = JSON.parse(readFileSync(join(ops.directory, "2023ames.json"), "utf8"));
      expect(liveTitle("/2023ames")).toEqual(repository.title);
      const cookie = await ops.signIn("reader", "editor");
      const detail = (await (await ops.request("/ops/api/page?path=/2023ames", { cookie })).json()) as OpsPageDetail;
      expect(detail.versions).toEqual([{ version: 1, publisher: "repository", publishedAt: ops.now().toISOString(), note: "page-configs/2023ames.json" }]);
      expect(detail.status).toBe("live");
      // Taking the same folder again adds nothing; a changed file becomes one new version.
      expect(await ops.store.seedFromDirectory(ops.directory, ops.now())).toBe(0);
      const list = (await (await ops.request("/ops/api/pages", { cookie })).json()) as OpsPageSummary[];
      const ames = list.find((page) => page.path === "/2023ames");
      expect(ames).toMatchObject({ liveVersion: 1, hasDraft: false, lastEditor: "repository", publishWindow: repository.publish });
      expect(list.length).toBeGreaterThan(50);
    });

    it("publishes a draft as a new version, rolls back in one step, and diffs versions by JSON pointer", async () => {
      const cookie = await ops.signIn("pat", "publisher");
      const draft = await saveDraft(cookie, "/2023ames", (config) => {
        (config.title as { en: string }).en = "AMES 2023, edited";
      });
      expect(draft.problems).toEqual([]);
      expect(liveTitle("/2023ames")?.en).not.toBe("AMES 2023, edited");

      const published = await ops.request("/ops/api/publish", { cookie, body: { path: "/2023ames", expectedVersion: 1 } });
      expect(published.status).toBe(200);
      const { version } = (await published.json()) as OpsPublishAnswer;
      expect(version).toBe(2);
      expect(liveTitle("/2023ames")?.en).toBe("AMES 2023, edited");

      const diff = (await (await ops.request("/ops/api/diff?path=/2023ames&from=1&to=2", { cookie })).json()) as OpsDiff;
      expect(diff.changes).toEqual([
        { op: "changed", pointer: "/title/en", before: "Asian Meeting of the Econometric Society 2023", after: "AMES 2023, edited" },
      ]);

      const rolledBack = await ops.request("/ops/api/rollback", { cookie, body: { path: "/2023ames", version: 1 } });
      expect(rolledBack.status).toBe(200);
      expect(((await rolledBack.json()) as OpsPublishAnswer).version).toBe(3);
      expect(liveTitle("/2023ames")?.en).toBe("Asian Meeting of the Econometric Society 2023");
      const detail = (await (await ops.request("/ops/api/page?path=/2023ames", { cookie })).json()) as OpsPageDetail;
      expect(detail.versions.map((entry) => [entry.version, entry.publisher, entry.note])).toEqual([
        [3, "pat", "rollback to v1"],
        [2, "pat", null],
        [1, "repository", "page-configs/2023ames.json"],
      ]);
      expect(detail.draft).toBeNull();
    });

    it("refuses a publish whose expected version is no longer live (409), so no one overwrites a publish unseen", async () => {
      const cookie = await ops.signIn("pat", "publisher");
      await saveDraft(cookie, "/2023CFMEF", (config) => {
        (config.title as { zh: string }).zh = "改过的标题";
      });
      const stale = await ops.request("/ops/api/publish", { cookie, body: { path: "/2023CFMEF", expectedVersion: 7 } });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as { error: string }).error).toBe("conflict");
    });

    it("keeps a draft that fails the checks, lists its problems by pointer, and refuses to publish it (422)", async () => {
      const cookie = await ops.signIn("pat", "publisher");
      const draft = await saveDraft(cookie, "/abfer", (config) => {
        (config.publish as { from: string }).from = "31/12/2026";
        (config.widgets as unknown[]).push({ type: "noSuchWidget" });
      });
      expect(draft.problems.map((problem) => problem.pointer)).toContain("/publish/from");
      const refused = await ops.request("/ops/api/publish", { cookie, body: { path: "/abfer" } });
      expect(refused.status).toBe(422);
      const body = (await refused.json()) as { error: string; problems: { pointer: string }[] };
      expect(body.error).toBe("invalid");
      expect(body.problems.some((problem) => problem.pointer === "/publish/from")).toBe(true);
      const detail = (await (await ops.request("/ops/api/page?path=/abfer", { cookie })).json()) as OpsPageDetail;
      expect(detail.versions).toHaveLength(1);
      expect(detail.draft?.text).toContain("31/12/2026");
    });

    it("refuses a cross-reference failure the schema cannot see (a data source the platform does not serve)", async () => {
      const cookie = await ops.signIn("pat", "publisher");
      await saveDraft(cookie, "/abferac", (config) => {
        config.data = { ...(config.data as object), extra: { api: "/no/such/api" } };
      });
      const refused = await ops.request("/ops/api/publish", { cookie, body: { path: "/abferac" } });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { problems: { pointer: string; message: string }[] }).problems).toContainEqual({
        pointer: "/data/extra/api",
        message: "the embedded platform API does not serve POST /no/such/api",
      });
    });

    it("refuses a crafted config at the store itself: it never reaches the live set", async () => {
      await ops.signIn("pat", "publisher");
      const token = await tokenAt(ops.store, "pat");
      const counter = async () => (await one<{ value: number }>("SELECT value FROM ops_live_counter"))?.value;
      const before = await counter();
      const crafted = {
        path: "/2022acde",
        title: { zh: "x", en: "x" },
        widgets: [{ type: "hero", props: { title: "<script>alert(1)</script>", onload: "x" } }],
        extra: 1,
      };
      const elsewhere = { path: "/elsewhere", title: { zh: "x", en: "x" }, widgets: [] };
      for (const text of [JSON.stringify(crafted), "{not json", JSON.stringify(elsewhere)]) {
        const answer = await ops.store.call("POST", "/publish", { params: { path: "/2022acde", text }, session: token, at: ops.now() });
        expect(answer.code).toBe(422);
        expect((answer.data as { problems: unknown[] }).problems.length).toBeGreaterThan(0);
      }
      expect(await counter()).toBe(before);
      expect(await one("SELECT COUNT(*) AS n FROM ops_page_versions WHERE path = '/2022acde'")).toEqual({ n: 1 });
      // The live set never holds the crafted config.
      await ops.pages.refresh();
      expect(liveTitle("/2022acde")).not.toEqual({ zh: "x", en: "x" });
    });

    it("makes a publish live on a second node sharing the store within a second (pushed on PostgreSQL, polled on SQLite)", async () => {
      // On PostgreSQL the poll is left at a minute: only the notification can bring the change in time.
      const second = await ops.secondNode(engine === "postgres" ? 60_000 : 200);
      const cookie = await ops.signIn("pat", "publisher");
      await saveDraft(cookie, "/jdds", (config) => {
        (config.title as { en: string }).en = "Seen on every node";
      });
      expect((await ops.request("/ops/api/publish", { cookie, body: { path: "/jdds" } })).status).toBe(200);
      const publishedAt = Date.now();
      await expect
        .poll(
          () => {
            const entry = second.resolve("/jdds");
            return entry?.status === "valid" ? entry.config.title.en : null;
          },
          { interval: 20, timeout: 2000 },
        )
        .toBe("Seen on every node");
      expect(Date.now() - publishedAt).toBeLessThan(1000);
    });

    it("tells the server when a poll brings a changed live set (so it drops renders of the old one), and only then", async () => {
      let changes = 0;
      const store = createPageConfigStore({
        directory: ops.directory,
        catalogues: loadCatalogues(),
        watchForChanges: false,
        log: () => {},
        live: (after) => ops.store.live(after),
        pollMs: 60_000,
        onLiveChange: () => changes++,
      });
      await store.refresh();
      await store.refresh();
      expect(changes).toBe(0);
      const cookie = await ops.signIn("pat", "publisher");
      await saveDraft(cookie, "/jdds", (config) => {
        (config.title as { zh: string }).zh = "又改了";
      });
      expect((await ops.request("/ops/api/publish", { cookie, body: { path: "/jdds" } })).status).toBe(200);
      await store.refresh();
      await store.refresh();
      expect(changes).toBe(1);
      store.close();
    });

    it("in development takes a saved repository file as a new version (publisher repository) and serves it", async () => {
      const store = createPageConfigStore({
        directory: ops.directory,
        catalogues: loadCatalogues(),
        watchForChanges: true,
        log: () => {},
        live: (after) => ops.store.live(after),
        pollMs: 60_000,
        onRepositoryChange: () => ops.store.seedFromDirectory(ops.directory, ops.now()),
      });
      await store.refresh();
      const file = join(ops.directory, "liveSpec2.json");
      const config = JSON.parse(readFileSync(file, "utf8"));
      config.title.en = "Saved by a developer";
      writeFileSync(file, JSON.stringify(config, null, 2));
      await expect
        .poll(
          () => {
            const entry = store.resolve("/liveSpec2");
            return entry?.status === "valid" ? entry.config.title.en : null;
          },
          { interval: 20, timeout: 3000 },
        )
        .toBe("Saved by a developer");
      const latest = await one("SELECT version, publisher FROM ops_page_versions WHERE path = '/liveSpec2' ORDER BY version DESC LIMIT 1");
      expect(latest).toEqual({ version: 2, publisher: "repository" });
      // A save that breaks the schema is not taken: the last good version stays live.
      writeFileSync(file, JSON.stringify({ ...config, widgets: [{ type: "hero", props: { tone: "neon" } }] }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await store.refresh();
      const entry = store.resolve("/liveSpec2");
      expect(entry?.status === "valid" && entry.config.title.en).toBe("Saved by a developer");
      store.close();
    });

    it("numbers 20 concurrent publishes of one page from three nodes 20 consecutive versions, losing none", async () => {
      await ops.signIn("pat", "publisher");
      const before = (await one<{ latest: number }>("SELECT MAX(version) AS latest FROM ops_page_versions WHERE path = '/liveSpec'"))?.latest as number;
      const original = (await one<{ config: string }>("SELECT config FROM ops_page_versions WHERE path = '/liveSpec' AND version = ?", [before]))
        ?.config as string;
      // Straight to the store from three connections, as server nodes would: each with its own title, so a lost write would show.
      const nodes = [ops.store, await ops.anotherStore(), await ops.anotherStore()];
      const tokens = await Promise.all(nodes.map((node) => tokenAt(node, "pat")));
      const publish = (index: number, title: string, expectedVersion?: number) => {
        const config = JSON.parse(original);
        config.title.en = title;
        const params = { path: "/liveSpec", text: JSON.stringify(config), ...(expectedVersion ? { expectedVersion } : {}) };
        return nodes[index % 3].call("POST", "/publish", { params, session: tokens[index % 3], at: ops.now() });
      };
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => publish(index, `Concurrent ${index}`)));
      expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(200));
      const versions = answers.map((answer) => (answer.data as { version: number }).version).sort((a, b) => a - b);
      expect(versions).toEqual(Array.from({ length: 20 }, (_, index) => before + 1 + index));
      const rows = await ops.sql<{ config: string }>("SELECT config FROM ops_page_versions WHERE path = '/liveSpec' AND version > ?", [before]);
      expect(new Set(rows.map((row) => JSON.parse(row.config).title.en)).size).toBe(20);
      const counter = await one<{ value: number }>("SELECT value FROM ops_live_counter");
      const audited = await one<{ n: number }>("SELECT COUNT(*) AS n FROM ops_audit WHERE action = 'publish' AND path = '/liveSpec'");
      expect(audited?.n).toBeGreaterThanOrEqual(20);
      expect(counter?.value).toBeGreaterThanOrEqual(20);

      // With the version each saw (late and repeated requests): one wins, the other 19 are told someone came first.
      const latest = before + 20;
      const contested = await Promise.all(Array.from({ length: 20 }, (_, index) => publish(index, `Contested ${index}`, latest)));
      expect(contested.filter((answer) => answer.code === 200)).toHaveLength(1);
      expect(contested.filter((answer) => answer.code === 409)).toHaveLength(19);
      const repeated = await publish(0, "Contested 0", latest);
      expect(repeated.code).toBe(409);
      expect(await one("SELECT MAX(version) AS latest FROM ops_page_versions WHERE path = '/liveSpec'")).toEqual({ latest: latest + 1 });
    }, 60_000);

    it("copies a page into a draft at a new path, checking the path's form and that it is free", async () => {
      const cookie = await ops.signIn("eve", "editor");
      const copied = await ops.request("/ops/api/copy", { cookie, body: { from: "/2023ames", to: "/2027ames" } });
      expect(copied.status).toBe(201);
      const detail = (await copied.json()) as OpsPageDetail;
      expect(detail).toMatchObject({ path: "/2027ames", status: "unpublished", live: null, versions: [] });
      expect(detail.draft?.config).toMatchObject({ path: "/2027ames" });
      expect(detail.draft?.problems).toEqual([]);
      expect(ops.pages.resolve("/2027ames")).toBeNull();

      expect((await ops.request("/ops/api/copy", { cookie, body: { from: "/2023ames", to: "/2027ames" } })).status).toBe(409);
      expect((await ops.request("/ops/api/copy", { cookie, body: { from: "/2023ames", to: "/home" } })).status).toBe(409);
      const badPath = await ops.request("/ops/api/copy", { cookie, body: { from: "/2023ames", to: "/bad path!" } });
      expect(badPath.status).toBe(422);
      expect(((await badPath.json()) as { problems: { pointer: string }[] }).problems[0].pointer).toBe("/path");
    });

    it("records every action in the audit log, newest first", async () => {
      const cookie = await ops.signIn("pat", "publisher");
      const { entries } = (await (await ops.request("/ops/api/audit?limit=500", { cookie })).json()) as OpsAuditAnswer;
      const actions = new Set(entries.map((entry) => `${entry.actor} ${entry.action}`));
      for (const expected of ["repository seed", "pat login", "pat saveDraft", "pat publish", "pat rollback", "pat publishRefused", "eve copy"]) {
        expect(actions, expected).toContain(expected);
      }
      expect(entries[0].id).toBeGreaterThan(entries[entries.length - 1].id);
      const rollback = entries.find((entry) => entry.action === "rollback");
      expect(rollback).toMatchObject({ path: "/2023ames", version: 3, detail: "to v1" });
    });
  });

  describe("diffConfigs", () => {
    it("names each change by JSON pointer, escaping ~ and /", () => {
      expect(diffConfigs({ a: 1, "b/c": [1, 2], d: { e: "x" } }, { a: 2, "b/c": [1], d: { e: "x", "f~": true } })).toEqual([
        { op: "changed", pointer: "/a", before: 1, after: 2 },
        { op: "removed", pointer: "/b~1c/1", before: 2 },
        { op: "added", pointer: "/d/f~0", after: true },
      ]);
      expect(diffConfigs({ same: [1, { x: 1 }] }, { same: [1, { x: 1 }] })).toEqual([]);
    });
  });
});
