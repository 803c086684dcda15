/**
 * `npm run bench`: where our page renderer stands against what it is built on, in one run.
 *
 *  1. First-load JavaScript (gzip) of every config route, beside a bare React Router app built from the same
 *     node_modules: how much of what users download is ours rather than the framework's.
 *  2. Loader data: the bytes of serialized loader data of /home and the list pages, and the size of /home's HTML.
 *  3. SSR throughput of /home, beside a plain node:http server replaying the same HTML: what rendering costs, with
 *     the anonymous render cache (ADR 009) as visitors meet it and with every request rendered, at 10 and 50
 *     connections; and the server CPU per uncached render of /home against the floor app's per request (issue 32).
 *  4. Signed-in /home and a signed-in document page, as the second person of a class meets them (ADR 083), beside static
 *     serving of the same bytes (issue 32).
 *  5. Reading a 40-formula article against a plain one of the same length, uncached: server CPU per read (issue 32).
 *  6. Every goal of issues 15 and 32 these measure, against its target, PASS or FAIL, and a summary of them all.
 *     Lighthouse's goals are measured apart, by `npm run bench:lighthouse`.
 *
 * It measures the existing production build (package.json's script builds first) and never writes to the
 * repository: the database is a temporary file, the floor app lives in os.tmpdir(). Everything listens on
 * 127.0.0.1 in ports 3300-3399, or the range BENCH_PORTS names ("3450-3459"). BENCH_SECONDS sets the measured load
 * duration (default 10); BENCH_ONLY=throughput runs sections 3 to 5 alone (with their goals), for comparing server
 * changes without the minutes the first two take; BENCH_ONLY=first-load runs sections 1 and 2 alone, for comparing
 * build changes without the load runs; BENCH_ONLY=signed-in runs section 4 alone.
 */
import "./production-mode.ts";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, type AppHandle } from "@server/app.server.ts";
import { readServerEnv } from "@server/env.server.ts";
import type { EmbeddedPlatform } from "@platform/index.server.ts";
import { FIRST_LOAD_GOAL, firstLoadVerdict, measureFirstLoad, type FirstLoad } from "./first-load.ts";
import { startFloorApp, type FloorApp } from "./floor-app.ts";
import { closeServer, listenInRange, HOST } from "./net.ts";
import { measureArticleReads } from "./rich-text.ts";
import { type RouteTarget, routeTargets } from "./route-targets.ts";
import { firstDetailLink, signedInPeople } from "./signed-in.ts";
import { type CpuCost, endToEndHeaders, measureCpu, measureThroughput, startStaticServer, type LoadResult, type LoadSettings } from "./throughput.ts";

const root = join(import.meta.dirname, "..");
const SSR_PATH = "/home";
/** The 404 config is never served at its own path; a path no config claims shows it the way users meet it. */
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 10;
const MANY_CONNECTIONS = 50;
const KB = 1024;
/** Pages that are mostly one long list: their loader data is held to the same budget as /home's. */
/**
 * The detail page measured signed in: the first document the document list shows, a detail page as people meet them.
 * (An article's page sets no cache time, so every read of it renders, for visitors too.)
 */
const SIGNED_IN_DETAIL = { list: "/docList", detail: "/docDetail" };
const LIST_PAGES = ["/liveList", "/docList", "/videoIndex", "/scienceMeetingList", "/essayList", "/qaList", "/jobList", "/authorList", "/bookList", "/circle"];

/** The targets of issue 15 measured here (the first-load ones live with the first-load measurement). */
const GOALS = {
  loaderDataBytes: 15 * KB,
  htmlBytes: 50 * KB,
  /** Issue 32: the uncached render's server CPU per /home, against the floor app's per request. */
  renderCpuFloorRatio: 3,
  cachedRatio: 0.4,
  cachedP99Ms: 40,
  cachedP99MsMany: 200,
  /** Issue 32: signed-in /home and a signed-in detail page, against static serving of the same bytes. */
  signedInRatio: 0.4,
  signedInP99Ms: 40,
  /** Issue 32: a formula-heavy article's server CPU per read, against a plain one's. */
  formulaReadRatio: 1.5,
} as const;

