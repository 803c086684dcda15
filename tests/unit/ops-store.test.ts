import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OpsAuditAnswer, OpsDiff, OpsDraft, OpsPageDetail, OpsPageSummary, OpsPublishAnswer } from "@contracts/ops";
import { liveSourceOf, useOpsConsole } from "./ops-fixture";
import { createPageConfigStore } from "@server/page-configs.server";
import { loadCatalogues } from "@contracts/catalogues.server";
import { diffConfigs } from "@server/ops/diff.server";

const ops = useOpsConsole(3410);

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

describe("the console's page-config store", () => {
  it("is seeded from the repository: version 1 of each page, published by repository, served as before", async () => {
    const repository = JSON.parse(readFileSync(join(ops.directory, "2023ames.json"), "utf8"));
    expect(liveTitle("/2023ames")).toEqual(repository.title);
    const cookie = await ops.signIn("reader", "editor");
    const detail = (await (await ops.request("/ops/api/page?path=/2023ames", { cookie })).json()) as OpsPageDetail;
    expect(detail.versions).toEqual([{ version: 1, publisher: "repository", publishedAt: ops.now().toISOString(), note: "page-configs/2023ames.json" }]);
    expect(detail.status).toBe("live");
    // Taking the same folder again adds nothing; a changed file becomes one new version.
    expect(ops.platform.opsConsole.seedFromDirectory(ops.directory, ops.now())).toBe(0);
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

  it("refuses a crafted config at the platform endpoint itself: it never reaches the live store", async () => {
    await ops.signIn("pat", "publisher");
    const login = await ops.platform.api.fetch(
      new Request("http://embedded/api/opsConsole/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "pat", password: "correct horse battery" }),
      }),
    );
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const counter = () => ops.platform.db.prepare("SELECT value FROM ops_live_counter").pluck().get();
    const before = counter();
    const crafted = {
      path: "/2022acde",
      title: { zh: "x", en: "x" },
      widgets: [{ type: "hero", props: { title: "<script>alert(1)</script>", onload: "x" } }],
      extra: 1,
    };
    const elsewhere = { path: "/elsewhere", title: { zh: "x", en: "x" }, widgets: [] };
    for (const text of [JSON.stringify(crafted), "{not json", JSON.stringify(elsewhere)]) {
      const answer = await ops.platform.api.fetch(
        new Request("http://embedded/api/opsConsole/publish", {
          method: "POST",
          headers: { "content-type": "application/json", opsSession: token },
          body: JSON.stringify({ path: "/2022acde", text }),
        }),
      );
      const envelope = (await answer.json()) as { code: number; data?: { problems: unknown[] } };
      expect(envelope.code).toBe(422);
      expect(envelope.data?.problems.length).toBeGreaterThan(0);
    }
    expect(counter()).toBe(before);
    expect(ops.platform.db.prepare("SELECT COUNT(*) FROM ops_page_versions WHERE path = '/2022acde'").pluck().get()).toBe(1);
    // Nor can a browser reach the console's platform paths through the public API proxy: app.server.ts answers 404
    // (covered by the e2e suite); here, the live set never holds the crafted config.
    await ops.pages.refresh();
    expect(liveTitle("/2022acde")).not.toEqual({ zh: "x", en: "x" });
  });

  it("makes a publish live on a second node sharing the database within its poll interval", async () => {
    const second = ops.secondNode(200);
    await second.refresh();
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
      live: liveSourceOf(ops.platform),
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
      live: liveSourceOf(ops.platform),
      pollMs: 60_000,
      onRepositoryChange: () => ops.platform.opsConsole.seedFromDirectory(ops.directory, ops.now()),
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
    const latest = ops.platform.db.prepare("SELECT version, publisher FROM ops_page_versions WHERE path = '/liveSpec2' ORDER BY version DESC LIMIT 1").get();
    expect(latest).toEqual({ version: 2, publisher: "repository" });
    // A save that breaks the schema is not taken: the last good version stays live.
    writeFileSync(file, JSON.stringify({ ...config, widgets: [{ type: "hero", props: { tone: "neon" } }] }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await store.refresh();
    const entry = store.resolve("/liveSpec2");
    expect(entry?.status === "valid" && entry.config.title.en).toBe("Saved by a developer");
    store.close();
  });

  it("numbers 20 concurrent publishes of one page 20 consecutive versions, losing none", async () => {
    await ops.signIn("pat", "publisher");
    const before = ops.platform.db.prepare("SELECT MAX(version) FROM ops_page_versions WHERE path = '/liveSpec'").pluck().get() as number;
    const original = ops.platform.db.prepare("SELECT config FROM ops_page_versions WHERE path = '/liveSpec' AND version = ?").pluck().get(before) as string;
    // Straight to the platform, as 20 server nodes would: each with its own title, so a lost write would show.
    const login = await ops.platform.api.fetch(
      new Request("http://embedded/api/opsConsole/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "pat", password: "correct horse battery" }),
      }),
    );
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const config = JSON.parse(original);
        config.title.en = `Concurrent ${index}`;
        const response = await ops.platform.api.fetch(
          new Request("http://embedded/api/opsConsole/publish", {
            method: "POST",
            headers: { "content-type": "application/json", opsSession: token },
            body: JSON.stringify({ path: "/liveSpec", text: JSON.stringify(config) }),
          }),
        );
        return (await response.json()) as { code: number; data: { version: number } };
      }),
    );
    expect(answers.every((answer) => answer.code === 200)).toBe(true);
    const versions = answers.map((answer) => answer.data.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 20 }, (_, index) => before + 1 + index));
    const titles = (
      ops.platform.db.prepare("SELECT config FROM ops_page_versions WHERE path = '/liveSpec' AND version > ?").pluck().all(before) as string[]
    ).map((text) => JSON.parse(text).title.en);
    expect(new Set(titles).size).toBe(20);

    // With the version each saw: one wins, the other 19 are told someone came first.
    const latest = before + 20;
    const contested = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const config = JSON.parse(original);
        config.title.en = `Contested ${index}`;
        const response = await ops.platform.api.fetch(
          new Request("http://embedded/api/opsConsole/publish", {
            method: "POST",
            headers: { "content-type": "application/json", opsSession: token },
            body: JSON.stringify({ path: "/liveSpec", text: JSON.stringify(config), expectedVersion: latest }),
          }),
        );
        return ((await response.json()) as { code: number }).code;
      }),
    );
    expect(contested.filter((code) => code === 200)).toHaveLength(1);
    expect(contested.filter((code) => code === 409)).toHaveLength(19);
  });

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
