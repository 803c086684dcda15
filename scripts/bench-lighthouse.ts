/**
 * `npm run bench:lighthouse`: Lighthouse mobile (its default simulated throttling) on five kinds of page, each
 * measured several times, medians printed against the goals of issue 15.
 *
 * It measures the production build in BUILD_DIR when one is there (otherwise builds it first), runs the production
 * server as a child process with a temporary database on a free port behind Debian's nginx as production has it
 * (ADR 027: gzip is nginx's work; scripts/nginx-proxy.ts, installed when missing), over TLS with HTTP/2 as browsers reach
 * a production site (a self-signed certificate made with openssl, which Chromium is told to trust; ADR 038), and
 * drives Debian's Chromium (never a downloaded browser). Missed goals are reported, not failed: the exit code is non-zero only when something broke
 * (no build, server did not start, a page did not answer, Lighthouse errored).
 *
 * Settings: LIGHTHOUSE_RUNS (default 3), LIGHTHOUSE_ROUTES (comma-separated paths, default the five below),
 * LIGHTHOUSE_REPORT_DIR (writes each run's full JSON report there), PORT (the node server's; default: the first free
 * port from 3300), NGINX_PORT (default: the first free port after it), LIGHTHOUSE_HTTP1=1 (nginx over plain HTTP/1.1,
 * as measured before ADR 038), LIGHTHOUSE_DIRECT=1 (measure the node server without nginx), CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_ORIGIN (measure a server already running there
 * instead), LIGHTHOUSE_CATEGORIES (comma-separated, default all four; `performance` alone is about twice as fast
 * while iterating).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { readServerEnv } from "../server/env.server.ts";
import { ensureNginx, selfSignedCertificate, startNginx } from "./nginx-proxy.ts";

const root = join(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

/** A detail page is measured at the first item the list links to, as a reader reaches it (the seed decides which exist). */
const DETAIL_FROM_LIST = { list: "/videoList", detailPath: "/videoDetail" };
const DEFAULT_ROUTES = ["/home", DETAIL_FROM_LIST.list, DETAIL_FROM_LIST.detailPath, "/2023ames", "/register"];

interface Goal {
  label: string;
  category: Category;
  read(run: RunFigures): number;
  show(value: number): string;
  met(value: number): boolean;
  goal: string;
}

interface RunFigures {
  scores: Partial<Record<Category, number>>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse took as the largest paint: the element's selector and tag, e.g. `div.hero > img` (img). */
  lcpElement: string;
}

const score = (value: number) => String(Math.round(value));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const GOALS: Goal[] = [
  { label: "performance", category: "performance", read: (run) => run.scores.performance ?? Number.NaN, show: score, met: (v) => v >= 95, goal: ">= 95" },
  { label: "accessibility", category: "accessibility", read: (run) => run.scores.accessibility ?? Number.NaN, show: score, met: (v) => v >= 100, goal: "100" },
  { label: "best-practices", category: "best-practices", read: (run) => run.scores["best-practices"] ?? Number.NaN, show: score, met: () => true, goal: "-" },
  { label: "seo", category: "seo", read: (run) => run.scores.seo ?? Number.NaN, show: score, met: (v) => v >= 100, goal: "100" },
  { label: "FCP", category: "performance", read: (run) => run.fcpMs, show: seconds, met: () => true, goal: "-" },
  { label: "LCP", category: "performance", read: (run) => run.lcpMs, show: seconds, met: (v) => v <= 2000, goal: "<= 2.00 s" },
  { label: "TBT", category: "performance", read: (run) => run.tbtMs, show: (v) => `${Math.round(v)} ms`, met: (v) => v <= 100, goal: "<= 100 ms" },
  { label: "CLS", category: "performance", read: (run) => run.cls, show: (v) => v.toFixed(3), met: (v) => v <= 0.02, goal: "<= 0.020" },
];

function readRuns(): number {
  const raw = process.env.LIGHTHOUSE_RUNS ?? "3";
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) throw new Error(`LIGHTHOUSE_RUNS must be a whole number from 1 to 15 (got "${raw}")`);
  return runs;
}

function readCategories(): Category[] {
  const raw = process.env.LIGHTHOUSE_CATEGORIES;
  if (!raw) return [...CATEGORIES];
  const asked = raw.split(",").map((name) => name.trim());
  const unknown = asked.filter((name) => !(CATEGORIES as readonly string[]).includes(name));
  if (unknown.length || !asked.includes("performance"))
    throw new Error(`LIGHTHOUSE_CATEGORIES must list performance and any of ${CATEGORIES.join(", ")} (got "${raw}")`);
  return asked as Category[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function ensureBuild(): string {
  const buildDir = readServerEnv(process.env, root).buildDir;
  if (existsSync(join(buildDir, "server/index.js")) && existsSync(join(buildDir, "client/.vite/manifest.json"))) {
    console.log(`using the production build in ${buildDir}`);
    return buildDir;
  }
  console.log(`no production build in ${buildDir}; building it`);
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (build.status !== 0) throw new Error("the production build failed");
  return buildDir;
}

function freePort(from: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EADDRINUSE" || from >= 65535) reject(error);
      else resolve(freePort(from + 1));
    });
    probe.listen(from, HOST, () => probe.close(() => resolve(from)));
  });
}

