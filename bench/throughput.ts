/**
 * Load generation and the static baseline for the SSR throughput comparison.
 *
 * autocannon runs as a child process rather than in-process: the servers under test live in this process,
 * and a load generator sharing their event loop would steal exactly the time we are trying to measure.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer, type OutgoingHttpHeaders, type Server } from "node:http";
import { listenInRange, HOST } from "./net.ts";

export interface LoadSettings {
  connections: number;
  seconds: number;
  /** Sent with every request (a signed-in person's Cookie). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx plus connection errors and timeouts: anything but 0 makes the figures suspect. */
  failures: number;
}

/** Fields of autocannon's --json report that we read. */
interface AutocannonReport {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const autocannonCli = createRequire(import.meta.url).resolve("autocannon");
/** Slack on top of the run's own duration for process start-up and the report; past it the child is killed. */
const CHILD_GRACE_MS = 30_000;

export function runAutocannon(url: string, settings: LoadSettings): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const headers = Object.entries(settings.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
    const args = [autocannonCli, "--json", "--no-progress", "-c", String(settings.connections), "-d", String(settings.seconds), ...headers, url];
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), settings.seconds * 1000 + CHILD_GRACE_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`autocannon ${url} ended with ${signal ?? `exit code ${code}`}:\n${stderr}`));
        return;
      }
      try {
        const report = JSON.parse(stdout) as AutocannonReport;
        resolve({
          requestsPerSecond: report.requests.average,
          totalRequests: report.requests.total,
          p50Ms: report.latency.p50,
          p99Ms: report.latency.p99,
          failures: report.non2xx + report.errors + report.timeouts,
        });
      } catch {
        reject(new Error(`autocannon ${url} printed no JSON report:\n${stdout}${stderr}`));
      }
    });
  });
}

/** A warm-up run (JIT, caches, connection pools) whose figures are thrown away, then the measured run. */
export async function measureThroughput(url: string, settings: LoadSettings, warmUpSeconds: number): Promise<LoadResult> {
  await runAutocannon(url, { ...settings, seconds: warmUpSeconds });
  return runAutocannon(url, settings);
}

export interface CpuCost {
  load: LoadResult;
  /** This process's CPU time (user and system) per request: the servers under test run here, autocannon does not. */
  cpuMsPerRequest: number;
}

/** measureThroughput while this process's CPU time is counted; the warm-up's requests are counted at the measured rate. */
export async function measureCpu(url: string, settings: LoadSettings, warmUpSeconds: number): Promise<CpuCost> {
  const before = process.cpuUsage();
  const load = await measureThroughput(url, settings, warmUpSeconds);
  const cpu = process.cpuUsage(before);
  const requests = load.totalRequests + load.requestsPerSecond * warmUpSeconds;
  return { load, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / requests };
}

/** Headers that describe one connection or one transfer rather than the response; node:http sets its own. */
const PER_CONNECTION = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);

export function endToEndHeaders(headers: Headers): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) kept[name] = value;
  });
  return kept;
}

/**
 * The ceiling: plain node:http answering every request with the same bytes and headers our server sent for the
 * page, so the difference is the cost of routing, loaders and rendering, not of payload size.
 */
export async function startStaticServer(body: Buffer, headers: OutgoingHttpHeaders): Promise<{ server: Server; origin: string }> {
  const fixed = { ...headers, "content-length": body.length };
  const server = createServer((_request, response) => {
    response.writeHead(200, fixed);
    response.end(body);
  });
  const port = await listenInRange(server);
  return { server, origin: `http://${HOST}:${port}` };
}