interface GoalResult {
  goal: string;
  measured: string;
  pass: boolean;
}

/** Every goal checked in this run, in the order printed, for the summary at the end. */
const results: GoalResult[] = [];

/** Prints a goal's verdict with what was measured (and which pages missed it) and keeps it for the summary. */
function check(goal: string, measured: string, pass: boolean, missed = ""): void {
  results.push({ goal, measured, pass });
  console.log(`goal ${goal}: ${pass ? "PASS" : "FAIL"} (${measured}${missed ? `; ${missed}` : ""})`);
}

function readSeconds(): number {
  const raw = process.env.BENCH_SECONDS ?? "10";
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 300) {
    console.error(`BENCH_SECONDS must be a whole number of seconds between 1 and 300 (got "${raw}")`);
    process.exit(1);
  }
  return seconds;
}

type Sections = "all" | "throughput" | "first-load" | "signed-in";

/** The sections BENCH_ONLY names (every one when unset); anything else it may say is refused, not ignored. */
function readSections(): Sections {
  const only = process.env.BENCH_ONLY;
  if (only === undefined || only === "") return "all";
  if (only === "throughput" || only === "first-load" || only === "signed-in") return only;
  console.error(`BENCH_ONLY may only be "throughput", "first-load" or "signed-in" (got "${only}")`);
  process.exit(1);
}

function requireBuild() {
  const buildDir = readServerEnv(process.env, root).buildDir;
  const needed = ["server/index.js", "client/.vite/manifest.json"];
  const missing = needed.filter((file) => !existsSync(join(buildDir, file)));
  if (missing.length) {
    console.error(`The production build is missing (${missing.join(", ")}). Run \`npm run build\` first, or use \`npm run bench\`.`);
    process.exit(1);
  }
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  // First column reads as a label (left-aligned), the rest are figures (right-aligned so digits line up).
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);
// autocannon reports whole milliseconds today; keep decimals only if a version ever gives them.
const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
const ratio = (ours: number, base: number) => (base > 0 ? `${(ours / base).toFixed(2)}x` : "n/a");

type FirstLoadRow = RouteTarget & { ours: FirstLoad };

function printFirstLoad(rows: FirstLoadRow[], floor: FirstLoad) {
  console.log(`\n== First-load JavaScript, gzip -9 per file (KB = ${KB} bytes) ==`);
  console.log(`floor: minimal React Router framework-mode app (root route, one <h1>), same node_modules, GET /`);
  const verdicts = rows.map(({ ours }) => firstLoadVerdict(ours, floor));
  const lines = rows.map(({ label, ours }, index) => [
    label,
    String(ours.status) + (ours.redirectedTo ? ` -> ${ours.redirectedTo}` : ""),
    String(ours.urls.length),
    kb(ours.rawBytes),
    kb(ours.gzipBytes),
    kb(floor.gzipBytes),
    ratio(ours.gzipBytes, floor.gzipBytes),
    verdicts[index].scripts ? "PASS" : "FAIL",
    verdicts[index].ratio ? "PASS" : "FAIL",
  ]);
  console.log(
    table(
      [
        "route",
        "status",
        "files",
        "ours KB raw",
        "ours KB gzip",
        "floor KB gzip",
        "ratio",
        `scripts <= ${FIRST_LOAD_GOAL.scripts}`,
        `ratio <= ${FIRST_LOAD_GOAL.ratio.toFixed(2)}x`,
      ],
      lines,
    ),
  );
  console.log(`floor: ${floor.urls.length} files, ${kb(floor.rawBytes)} KB raw, ${kb(floor.gzipBytes)} KB gzip`);
  const failing = (key: "scripts" | "ratio") => rows.filter((_, index) => !verdicts[index][key]).map(({ label }) => label);
  for (const [key, goal] of [
    ["scripts", `at most ${FIRST_LOAD_GOAL.scripts} scripts`],
    ["ratio", `at most ${FIRST_LOAD_GOAL.ratio.toFixed(2)}x the floor`],
  ] as const) {
    const failed = failing(key);
    check(
      `first load ${goal}`,
      `${rows.length - failed.length}/${rows.length} routes`,
      failed.length === 0,
      failed.length ? `over: ${failed.slice(0, 8).join(", ")}${failed.length > 8 ? ` and ${failed.length - 8} more` : ""}` : "",
    );
  }
  // A page that errors or falls through to the 404 page still ships JavaScript, but not its own widgets' chunks.
  const unexpected = rows.filter(({ ours, expectedStatus }) => ours.status !== expectedStatus);
  if (unexpected.length)
    console.log(`note: ${unexpected.map(({ label, ours }) => `${label} answered ${ours.status}`).join(", ")}; their figures are not those of the page itself`);
}