async function waitForPage(origin: string, child: ChildProcess, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output()}`);
    try {
      const answer = await fetch(`${origin}/home`, { signal: AbortSignal.timeout(5_000) });
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${what} did not answer /home within 60 s:\n${output()}`);
}

/** The production server on `port`, told that readers reach it at `publicOrigin` (nginx's, when in front). */
async function startServer(databaseFile: string, port: number, publicOrigin: string, behindProxy: boolean): Promise<ChildProcess> {
  // nginx, on this machine, is then the only proxy: its X-Forwarded-For counts, nobody else's.
  const proxyEnv = behindProxy ? { TRUST_PROXY: HOST } : {};
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST, DATABASE_FILE: databaseFile, PUBLIC_ORIGIN: publicOrigin, ...proxyEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  try {
    await waitForPage(`http://${HOST}:${port}`, child, "the server", () => output);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return child;
}

async function resolveRoutes(origin: string, paths: string[]): Promise<string[]> {
  const needsDetail = paths.includes(DETAIL_FROM_LIST.detailPath);
  let detail = "";
  if (needsDetail) {
    const list = await fetch(new URL(DETAIL_FROM_LIST.list, origin), { signal: AbortSignal.timeout(15_000) });
    const link = (await list.text()).match(new RegExp(`href="(${DETAIL_FROM_LIST.detailPath}\\?id=[^"#]+)"`))?.[1];
    if (!link) throw new Error(`${DETAIL_FROM_LIST.list} links to no ${DETAIL_FROM_LIST.detailPath}?id=… page`);
    detail = link.replaceAll("&amp;", "&");
  }
  const routes = paths.map((path) => (path === DETAIL_FROM_LIST.detailPath ? detail : path));
  for (const route of routes) {
    const answer = await fetch(new URL(route, origin), { redirect: "manual", signal: AbortSignal.timeout(15_000) });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}; Lighthouse would measure an error page`);
  }
  return routes;
}

interface Finding {
  id: string;
  title: string;
  detail: string;
}

/** What the run says limits it: failed audits of the categories, opportunities with their estimated saving first. */
function findings(result: LighthouseResult, categories: readonly Category[]): Finding[] {
  const out: Finding[] = [];
  for (const category of categories) {
    for (const reference of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[reference.id];
      if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === "informative") continue;
      if (category === "performance" && reference.group === "metrics") continue;
      const saving = audit.details && "overallSavingsMs" in audit.details ? (audit.details.overallSavingsMs as number | undefined) : undefined;
      const detail = saving ? `saves ~${Math.round(saving)} ms` : (audit.displayValue ?? "");
      out.push({ id: `${category}/${audit.id}`, title: audit.title, detail });
    }
  }
  const shifts = result.audits["layout-shifts"] ?? result.audits["layout-shift-elements"];
  const items = shifts?.details && "items" in shifts.details ? (shifts.details.items as Array<Record<string, unknown>>) : [];
  for (const item of items.slice(0, 3)) {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    const weight = typeof item.score === "number" ? item.score.toFixed(3) : "";
    out.push({ id: "layout-shift", title: node?.selector ?? "", detail: `${weight} ${node?.snippet ?? ""}`.trim() });
  }
  return out;
}

/** The LCP element from the audit that names it (a table whose first row holds the node). */
function lcpElementOf(result: LighthouseResult): string {
  const details = result.audits["largest-contentful-paint-element"]?.details as
    | { items?: Array<{ items?: Array<{ node?: { selector?: string; snippet?: string } }> }> }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  if (!node?.selector) return "none reported";
  const tag = /^<([a-z0-9-]+)/i.exec(node.snippet ?? "")?.[1] ?? "";
  return tag ? `${node.selector} (${tag})` : node.selector;
}

function figuresOf(result: LighthouseResult, categories: readonly Category[]): RunFigures {
  const numeric = (id: string) => {
    const value = result.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} for ${result.finalDisplayedUrl}`);
    return value;
  };
  const scores = Object.fromEntries(
    categories.map((category) => {
      const value = result.categories[category]?.score;
      if (typeof value !== "number") throw new Error(`Lighthouse gave no ${category} score for ${result.finalDisplayedUrl}`);
      return [category, value * 100];
    }),
  ) as Partial<Record<Category, number>>;
  return {
    scores,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    lcpElement: lcpElementOf(result),
  };
}

