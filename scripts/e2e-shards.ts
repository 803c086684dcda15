/**
 * The browser and attack suites in shards side by side (ADR 085): each shard is its own Playwright process with its
 * own server, port and fresh database (tests/e2e/serve.ts), so tests keep the one-at-a-time order they were written
 * for within a shard while the machine's cores are used. Lines are prefixed with the shard; the exit code is the
 * first failing shard's. One shard unless E2E_SHARDS says more: on two cores the latency checks (tests/e2e/faults.spec.ts)
 * do not hold with two shards running.
 */
import { spawn } from "node:child_process";

const SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
/** Ports 10 apart: the fault suite also uses its shard's port + 1 and + 2. */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210);
const PROJECTS = ["--project", "e2e", "--project", "security"];

function prefixed(stream: NodeJS.ReadableStream, label: string, out: NodeJS.WritableStream): void {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) out.write(`${label}${line}\n`);
  });
  stream.on("end", () => {
    if (pending) out.write(`${label}${pending}\n`);
  });
}

function runShard(index: number): Promise<number> {
  const shardArgs = SHARDS > 1 ? [`--shard=${index}/${SHARDS}`] : [];
  const child = spawn("npx", ["playwright", "test", ...PROJECTS, ...shardArgs, ...process.argv.slice(2)], {
    env: { ...process.env, E2E_PORT: String(FIRST_PORT + (index - 1) * 10) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const label = SHARDS > 1 ? `[${index}/${SHARDS}] ` : "";
  prefixed(child.stdout, label, process.stdout);
  prefixed(child.stderr, label, process.stderr);
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: SHARDS }, (_, index) => runShard(index + 1)));
const failed = codes.findIndex((code) => code !== 0);
console.log(
  `Browser suites: ${SHARDS} shard(s) in ${Math.round((Date.now() - started) / 1000)} s; ${failed < 0 ? "all passed" : `shard ${failed + 1} failed`}.`,
);
process.exit(failed < 0 ? 0 : codes[failed]);