interface LoaderData {
  path: string;
  status: number;
  /** The serialized loader data of the page's route, of the root route, and of both as one navigation fetches it. */
  pageBytes: number;
  rootBytes: number;
  allBytes: number;
}

/** What a client navigation to the page downloads as loader data (the same bytes the document inlines, unescaped). */
async function measureLoaderData(origin: string, path: string): Promise<LoaderData> {
  const bytes = async (routes?: string) => {
    const url = new URL(`${path === "/" ? "/_root" : path}.data`, origin);
    if (routes) url.searchParams.set("_routes", routes);
    const answer = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    return { status: answer.status, bytes: (await answer.arrayBuffer()).byteLength };
  };
  const all = await bytes();
  return { path, status: all.status, pageBytes: (await bytes("routes/page")).bytes, rootBytes: (await bytes("root")).bytes, allBytes: all.bytes };
}

/** Where the bytes of a document go: inline scripts (the loader data's among them) and the markup. */
function htmlBreakdown(html: string) {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[0]);
  const dataScripts = scripts.filter((script) => script.includes("streamController.enqueue"));
  const size = (parts: string[]) => parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  const total = Buffer.byteLength(html);
  return { total, loaderData: size(dataScripts), otherScripts: size(scripts) - size(dataScripts), markup: total - size(scripts) };
}

function printLoaderData(pages: LoaderData[], html: string) {
  console.log(`\n== Loader data (serialized, as a client navigation fetches it; KB = ${KB} bytes) ==`);
  const lines = pages.map((page) => [
    page.path,
    String(page.status),
    kb(page.pageBytes),
    kb(page.rootBytes),
    kb(page.allBytes),
    page.allBytes <= GOALS.loaderDataBytes ? "PASS" : "FAIL",
  ]);
  console.log(table(["route", "status", "page KB", "root KB", "all KB", `all <= ${kb(GOALS.loaderDataBytes)} KB`], lines));
  const over = pages.filter((page) => page.allBytes > GOALS.loaderDataBytes);
  check(
    `loader data of ${SSR_PATH} and the list pages at most ${kb(GOALS.loaderDataBytes)} KB`,
    `${pages.length - over.length}/${pages.length} pages, largest ${kb(Math.max(...pages.map((page) => page.allBytes)))} KB`,
    over.length === 0,
    over.length ? `over: ${over.map((page) => page.path).join(", ")}` : "",
  );
  const parts = htmlBreakdown(html);
  console.log(
    `${SSR_PATH} HTML: ${kb(parts.total)} KB = inline loader data ${kb(parts.loaderData)} KB + other inline scripts ${kb(parts.otherScripts)} KB + markup ${kb(parts.markup)} KB`,
  );
  check(`${SSR_PATH} HTML at most ${kb(GOALS.htmlBytes)} KB`, `${kb(parts.total)} KB`, parts.total <= GOALS.htmlBytes);
}

