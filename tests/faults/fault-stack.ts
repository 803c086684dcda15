/**
 * Our production build against the fault harness, each a process of its own (so what is measured of our server is
 * ours alone): the fake platform (serve-platform.ts) and `server/main.ts` with APP_ENV=test pointing at it. Used by the
 * browser suite's fault spec and the load run's fault phase.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FaultSetting } from "./fake-platform.ts";

const root = join(import.meta.dirname, "..", "..");

export interface FaultStackOptions {
  /** Our server's port; the fake platform listens on port + 1 and its control on port + 2. */
  port: number;
  /** PLATFORM_TIMEOUT_MS of our server: how long a page waits for each source. */
  platformTimeoutMs: number;
  /** Opens our server's inspector on this port, so the load run can read its live memory after a full collection. */
  inspectPort?: number;
}

export interface FaultCommand extends FaultSetting {
  drop?: boolean;
  down?: boolean;
  up?: boolean;
  reset?: boolean;
  user?: { phone: string; password: string };
}

export interface FaultStack {
  /** Our server, e.g. http://127.0.0.1:3311 */
  base: string;
  server: ChildProcess;
  control(command: FaultCommand): Promise<{ up: boolean; requests: number; maxInFlight: number; inFlight: number }>;
  stop(): Promise<void>;
}

function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${seen.slice(-2000)}`)), 90_000);
    const read = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`${what} exited with ${code}: ${seen.slice(-2000)}`)));
  });
}

const stopped = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()).kill("SIGTERM"));

export async function startFaultStack(options: FaultStackOptions): Promise<FaultStack> {
  const base = `http://127.0.0.1:${options.port}`;
  // The site's configs and the harness's own page (a list cached for 1 s, for stale-if-error), never shadowing one.
  const configs = mkdtempSync(join(tmpdir(), "fault-configs-"));
  cpSync(join(root, "page-configs"), configs, { recursive: true });
  cpSync(join(import.meta.dirname, "fixtures"), configs, { recursive: true, force: false });
  const platformPort = options.port + 1;
  const controlPort = options.port + 2;
  const platform = spawn(process.execPath, ["--import", "tsx", "tests/faults/serve-platform.ts"], {
    cwd: root,
    env: { ...process.env, FAKE_PLATFORM_PORT: String(platformPort), FAKE_CONTROL_PORT: String(controlPort), PUBLIC_ORIGIN: base },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await waitForLine(platform, /fake platform ready/, "the fake platform");
  const inspect = options.inspectPort ? [`--inspect=127.0.0.1:${options.inspectPort}`] : [];
  const server = spawn(process.execPath, [...inspect, "--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "test",
      PLATFORM_API_TEST: `http://127.0.0.1:${platformPort}/api`,
      PLATFORM_SOCKETS_URL: `ws://127.0.0.1:${platformPort}`,
      PLATFORM_TIMEOUT_MS: String(options.platformTimeoutMs),
      PUBLIC_ORIGIN: base,
      PORT: String(options.port),
      PAGE_CONFIGS_DIR: configs,
      HOST: "127.0.0.1",
      // The suite speaks for several people from one machine: each names its address in X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.resume();
  await waitForLine(server, /listening on http/, "our server");

  return {
    base,
    server,
    async control(command) {
      const response = await fetch(`http://127.0.0.1:${controlPort}/`, { method: "POST", body: JSON.stringify(command) });
      return (await response.json()) as Awaited<ReturnType<FaultStack["control"]>>;
    },
    async stop() {
      await stopped(server);
      await stopped(platform);
      rmSync(configs, { recursive: true, force: true });
    },
  };
}
