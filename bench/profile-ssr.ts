/**
 * `npm run bench:profile`: where the server's CPU goes while it renders a page uncached under load (ADR 038).
 *
 * It starts the production build (BUILD_DIR, default build/: `npm run build` first) in this process without the render
 * cache, warms it up, then samples V8's profiler while autocannon (a child process) holds 10 connections on
 * PROFILE_PATH (default /home) for PROFILE_SECONDS (default 10), and prints the CPU milliseconds per request and the
 * functions with the most samples: self time (where the CPU was) and inclusive time (what it was working for).
 * PROFILE_OUT writes the .cpuprofile for Chrome's DevTools. PROFILE_ARTICLE=formula (or plain) profiles reading the
 * bench's 40-formula article (or the plain one) instead, released first as `npm run bench` releases them.
 * PROFILE_SIGNED_IN=1 profiles what `npm run bench` measures signed in instead: the render cache on, the path viewed by
 * a second person of a class whose first person filled the render (ADR 083, 099), so the hits' own cost shows.
 */
import "./production-mode.ts";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "@server/app.server.ts";
import { readServerEnv } from "@server/env.server.ts";
import { closeServer, HOST, listenInRange } from "./net.ts";
import { releaseBenchArticles } from "./rich-text.ts";
import { signedInPeople } from "./signed-in.ts";
import { runAutocannon } from "./throughput.ts";

const TOP = 25;
const WARM_UP_SECONDS = 5;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

function frameName({ callFrame }: ProfileNode): string {
  const file = callFrame.url.replace(/^.*node_modules\//, "").replace(/^.*\/(app|server|widgets|build|\.builds)\//, "$1/");
  return `${callFrame.functionName || "(anonymous)"} ${file}:${callFrame.lineNumber + 1}`;
}

/** Node's and V8's own frames (timers, microtask queues, async hooks) sit under everything and say nothing inclusive. */
function isPlumbing(name: string): boolean {
  return / node:|^\(|^runMicrotasks /.test(name);
}

/** Share of busy samples per function: where each sample was (self) and every function on its stack (inclusive). */
function summarise(profile: Profile): { self: [string, number][]; inclusive: [string, number][] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    busy += 1;
    self.set(frameName(node), (self.get(frameName(node)) ?? 0) + 1);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at);
      if (frame && frame.callFrame.functionName !== "(root)") onStack.add(frameName(frame));
    }
    for (const name of onStack) if (!isPlumbing(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
  }
  const top = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, count]): [string, number] => [name, count / busy]);
  return { self: top(self), inclusive: top(inclusive) };
}

const root = join(import.meta.dirname, "..");
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const work = mkdtempSync(join(tmpdir(), "profile-"));
const env = readServerEnv(
  { ...process.env, PORT: "0", HOST, DATABASE_FILE: join(work, "platform.sqlite"), PAGE_CONFIGS_DIR: join(root, "page-configs") },
  root,
);
const signedIn = process.env.PROFILE_SIGNED_IN === "1";
const handle = await createApp({ env, root, development: false, log: () => {}, renderCache: signedIn });
const server = createServer(handle.app);
const origin = `http://${HOST}:${await listenInRange(server)}`;
const path = await profiledPath();
const url = `${origin}${path}`;
const headers = signedIn ? { cookie: await secondOfAClass() } : undefined;
/** The second person's Cookie header, after the first person's view filled the class's render of the path. */
async function secondOfAClass(): Promise<string> {
  if (!handle.platform) throw new Error("signed-in people need the embedded platform (APP_ENV=local)");
  const [first, second] = await signedInPeople(origin, handle.platform);
  await fetch(url, { headers: { cookie: first } }).then((answer) => answer.arrayBuffer());
  return second;
}
/** PROFILE_PATH, or the bench's article PROFILE_ARTICLE names. */
async function profiledPath(): Promise<string> {
  const article = process.env.PROFILE_ARTICLE;
  if (!article) return process.env.PROFILE_PATH ?? "/home";
  if (article !== "formula" && article !== "plain") throw new Error(`PROFILE_ARTICLE may only be "formula" or "plain" (got "${article}")`);
  if (!handle.platform) throw new Error("releasing the bench's articles needs the embedded platform (APP_ENV=local)");
  const { formulaId, plainId } = await releaseBenchArticles(origin, handle.platform);
  return `/essayInfo?id=${article === "formula" ? formulaId : plainId}`;
}

const session = new Session();
try {
  await runAutocannon(url, { connections: 10, seconds: WARM_UP_SECONDS, headers });
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  const cpuBefore = process.cpuUsage();
  const load = await runAutocannon(url, { connections: 10, seconds, headers });
  const cpu = process.cpuUsage(cpuBefore);
  const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `${path}, ${signedIn ? "signed in, a class hit" : "uncached"}, -c 10, ${seconds} s, profiler on: ${load.requestsPerSecond.toFixed(1)} req/s, failures ${load.failures}`,
  );
  console.log(`server CPU per request: ${(cpuMs / load.totalRequests).toFixed(2)} ms (profiling adds a little)`);
  const { self, inclusive } = summarise(profile);
  const show = (title: string, rows: [string, number][]) => {
    console.log(`\n${title}`);
    for (const [name, share] of rows) console.log(`${(share * 100).toFixed(1).padStart(6)} %  ${name}`);
  };
  show("self (where the CPU was)", self);
  show("inclusive (what it was working for)", inclusive);
} finally {
  session.disconnect();
  await closeServer(server);
  await handle.close();
  rmSync(work, { recursive: true, force: true });
}
