/**
 * The console's part of `npm run bench:cluster` (ADR 052, 053): two nodes on one PostgreSQL store behind nginx. A
 * publish on node A is timed until node B, reached through nginx, serves it (median and worst of PUBLISH_ROUNDS), and 20
 * publishes sent at once to both nodes must each get a version of their own or a clean conflict: none lost.
 */
import { openConsoleStore, type ConsoleStore } from "../server/ops/store/index.server.ts";
import { NO_PLATFORM } from "../server/ops/store/platform-calls.server.ts";

const PUBLISH_ROUNDS = 20;
const STAFF = { username: "cluster", password: "cluster-bench-password" };
const PATH = "/2023ames";

type Check = (name: string, ok: boolean, detail: string) => void;

interface ConsoleClusterOptions {
  databaseUrl: string;
  publicOrigin: string;
  /** Node A reached directly, and node B through nginx (a site that proxies to B alone). */
  nodeA: string;
  nodeBThroughNginx: string;
  /** nginx spreading over both nodes. */
  bothThroughNginx: string;
}

async function consoleCall(base: string, publicOrigin: string, path: string, body: unknown, cookie = "") {
  const response = await fetch(`${base}/ops/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: publicOrigin, "sec-fetch-site": "same-origin", cookie },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    cookie: response.headers.get("set-cookie")?.split(";")[0] ?? "",
    body: (await response.json().catch(() => null)) as unknown,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Publishes a new zh title on node A and answers how long node B took to serve it (ms), or null when it never did. */
async function timedPublish(options: ConsoleClusterOptions, cookie: string, config: Record<string, unknown>, title: string): Promise<number | null> {
  (config.title as { zh: string }).zh = title;
  const saved = await consoleCall(options.nodeA, options.publicOrigin, "/draft", { path: PATH, config }, cookie);
  if (saved.status !== 200) throw new Error(`saving the draft answered ${saved.status}`);
  const published = await consoleCall(options.nodeA, options.publicOrigin, "/publish", { path: PATH }, cookie);
  if (published.status !== 200) throw new Error(`publishing answered ${published.status}: ${JSON.stringify(published.body)}`);
  const start = performance.now();
  while (performance.now() - start < 10_000) {
    const page = await fetch(`${options.nodeBThroughNginx}${PATH}`, { headers: { cookie: "lang=zh" } });
    if ((await page.text()).includes(title)) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}

/**
 * 20 staff members' publishes at once, on both nodes: each saves its own draft and publishes it. Clean outcomes are a
 * version of its own (200), a conflict (409), or finding the draft already published by another (404); none may be
 * lost: every 200 names a version that exists, and the versions are consecutive.
 */
async function concurrentPublishes(store: ConsoleStore, options: ConsoleClusterOptions, cookie: string, config: Record<string, unknown>, check: Check) {
  const before = (await store.engine.get<{ latest: number }>("SELECT MAX(version) AS latest FROM ops_page_versions WHERE path = ?", [PATH]))?.latest ?? 0;
  const answers = await Promise.all(
    Array.from({ length: 20 }, async (_, index) => {
      const node = index % 2 ? options.bothThroughNginx : options.nodeA;
      const draft = structuredClone(config);
      (draft.title as { zh: string }).zh = `并发发布${index}`;
      await consoleCall(node, options.publicOrigin, "/draft", { path: PATH, config: draft }, cookie);
      return consoleCall(node, options.publicOrigin, "/publish", { path: PATH }, cookie);
    }),
  );
  const published = answers.filter((answer) => answer.status === 200).map((answer) => (answer.body as { version: number }).version);
  const clean = answers.filter((answer) => answer.status === 409 || answer.status === 404).length;
  const rows = await store.engine.all<{ version: number }>("SELECT version FROM ops_page_versions WHERE path = ? AND version > ? ORDER BY version", [
    PATH,
    before,
  ]);
  const consecutive = rows.every((row, index) => row.version === before + 1 + index);
  check(
    "20 concurrent publishes on both nodes: none lost",
    published.length > 0 && published.length + clean === 20 && new Set(published).size === published.length && rows.length === published.length && consecutive,
    `${published.length} published as versions ${before + 1}–${before + rows.length}, ${clean} clean refusals (draft already published or a newer version), ${20 - published.length - clean} other answers`,
  );
}

/** How long node B takes to render the page uncached (a query string of its own each time): the floor under any publish. */
async function renderFloor(options: ConsoleClusterOptions): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    await (await fetch(`${options.nodeBThroughNginx}${PATH}?floor=${Date.now()}-${round}`, { headers: { cookie: "lang=zh" } })).text();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function consoleClusterChecks(options: ConsoleClusterOptions, check: Check): Promise<void> {
  const store = await openConsoleStore({ databaseUrl: options.databaseUrl, file: "" }, { platform: NO_PLATFORM });
  try {
    const migrations = await store.engine.all<{ name: string }>("SELECT name FROM console_migrations");
    check(
      "the console store's migrations ran once on PostgreSQL",
      new Set(migrations.map((row) => row.name)).size === migrations.length,
      `${migrations.length} recorded`,
    );
    await store.saveStaff(STAFF.username, "publisher", STAFF.password, new Date());
    const login = await consoleCall(options.nodeA, options.publicOrigin, "/login", STAFF);
    if (login.status !== 200) throw new Error(`the console's sign-in answered ${login.status}`);
    const live = await store.engine.get<{ config: string }>("SELECT config FROM ops_page_versions WHERE path = ? ORDER BY version DESC LIMIT 1", [PATH]);
    const config = JSON.parse(live?.config ?? "{}") as Record<string, unknown>;
    const times: number[] = [];
    let missed = 0;
    for (let round = 0; round < PUBLISH_ROUNDS; round++) {
      const took = await timedPublish(options, login.cookie, config, `集群发布第${round + 1}次-${Date.now()}`);
      if (took === null) missed++;
      else times.push(took);
    }
    const worst = Math.max(...times);
    const floor = await renderFloor(options);
    console.log(`\nPublish on node A → served by node B through nginx, ${PUBLISH_ROUNDS} publishes:`);
    console.log(`  median ${median(times).toFixed(0)} ms, worst ${worst.toFixed(0)} ms (goal ≤ 1000 ms)${missed ? `; ${missed} never seen within 10 s` : ""}`);
    console.log(`  (one uncached render of the page on node B takes ${floor.toFixed(0)} ms now: the part of each time that is rendering, not the push)`);
    check(
      "a publish is live on the other node within 1 s",
      missed === 0 && worst <= 1_000,
      `median ${median(times).toFixed(0)} ms, worst ${worst.toFixed(0)} ms`,
    );
    await concurrentPublishes(store, options, login.cookie, config, check);
  } finally {
    await store.close();
  }
}
