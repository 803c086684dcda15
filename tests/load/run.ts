/**
 * The load and fault suite (npm run test:load; issue 17, ADR 015). Loopback only, bounded in time:
 *   1. 100 connections for LOAD_SECONDS (60) against /home, a detail page and an API read: 0 errors, p99 printed;
 *   2. SIGTERM in the middle of that load and a stream of writes: the server stops accepting, answers what it accepted,
 *      and exits 0 within 10 s; a restart finds every write it acknowledged;
 *   3. a soak of SOAK_MINUTES (10) at steady load: RSS sampled every 30 s stays flat after the first minute;
 *   4. the platform slow, then down, then back under 100 connections for FAULT_SECONDS (60), our server with
 *      APP_ENV=test against the fake platform on FAULT_PORT (LOAD_PORT + 4) and the three ports after it (platform, its control, our inspector: tests/load/faults.ts).
 * Shorter runs for a quick look: LOAD_SECONDS=10 SOAK_MINUTES=1 FAULT_SECONDS=20 npm run test:load; LOAD_ONLY=faults
 * runs the fault run alone.
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readServerEnv } from "@server/env.server.ts";
import { HEADER, hammer, once, percentile, row, type Target } from "./hammer.ts";
import { runFaultPhase } from "./faults.ts";

const root = join(import.meta.dirname, "..", "..");
const PORT = Number(process.env.LOAD_PORT ?? 3710);
const base = new URL(`http://127.0.0.1:${PORT}`);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const FAULT_SECONDS = Number(process.env.FAULT_SECONDS ?? 60);
const FAULT_PORT = Number(process.env.FAULT_PORT ?? PORT + 4);
const CONNECTIONS = 100;
const problems: string[] = [];

function startServer(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/serve.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", E2E_PORT: String(PORT), E2E_DATA_DIR: dataDir },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return child;
}

async function healthy(): Promise<void> {
  const agent = new Agent();
  for (let attempt = 0; attempt < 120; attempt++) {
    const answer = await once(base, { label: "health", path: () => "/healthz" }, agent);
    if ("status" in answer && answer.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start");
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function json<T>(path: string, init: RequestInit = {}): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(new URL(path, base), init);
  return { body: (await response.json()) as T, headers: response.headers };
}

/** A person made by the developer tools and logged in, from an address of their own. */
async function person(index: number): Promise<Record<string, string>> {
  const phone = `158${String(Date.now()).slice(-4)}${String(index).padStart(4, "0")}`;
  const forwarded = `198.20.0.${index + 1}`;
  await fetch(new URL("/dev/users", base), { method: "POST", body: new URLSearchParams({ userName: phone, password: "load1234", action: "create" }) });
  const login = await fetch(new URL("/api/web/login", base), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwarded },
    body: JSON.stringify({ mobile: phone, mobilePrefix: "86", password: "load1234" }),
  });
  const token = /token=([A-Za-z0-9]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1] ?? "";
  return { token, "x-forwarded-for": forwarded };
}

function finish(): never {
  console.log(problems.length ? `\nFAILED:\n  ${problems.join("\n  ")}` : "\nAll load and fault checks passed.");
  process.exit(problems.length ? 1 : 0);
}