function printRoute(route: string, runs: RunFigures[], notes: Finding[][], categories: readonly Category[]) {
  console.log(`\n== ${route} (median of ${runs.length}) ==`);
  const rows = GOALS.filter((goal) => categories.includes(goal.category)).map((goal) => {
    const values = runs.map(goal.read);
    const middle = median(values);
    const verdict = goal.goal === "-" ? "" : goal.met(middle) ? "PASS" : "FAIL";
    return [goal.label, goal.show(middle), goal.goal, verdict, values.map(goal.show).join(" / ")];
  });
  const header = ["measure", "median", "goal", "", "runs"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join("  ");
  console.log([line(header), ...rows.map(line)].join("\n"));
  const elements = new Map<string, number>();
  for (const run of runs) elements.set(run.lcpElement, (elements.get(run.lcpElement) ?? 0) + 1);
  for (const [element, count] of elements) console.log(`LCP element (${count} of ${runs.length}): ${element}`);
  // Findings seen in most runs are what limits the page; one-off noise is left out.
  const counts = new Map<string, { finding: Finding; runs: number }>();
  for (const run of notes)
    for (const finding of run) counts.set(`${finding.id} ${finding.title}`, { finding, runs: (counts.get(`${finding.id} ${finding.title}`)?.runs ?? 0) + 1 });
  const steady = [...counts.values()].filter((entry) => entry.runs * 2 > notes.length);
  if (steady.length) {
    console.log("limits (in most runs):");
    for (const { finding } of steady) console.log(`  ${finding.id}: ${finding.title}${finding.detail ? ` (${finding.detail})` : ""}`);
  }
}

/** Lighthouse's trace recording fails now and then on a busy machine (NO_NAVSTART, NO_FCP); it asks to run again. */
const TRACE_ATTEMPTS = 3;

async function measure(url: string, port: number, categories: readonly Category[]): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = (await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...categories] }))?.lhr;
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.runtimeError) return result;
    const failure = `${result.runtimeError.code} ${result.runtimeError.message}`;
    if (attempt === TRACE_ATTEMPTS) throw new Error(`Lighthouse failed on ${url} ${attempt} times: ${failure}`);
    console.log(`Lighthouse failed on ${url} (${failure}); measuring it again`);
  }
}

async function main() {
  const runs = readRuns();
  const categories = readCategories();
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  const paths = process.env.LIGHTHOUSE_ROUTES ? process.env.LIGHTHOUSE_ROUTES.split(",").map((path) => path.trim()) : DEFAULT_ROUTES;
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const external = process.env.LIGHTHOUSE_ORIGIN?.replace(/\/$/, "");
  if (external && !/^https?:\/\/[^\s/]+$/.test(external))
    throw new Error(`LIGHTHOUSE_ORIGIN must be an origin such as http://127.0.0.1:8080 (got "${external}")`);
  if (!external) ensureBuild();

  const direct = process.env.LIGHTHOUSE_DIRECT === "1";
  const nginx = external || direct ? null : ensureNginx();
  const tls = nginx !== null && process.env.LIGHTHOUSE_HTTP1 !== "1";

  const work = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
  const chromeFlags = [...CHROME_FLAGS];
  let server: ChildProcess | null = null;
  let proxy: ChildProcess | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    let origin = external ?? "";
    if (!external) {
      const port = process.env.PORT ? Number(process.env.PORT) : await freePort(3300);
      const proxyPort = nginx ? (process.env.NGINX_PORT ? Number(process.env.NGINX_PORT) : await freePort(port + 1)) : port;
      origin = `${tls ? "https" : "http"}://${HOST}:${proxyPort}`;
      server = await startServer(join(work, "platform.sqlite"), port, origin, nginx !== null);
      if (nginx) {
        const nginxDir = join(work, "nginx");
        mkdirSync(nginxDir);
        const certificate = tls ? selfSignedCertificate(nginxDir) : null;
        if (certificate) {
          chromeFlags.push(`--ignore-certificate-errors-spki-list=${certificate.spkiHash}`);
          // This script's own requests go to that one local origin, whose certificate nobody signed: the server above
          // has already been started without this.
          process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
        }
        proxy = startNginx(nginx, nginxDir, [{ port: proxyPort, nodePorts: [port], ...(certificate ? { tls: certificate } : {}) }]);
        await waitForPage(origin, proxy, "nginx", () => "");
      }
    }
    const routes = await resolveRoutes(origin, paths);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: "silent" });
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
    console.log(`lighthouse mobile, default simulated throttling, ${runs} run(s) per route; ${chromePath}; load average ${load}`);
    if (external) console.log(`measuring ${external}`);
    else if (tls) console.log("measuring through nginx over TLS with HTTP/2 and gzip, as production serves pages (ADR 027, ADR 038)");
    else if (nginx) console.log("measuring through nginx over plain HTTP/1.1 with gzip (LIGHTHOUSE_HTTP1=1)");
    else console.log("measuring the node server itself (LIGHTHOUSE_DIRECT=1), as `npm start` serves pages: its own brotli and gzip, HTTP/1.1, no TLS");
    for (const route of routes) {
      const figures: RunFigures[] = [];
      const notes: Finding[][] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await measure(`${origin}${route}`, chrome.port, categories);
        figures.push(figuresOf(result, categories));
        notes.push(findings(result, categories));
        if (reportDir) writeFileSync(join(reportDir, `${route.replace(/[^A-Za-z0-9]+/g, "_")}-${run}.json`), JSON.stringify(result));
      }
      printRoute(route, figures, notes, categories);
    }
    console.log(
      `\nload average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await chrome?.kill();
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy?.once("exit", resolve));
      proxy.kill("SIGTERM");
      await exited;
    }
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
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
