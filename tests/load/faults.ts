/**
 * The load suite's fault run (issue 35, ADR 043): our production build with APP_ENV=test against the fake platform,
 * 100 connections on a mix of pages for FAULT_SECONDS (60) while the platform is healthy, then slow (every answer
 * 2 s late), then down (connections refused), then back, a quarter of the time each. Reports errors (5xx from our
 * server, broken connections), p99 per phase and overall, our server's RSS, and how long after the platform returns
 * a page is rendered from it again. Goals: 0 × 5xx, p99 under the time-out + 1 s, live memory flat (within 25% after a
 * full collection), recovery within 5 s.
 */
import { Agent } from "node:http";
import { readFileSync } from "node:fs";
import { startFaultStack } from "../faults/fault-stack.ts";
import { once, percentile, type Target } from "./hammer.ts";
import { type LiveMemory, liveMemory } from "./live-memory.ts";

const CONNECTIONS = 100;
const TIMEOUT_MS = 5_000;
const PHASES = ["healthy", "slow", "down", "back"] as const;
type Phase = (typeof PHASES)[number];

interface Sample {
  phase: Phase;
  ms: number;
  failure: string | null;
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

/** Runs the fault run and returns the problems found (empty when every goal is met). */
export async function runFaultPhase(port: number, seconds: number): Promise<string[]> {
  const problems: string[] = [];
  const inspectPort = port + 3;
  const stack = await startFaultStack({ port, platformTimeoutMs: TIMEOUT_MS, inspectPort });
  const base = new URL(stack.base);
  try {
    const videos = (await (await fetch(`${stack.base}/api/video/list?pageSize=1`)).json()) as { data: { list: { id: number }[] } };
    const video = videos.data.list[0].id;
    const paths = ["/home", `/videoDetail?id=${video}`, "/liveIndex", "/videoList"];
    let turn = 0;
    const target: Target = { label: "fault mix", path: () => paths[turn++ % paths.length] };
    // Warm up (the first renders load every widget module) before the clock starts.
    const warm = new Agent({ keepAlive: true, maxSockets: 10 });
    for (let index = 0; index < 40; index++) await once(base, target, warm);
    warm.destroy();

    const pid = stack.server.pid!;
    const phaseSeconds = seconds / PHASES.length;
    let phase = "healthy" as Phase;
    const samples: Sample[] = [];
    const memory: { second: number; mb: number }[] = [];
    const started = performance.now();
    const until = started + seconds * 1000;
    let backAt = 0;
    let recoveredAt = 0;

    const sampler = setInterval(() => memory.push({ second: (performance.now() - started) / 1000, mb: rssMb(pid) }), 2_000);
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const load = Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const outcome = await once(base, target, agent);
          const failure = "error" in outcome ? outcome.error : outcome.status >= 500 ? `HTTP ${outcome.status}` : null;
          samples.push({ phase, ms: outcome.ms, failure });
        }
      }),
    );
    // The detail page renders from the platform on every request (its source has no cache time): once the platform
    // is back, the first render that names no failed source and is not a stale replay (of either kind) is the recovery.
    const probe = (async () => {
      while (performance.now() < until) {
        if (phase === "back" && !recoveredAt) {
          const response = await fetch(`${stack.base}/videoDetail?id=${video}`);
          await response.arrayBuffer();
          if (response.status === 200 && !response.headers.get("x-sources-failed") && !response.headers.get("x-render-cache")?.startsWith("stale")) {
            recoveredAt = performance.now();
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const at = (index: number) => new Promise((resolve) => setTimeout(resolve, started + index * phaseSeconds * 1000 - performance.now()));
    await at(1);
    const afterHealthy = await liveMemory(inspectPort);
    phase = "slow";
    await stack.control({ api: { kind: "slow", delayMs: 2_000 } });
    await at(2);
    phase = "down";
    await stack.control({ down: true });
    await at(3);
    await stack.control({ api: { kind: "none" }, up: true });
    phase = "back";
    backAt = performance.now();
    await Promise.all([load, probe]);
    clearInterval(sampler);
    agent.destroy();
    memory.push({ second: seconds, mb: rssMb(pid) });
    const atEnd: LiveMemory = await liveMemory(inspectPort);

    console.log(`\nPlatform faults: ${CONNECTIONS} connections for ${seconds} s on ${paths.join(", ")}; PLATFORM_TIMEOUT_MS=${TIMEOUT_MS}`);
    console.log(`${"phase".padEnd(9)} ${"requests".padStart(8)} ${"req/s".padStart(7)} ${"p50".padStart(9)} ${"p99".padStart(9)} ${"max".padStart(9)}  errors`);
    for (const name of PHASES) {
      const of = samples.filter((sample) => sample.phase === name);
      const latencies = of.map((sample) => sample.ms);
      const failures: Record<string, number> = {};
      for (const sample of of) if (sample.failure) failures[sample.failure] = (failures[sample.failure] ?? 0) + 1;
      console.log(
        [
          name.padEnd(9),
          String(of.length).padStart(8),
          (of.length / phaseSeconds).toFixed(0).padStart(7),
          `${percentile(latencies, 0.5).toFixed(0)}ms`.padStart(9),
          `${percentile(latencies, 0.99).toFixed(0)}ms`.padStart(9),
          `${Math.max(0, ...latencies).toFixed(0)}ms`.padStart(9),
          ` ${JSON.stringify(failures)}`,
        ].join(" "),
      );
    }
    const failed = samples.filter((sample) => sample.failure);
    const p99 = percentile(
      samples.map((sample) => sample.ms),
      0.99,
    );
    // RSS from the end of the healthy quarter, once the render and source caches have filled.
    const warmUp = memory.filter((sample) => sample.second <= phaseSeconds).at(-1) ?? memory[0];
    const peak = Math.max(...memory.map((sample) => sample.mb));
    const last = memory.at(-1)!;
    const recovery = recoveredAt ? (recoveredAt - backAt) / 1000 : Number.POSITIVE_INFINITY;
    console.log(`All: ${samples.length} requests, ${failed.length} errors, p99 ${p99.toFixed(0)} ms (goal < ${TIMEOUT_MS + 1_000} ms)`);
    console.log(`RSS (MB): ${memory.map((sample) => `${sample.second.toFixed(0)}s ${sample.mb.toFixed(0)}`).join(", ")}`);
    console.log(`RSS at the end of the healthy quarter ${warmUp.mb.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, at the end ${last.mb.toFixed(0)} MB`);
    console.log(
      `Live memory after a full collection (heap in use + buffers): ${afterHealthy.liveMb.toFixed(0)} MB at the end of the healthy quarter, ${atEnd.liveMb.toFixed(0)} MB at the end (RSS then ${atEnd.rssMb.toFixed(0)} MB)`,
    );
    console.log(`Recovery: a page rendered from the platform ${recovery.toFixed(2)} s after it came back (goal within 5 s)`);
    if (failed.length) problems.push(`fault run: ${failed.length} errors`);
    if (p99 >= TIMEOUT_MS + 1_000) problems.push(`fault run: p99 ${p99.toFixed(0)} ms`);
    // Flat is judged on what the process holds after a full collection (live-memory.ts says why not RSS); RSS is printed.
    if (atEnd.liveMb > afterHealthy.liveMb * 1.25) {
      problems.push(`fault run: live memory grew from ${afterHealthy.liveMb.toFixed(0)} to ${atEnd.liveMb.toFixed(0)} MB`);
    }
    if (recovery > 5) problems.push(`fault run: recovery took ${recovery.toFixed(1)} s`);
  } finally {
    await stack.stop();
  }
  return problems;
}