async function main() {
  if (!existsSync(join(readServerEnv(process.env, root).buildDir, "server", "index.js"))) execSync("npm run build", { cwd: root, stdio: "inherit" });
  if (process.env.LOAD_ONLY === "faults") {
    problems.push(...(await runFaultPhase(FAULT_PORT, FAULT_SECONDS)));
    finish();
  }
  const dataDir = mkdtempSync(join(tmpdir(), "load-"));
  let server = startServer(dataDir);
  await healthy();
  const video = (await json<{ data: { list: { id: number }[] } }>("/api/video/list?pageSize=1")).body.data.list[0].id;

  // 1. Load.
  const targets: Target[] = [
    { label: "/home (render cache)", path: () => "/home" },
    { label: `/videoDetail?id=${video} (SSR)`, path: () => `/videoDetail?id=${video}` },
    { label: "/api/video/list (API read)", path: () => "/api/video/list?pageSize=10" },
  ];
  console.log(`\nLoad: ${CONNECTIONS} connections, ${LOAD_SECONDS} s each\n${HEADER}`);
  for (const target of targets) {
    await hammer(base, target, 10, 2);
    const result = await hammer(base, target, CONNECTIONS, LOAD_SECONDS);
    console.log(row(result));
    if (Object.keys(result.failures).length) problems.push(`${target.label}: ${JSON.stringify(result.failures)}`);
  }

  // 2. SIGTERM under load, with writes going on.
  const writers = await Promise.all(Array.from({ length: 10 }, (_, index) => person(index)));
  const acknowledged = writers.map(() => 0);
  let writeFailures = 0;
  const writing = Promise.all(
    writers.map(async (headers, writer) => {
      const agent = new Agent({ keepAlive: true });
      for (let index = 0; index < 20; index++) {
        const body = JSON.stringify({
          receiver: "压测",
          phone: "13800138000",
          provinceCode: "110000",
          cityCode: "110000",
          districtCode: "110108",
          detail: `写入 ${index}`,
        });
        const target: Target = { label: "write", method: "POST", path: () => "/api/userAddress/operation", headers: () => headers, body: () => body };
        const outcome = await once(base, target, agent);
        if ("error" in outcome) {
          // Refused: the server had stopped listening, so nothing was accepted. Anything else lost a sent write.
          if (outcome.error !== "ECONNREFUSED") writeFailures++;
          break;
        }
        if (outcome.status === 200) acknowledged[writer]++;
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      agent.destroy();
    }),
  );
  let stopLoad = false;
  const load = hammer(base, targets[0], CONNECTIONS, 30, () => stopLoad);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const signalled = performance.now();
  server.kill("SIGTERM");
  const exitCode = await new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const stopSeconds = (performance.now() - signalled) / 1000;
  stopLoad = true;
  const during = await load;
  await writing;
  const accepted = Object.entries(during.failures).filter(([kind]) => kind !== "ECONNREFUSED");
  console.log(
    `\nShutdown: SIGTERM after 3 s of ${CONNECTIONS} connections and 10 writers: exit code ${exitCode} after ${stopSeconds.toFixed(2)} s; ` +
      `${during.requests} requests, ${during.failures.ECONNREFUSED ?? 0} refused after it stopped listening, ` +
      `${accepted.reduce((sum, [, count]) => sum + count, 0)} accepted and then failed; ${writeFailures} writes failed after being sent`,
  );
  if (exitCode !== 0) problems.push(`exit code ${exitCode}`);
  if (stopSeconds > 10) problems.push(`stopping took ${stopSeconds.toFixed(1)} s`);
  if (accepted.length || writeFailures) problems.push(`accepted requests failed: ${JSON.stringify(Object.fromEntries(accepted))}, writes ${writeFailures}`);

  // Restart: every acknowledged write is there.
  server = startServer(dataDir);
  await healthy();
  let found = 0;
  const missing: string[] = [];
  for (const [writer, headers] of writers.entries()) {
    const list = (await json<{ data: { id: number }[] }>("/api/userAddress/list", { headers })).body.data;
    found += list.length;
    if (list.length < acknowledged[writer]) missing.push(`writer ${writer}: ${acknowledged[writer]} acknowledged, ${list.length} found`);
  }
  const total = acknowledged.reduce((sum, count) => sum + count, 0);
  console.log(`Restart: ${total} writes acknowledged before the stop, ${found} found in the database`);
  if (missing.length) problems.push(`acknowledged writes lost: ${missing.join("; ")}`);

  // 3. Soak.
  const samples: { minute: number; mb: number }[] = [];
  const pid = server.pid!;
  let soaking = true;
  const sampler = (async () => {
    const started = performance.now();
    while (soaking) {
      samples.push({ minute: (performance.now() - started) / 60_000, mb: rssMb(pid) });
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, (SOAK_MINUTES * 60_000) / 10)));
    }
  })();
  const mixed: Target = {
    label: "soak (mixed)",
    path: (() => {
      let turn = 0;
      return () => [`/home`, `/videoDetail?id=${video}`, `/api/video/list?pageSize=10`, `/liveIndex`][turn++ % 4];
    })(),
  };
  const soak = await hammer(base, mixed, 20, SOAK_MINUTES * 60);
  soaking = false;
  await sampler;
  samples.push({ minute: SOAK_MINUTES, mb: rssMb(pid) });
  const afterWarmUp = samples.find((sample) => sample.minute >= Math.min(1, SOAK_MINUTES / 5)) ?? samples[0];
  const last = samples.at(-1)!;
  const flat = last.mb <= afterWarmUp.mb * 1.25;
  console.log(
    `\nSoak: ${SOAK_MINUTES} min at 20 connections, ${soak.requests} requests, p99 ${percentile(soak.latencies, 0.99).toFixed(1)} ms, errors ${JSON.stringify(soak.failures)}`,
  );
  console.log(`RSS (MB) over time: ${samples.map((sample) => `${sample.minute.toFixed(1)}m ${sample.mb.toFixed(0)}`).join(", ")}`);
  console.log(`After warm-up ${afterWarmUp.mb.toFixed(0)} MB, at the end ${last.mb.toFixed(0)} MB: ${flat ? "flat (within 25%)" : "GROWING"}`);
  if (!flat) problems.push("memory grew more than 25% after warm-up");
  if (Object.keys(soak.failures).length) problems.push(`soak errors: ${JSON.stringify(soak.failures)}`);

  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });

  // 4. The platform slow, down and back.
  problems.push(...(await runFaultPhase(FAULT_PORT, FAULT_SECONDS)));
  finish();
}

void main();