function printThroughput(runs: [string, LoadResult][], baseline: LoadResult, settings: LoadSettings, htmlBytes: number, page = SSR_PATH) {
  console.log(`\n== SSR throughput of ${page} (${htmlBytes} bytes of HTML), ${settings.connections} connections ==`);
  console.log(
    `autocannon: ${settings.connections} connections, ${settings.seconds} s measured after ${WARM_UP_SECONDS} s warm-up each; ` +
      `static = node:http replaying the same bytes and headers`,
  );
  const row = (label: string, result: LoadResult) => [
    label,
    result.requestsPerSecond.toFixed(1),
    ms(result.p50Ms),
    ms(result.p99Ms),
    String(result.totalRequests),
    String(result.failures),
  ];
  const ratios = (label: string, ours: LoadResult) => [
    `ratio ${label}/static`,
    ratio(ours.requestsPerSecond, baseline.requestsPerSecond),
    ratio(ours.p50Ms, baseline.p50Ms),
    ratio(ours.p99Ms, baseline.p99Ms),
    "",
    "",
  ];
  const lines = [...runs.map(([label, result]) => row(label, result)), row("static", baseline), ...runs.map(([label, result]) => ratios(label, result))];
  console.log(table(["server", "req/s", "p50 ms", "p99 ms", "requests", "failures"], lines));
  if ([baseline, ...runs.map(([, result]) => result)].some((result) => result.failures)) {
    console.log("warning: some responses failed (non-2xx, errors or timeouts); the figures above are suspect");
  }
}

/** Issue 32: the uncached render's CPU per /home against the floor app's per request, both servers in this process. */
function printRenderCpu(rendered: CpuCost, floorRendered: CpuCost) {
  console.log(`\n== Server CPU per request, uncached, ${CONNECTIONS} connections ==`);
  console.log(
    table(
      ["server", "CPU ms per request", "req/s", "p99 ms"],
      [
        [`ours ${SSR_PATH} rendered`, rendered.cpuMsPerRequest.toFixed(2), rendered.load.requestsPerSecond.toFixed(1), ms(rendered.load.p99Ms)],
        ["floor app / (one <h1>)", floorRendered.cpuMsPerRequest.toFixed(2), floorRendered.load.requestsPerSecond.toFixed(1), ms(floorRendered.load.p99Ms)],
      ],
    ),
  );
  const cpuRatio = rendered.cpuMsPerRequest / floorRendered.cpuMsPerRequest;
  check(
    `uncached render CPU per ${SSR_PATH} at most ${GOALS.renderCpuFloorRatio}x the floor app's per request`,
    `${cpuRatio.toFixed(2)}x`,
    cpuRatio <= GOALS.renderCpuFloorRatio,
  );
}

/**
 * Issue 32: signed-in /home and a signed-in detail page, served by the render cache to a second person of the class
 * the first person's view filled (ADR 083), against static serving of the very bytes and headers the second got.
 */
async function measureSignedIn(origin: string, platform: EmbeddedPlatform, settings: LoadSettings) {
  const [first, second] = await signedInPeople(origin, platform);
  const pages = [SSR_PATH, await firstDetailLink(origin, SIGNED_IN_DETAIL.list, SIGNED_IN_DETAIL.detail)];
  const replays: Server[] = [];
  try {
    for (const path of pages) {
      const url = new URL(path, origin);
      await fetch(url, { headers: { cookie: first }, signal: AbortSignal.timeout(15_000) }).then((answer) => answer.arrayBuffer());
      const answer = await fetch(url, { headers: { cookie: second }, redirect: "manual", signal: AbortSignal.timeout(15_000) });
      const body = Buffer.from(await answer.arrayBuffer());
      if (answer.status !== 200) throw new Error(`signed-in ${path} answered ${answer.status}`);
      const shared = answer.headers.get("x-render-cache") === "hit";
      const replay = await startStaticServer(body, endToEndHeaders(answer.headers));
      replays.push(replay.server);
      const signedIn: LoadSettings = { ...settings, headers: { cookie: second } };
      const oursLoad = await measureThroughput(url.href, signedIn, WARM_UP_SECONDS);
      const staticLoad = await measureThroughput(new URL(path, replay.origin).href, settings, WARM_UP_SECONDS);
      printThroughput(
        [["ours signed in", oursLoad]],
        staticLoad,
        settings,
        body.length,
        `${path}, signed in (second person of the class: ${shared ? "shared render" : "NOT shared"})`,
      );
      const signedInRatio = oursLoad.requestsPerSecond / staticLoad.requestsPerSecond;
      check(
        `signed-in ${path} at least ${GOALS.signedInRatio.toFixed(2)}x static (-c ${settings.connections})`,
        `${signedInRatio.toFixed(2)}x`,
        signedInRatio >= GOALS.signedInRatio,
      );
      check(
        `signed-in ${path} p99 at most ${GOALS.signedInP99Ms} ms (-c ${settings.connections})`,
        `${ms(oursLoad.p99Ms)} ms`,
        oursLoad.p99Ms <= GOALS.signedInP99Ms,
      );
    }
  } finally {
    for (const server of replays) await closeServer(server);
  }
}

