/**
 * The browser and attack suites in shards side by side (ADR 085): each shard is its own Playwright process with its
 * own server, port and fresh database (tests/e2e/serve.ts), so tests keep the one-at-a-time order they were written
 * for within a shard while the machine's cores are used. Lines are prefixed with the shard; the exit code is the
 * first failing shard's. Two shards unless E2E_SHARDS says otherwise; with more than one, the checks of how fast a page
 * answers (tests/e2e/faults.spec.ts) run alone after them, on a machine the shards no longer share (ADR 090).
 */
import { spawn } from "node:child_process";

const SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
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
  // A file filter given on the command line may leave a shard with nothing to run.
  const shardArgs = SHARDS > 1 ? [`--shard=${index}/${SHARDS}`, "--pass-with-no-tests"] : [];
  const timed: Record<string, string> = SHARDS > 1 ? { E2E_TIMED: "apart" } : {};
  return runPlaywright([...PROJECTS, ...shardArgs], { E2E_PORT: String(FIRST_PORT + (index - 1) * 10), ...timed }, SHARDS > 1 ? `[${index}/${SHARDS}] ` : "");
}

/** The timed checks, alone, after the shards (on the first shard's port, free again). */
function runTimed(): Promise<number> {
  return runPlaywright(["--project", "e2e", "--pass-with-no-tests"], { E2E_PORT: String(FIRST_PORT), E2E_TIMED: "only" }, "[timed] ");
}

function runPlaywright(args: string[], env: Record<string, string>, label: string): Promise<number> {
  const child = spawn("npx", ["playwright", "test", ...args, ...process.argv.slice(2)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  prefixed(child.stdout, label, process.stdout);
  prefixed(child.stderr, label, process.stderr);
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: SHARDS }, (_, index) => runShard(index + 1)));
if (SHARDS > 1) codes.push(await runTimed());
const failed = codes.findIndex((code) => code !== 0);
console.log(
  `Browser suites: ${SHARDS} shard(s)${SHARDS > 1 ? " and the timed checks" : ""} in ${Math.round((Date.now() - started) / 1000)} s; ${failed < 0 ? "all passed" : `${failed < SHARDS ? `shard ${failed + 1}` : "the timed checks"} failed`}.`,
);
process.exit(failed < 0 ? 0 : codes[failed]);