/** Signed-in people are made in the platform's database: the embedded platform is needed. */
function embeddedPlatformOf(handle: AppHandle): EmbeddedPlatform {
  if (!handle.platform) throw new Error("signed-in views need the embedded platform (APP_ENV=local)");
  return handle.platform;
}

function printSummary() {
  console.log("\n== Goals of issues 15 and 32 measured in this run ==");
  console.log(
    table(
      ["goal", "measured", "verdict"],
      results.map(({ goal, measured, pass }) => [goal, measured, pass ? "PASS" : "FAIL"]),
    ),
  );
  console.log(`${results.filter(({ pass }) => pass).length} of ${results.length} goals met`);
}

async function main() {
  requireBuild();
  const seconds = readSeconds();
  const sections = readSections();
  const throughputOnly = sections === "throughput";
  const settings: LoadSettings = { connections: CONNECTIONS, seconds };

  // Every step has its own timeout; this is the backstop that guarantees the process ends whatever hangs.
  const budgetMs = (12 * (seconds + WARM_UP_SECONDS) + 30) * 1000 + 300_000;
  setTimeout(() => {
    console.error(`benchmark still running after ${budgetMs / 1000} s; giving up`);
    process.exit(1);
  }, budgetMs).unref();

  console.log(`bench: node ${process.version}, NODE_ENV=${process.env.NODE_ENV}, ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ""}`.trim());

  const work = mkdtempSync(join(tmpdir(), "bench-"));
  const servers: Server[] = [];
  const handles: AppHandle[] = [];
  let floor: FloorApp | null = null;
  try {
    const env = readServerEnv(
      { ...process.env, PORT: "0", HOST, DATABASE_FILE: join(work, "platform.sqlite"), PAGE_CONFIGS_DIR: join(root, "page-configs") },
      root,
    );
    const start = async (renderCache: boolean) => {
      const handle = await createApp({ env, root, development: false, log: () => {}, renderCache });
      handles.push(handle);
      const server = createServer(handle.app);
      servers.push(server);
      return `http://${HOST}:${await listenInRange(server)}`;
    };
    const ours = await start(true);
    if (sections === "signed-in") {
      await measureSignedIn(ours, embeddedPlatformOf(handles[0]), settings);
      printSummary();
      return;
    }
    const oursUncached = await start(false);
    // The floor serves the render CPU goal's baseline in every mode, and its first load in the full run.
    floor = await startFloorApp(root);

    if (!throughputOnly) {
      const floorLoad = await measureFirstLoad(floor.origin, "/");
      if (floorLoad.status !== 200) throw new Error(`the floor app answered ${floorLoad.status} for /`);

      const rows: FirstLoadRow[] = [];
      for (const target of await routeTargets(ours)) rows.push({ ...target, ours: await measureFirstLoad(ours, target.url) });
      printFirstLoad(rows, floorLoad);
    }

    const page = await fetch(new URL(SSR_PATH, ours), { redirect: "manual", signal: AbortSignal.timeout(15_000) });
    const html = Buffer.from(await page.arrayBuffer());
    if (page.status !== 200) throw new Error(`${SSR_PATH} answered ${page.status}; the throughput comparison needs a rendered page`);
    if (!throughputOnly) {
      const loaderData: LoaderData[] = [];
      for (const path of [SSR_PATH, ...LIST_PAGES]) loaderData.push(await measureLoaderData(ours, path));
      printLoaderData(loaderData, html.toString("utf8"));
    }
    if (sections === "first-load") {
      printSummary();
      return;
    }

    const replay = await startStaticServer(html, endToEndHeaders(page.headers));
    servers.push(replay.server);

    // A fixed order (ours, ours without the render cache, the floor app, then static) keeps runs comparable with each
    // other; each gets its own warm-up. The uncached render and the floor's run back to back: their CPU is compared.
    const cached = await measureThroughput(new URL(SSR_PATH, ours).href, settings, WARM_UP_SECONDS);
    const rendered = await measureCpu(new URL(SSR_PATH, oursUncached).href, settings, WARM_UP_SECONDS);
    const floorRendered = await measureCpu(new URL("/", floor.origin).href, settings, WARM_UP_SECONDS);
    const staticLoad = await measureThroughput(new URL(SSR_PATH, replay.origin).href, settings, WARM_UP_SECONDS);
    printThroughput(
      [
        ["ours cached", cached],
        ["ours rendered", rendered.load],
      ],
      staticLoad,
      settings,
      html.length,
    );
    const cachedRatio = cached.requestsPerSecond / staticLoad.requestsPerSecond;
    check(
      `cached ${SSR_PATH} at least ${GOALS.cachedRatio.toFixed(2)}x static (-c ${CONNECTIONS})`,
      `${cachedRatio.toFixed(2)}x`,
      cachedRatio >= GOALS.cachedRatio,
    );
    check(`cached ${SSR_PATH} p99 at most ${GOALS.cachedP99Ms} ms (-c ${CONNECTIONS})`, `${ms(cached.p99Ms)} ms`, cached.p99Ms <= GOALS.cachedP99Ms);
    printRenderCpu(rendered, floorRendered);
    await floor.close();
    floor = null;

    await measureSignedIn(ours, embeddedPlatformOf(handles[0]), settings);

    const uncachedPlatform = handles[1]?.platform;
    if (uncachedPlatform) {
      const reads = await measureArticleReads(oursUncached, uncachedPlatform, settings, WARM_UP_SECONDS);
      console.log(`\n== Reading an article, uncached, ${settings.connections} connections ==`);
      console.log(
        table(
          ["article", "server CPU ms per read", "req/s"],
          [reads.plain, reads.formula].map((cost) => [cost.label, cost.cpuMsPerRead.toFixed(2), cost.requestsPerSecond.toFixed(1)]),
        ),
      );
      const formulaRatio = reads.formula.cpuMsPerRead / reads.plain.cpuMsPerRead;
      check(
        `a 40-formula article's server CPU per read at most ${GOALS.formulaReadRatio}x a plain one's`,
        `${formulaRatio.toFixed(2)}x`,
        formulaRatio <= GOALS.formulaReadRatio,
      );
    }

    const many: LoadSettings = { connections: MANY_CONNECTIONS, seconds };
    const cachedMany = await measureThroughput(new URL(SSR_PATH, ours).href, many, WARM_UP_SECONDS);
    const staticMany = await measureThroughput(new URL(SSR_PATH, replay.origin).href, many, WARM_UP_SECONDS);
    printThroughput([["ours cached", cachedMany]], staticMany, many, html.length);
    check(
      `cached ${SSR_PATH} p99 at most ${GOALS.cachedP99MsMany} ms (-c ${MANY_CONNECTIONS})`,
      `${ms(cachedMany.p99Ms)} ms`,
      cachedMany.p99Ms <= GOALS.cachedP99MsMany,
    );
    printSummary();
  } finally {
    await floor?.close();
    for (const server of servers) await closeServer(server);
    for (const handle of handles) await handle.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
