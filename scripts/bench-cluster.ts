/**
 * `npm run bench:cluster`: two production server processes behind Debian's nginx, sharing one platform store (one
 * SQLite file, the local stand-in for one shared platform, ADR 027), to show that an SSR node keeps nothing another
 * node needs. Checks (any failure exits 1):
 *   - both nodes start at the same moment on a new database: migrations and seeds run once, in turn;
 *   - a session made through nginx works on each node reached directly, for the API and for pages;
 *   - the language cookie gives the same language on both nodes, and pages render on both;
 *   - the dwell-time and chat websockets work through nginx, and a chat message sent on one node reaches readers of
 *     both;
 *   - the console's store is one PostgreSQL (a throwaway cluster, ADR 052): a publish on node A is served by node B
 *     through nginx within 1 s (median and worst of 20, pushed by LISTEN/NOTIFY, ADR 053), and 20 concurrent
 *     publishes on both nodes lose none (scripts/cluster-console-checks.ts);
 * then measures signed-in /home (its viewer class's shared render, ADR 083) through nginx with 1 node and with 2 nodes, at -c 10
 * and -c 50, and prints the scaling ratio.
 *
 * nginx is installed with `apt-get install -y nginx` when missing (as root); otherwise the script says what to install.
 * Ports: nodes on 3470 and 3471, nginx on 3480 (both nodes), 3481 (node A only) and 3482 (node B only), PostgreSQL on
 * 55470; CLUSTER_PORT_BASE=N moves them to N, N+1 (nodes), N+2, N+3, N+4 (nginx) and CLUSTER_POSTGRES_PORT moves
 * PostgreSQL. BUILD_DIR is honoured (default .builds/cluster) and built when missing. CLUSTER_BENCH_SECONDS sets each
 * measurement's length (default 10).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { ensureNginx, startNginx } from "./nginx-proxy.ts";
import WebSocket from "ws";
import { reviewClaim } from "../platform/scholar-workspace/index.server.ts";
import { consoleClusterChecks } from "./cluster-console-checks.ts";
import { startThrowawayPostgres } from "./postgres-cluster.ts";

const root = resolve(import.meta.dirname, "..");
const buildDir = process.env.BUILD_DIR ?? ".builds/cluster";
const seconds = Number(process.env.CLUSTER_BENCH_SECONDS ?? 10);
const HOST = "127.0.0.1";
const PORT_BASE = Number(process.env.CLUSTER_PORT_BASE ?? 0);
const NODE_PORTS = (PORT_BASE ? [PORT_BASE, PORT_BASE + 1] : [3470, 3471]) as readonly [number, number];
const NGINX_BOTH = PORT_BASE ? PORT_BASE + 2 : 3480;
const NGINX_ONE = PORT_BASE ? PORT_BASE + 3 : 3481;
const NGINX_B = PORT_BASE ? PORT_BASE + 4 : 3482;
const POSTGRES_PORT = Number(process.env.CLUSTER_POSTGRES_PORT ?? 55470);
const PUBLIC_ORIGIN = `http://${HOST}:${NGINX_BOTH}`;

const results: { name: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail: string): void {
  results.push({ name, ok, detail });
  console.log(`${ok ? "PASS" : "FAIL"}  ${name}${detail ? ` — ${detail}` : ""}`);
}

function ensureBuild(): void {
  if (existsSync(join(root, buildDir, "server", "index.js"))) return;
  console.log(`no build in ${buildDir}: building it`);
  execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}

const children: ChildProcess[] = [];
function stopChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
}

async function waitFor(url: string, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function startNode(port: number, databaseFile: string, directory: string, consoleDatabaseUrl: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "local",
      HOST,
      PORT: String(port),
      BUILD_DIR: buildDir,
      DATABASE_FILE: databaseFile,
      CONSOLE_DATABASE_URL: consoleDatabaseUrl,
      PUBLIC_ORIGIN,
      // nginx is the only proxy, on this machine: its X-Forwarded-For counts, nobody else's.
      TRUST_PROXY: HOST,
      CAPTCHA: "test",
    },
  });
  const log = join(directory, `node-${port}.log`);
  const lines: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  child.on("exit", () => writeFileSync(log, lines.join("")));
  children.push(child);
  return child;
}

/** The fields of the platform's envelopes this bench reads (a login's user, a session's user). */
type Json = { code: number; message?: string; data?: { id?: number | string; user?: { id: number | string } } };

/** The fields of the chat and dwell sockets' messages this bench reads. */
type SocketMessage = { type?: string; code?: number; createTime?: number | string; access?: string; message?: { text?: string } };

async function api(base: string, path: string, init: { body?: unknown; cookie?: string; forwardedFor?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.forwardedFor) headers["X-Forwarded-For"] = init.forwardedFor;
  const response = await fetch(`${base}/api${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
  });
  const text = await response.text();
  return { response, envelope: (text.startsWith("{") ? JSON.parse(text) : { code: -1, message: text }) as Json };
}

/** Logs a new phone user in through nginx by SMS code, the code read from the platform's outbox. */
async function logIn(db: Database.Database, phone: string): Promise<{ cookie: string; userId: number; servedBy: string }> {
  const sent = await api(PUBLIC_ORIGIN, "/web/sendMessageWithCaptcha", { body: { randStr: `cluster-${phone}`, ticket: "any", phoneNum: phone, prefix: "86" } });
  if (sent.envelope.code !== 200) throw new Error(`sending the code failed: ${JSON.stringify(sent.envelope)}`);
  const code = db.prepare("SELECT code FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1").pluck().get(`+86 ${phone}`) as string | undefined;
  if (!code) throw new Error(`no code for ${phone} in the outbox`);
  const login = await api(PUBLIC_ORIGIN, "/web/loginMessage", { body: { userName: phone, mobilePrefix: "86", smsVerifyCode: code, sourceUrl: "/home" } });
  const token = /(?:^|,\s*)token=([A-Za-z0-9]+)/.exec(login.response.headers.get("set-cookie") ?? "")?.[1];
  if (login.envelope.code !== 1 || !token) throw new Error(`login failed: ${JSON.stringify(login.envelope)}`);
  return { cookie: `token=${token}`, userId: Number(login.envelope.data?.user?.id), servedBy: login.response.headers.get("x-upstream") ?? "?" };
}

/** A websocket that keeps its messages, with a wait for the next one that matches. */
function socket(url: string, cookie?: string) {
  const ws = new WebSocket(url, { headers: { Origin: PUBLIC_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) } });
  const messages: SocketMessage[] = [];
  const waiters: { test: (message: SocketMessage) => boolean; done: (message: SocketMessage) => void }[] = [];
  ws.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as SocketMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done(message);
      }
    }
  });
  ws.on("error", () => {});
  return {
    ws,
    opened: new Promise<void>((done, fail) => {
      ws.once("open", () => done());
      ws.once("error", fail);
    }),
    next: (test: (message: SocketMessage) => boolean, timeoutMs = 5_000) =>
      new Promise<SocketMessage>((done, fail) => {
        const seen = messages.find(test);
        if (seen) return done(seen);
        const timer = setTimeout(() => fail(new Error("no such message")), timeoutMs);
        waiters.push({
          test,
          done: (message) => {
            clearTimeout(timer);
            done(message);
          },
        });
      }),
  };
}

async function functionalChecks(db: Database.Database, nodes: string[]): Promise<string> {
  const phone = `139${String(Date.now()).slice(-8)}`;
  const session = await logIn(db, phone);
  check("log in through nginx", true, `user ${session.userId}, answered by ${session.servedBy}`);

  for (const [index, node] of nodes.entries()) {
    const name = `node ${"AB"[index]} (${node})`;
    const who = await api(node, "/web/getUserInfoWithToken", { cookie: session.cookie });
    check(
      `${name}: the session cookie names the user`,
      who.envelope.code === 200 && Number(who.envelope.data?.id) === session.userId,
      `code ${who.envelope.code}`,
    );
    const page = await fetch(`${node}/home`, { headers: { Cookie: `${session.cookie}; lang=zh` } });
    const html = await page.text();
    check(
      `${name}: signed-in /home is its viewer class's shared render, with nothing of that person in it (ADR 083)`,
      page.status === 200 && !html.includes(phone),
      `${page.status}, ${html.length} bytes`,
    );
    for (const lang of ["en", "zh"] as const) {
      const response = await fetch(`${node}/home`, { headers: { Cookie: `lang=${lang}` } });
      const body = await response.text();
      check(`${name}: lang=${lang} cookie renders /home in ${lang}`, response.status === 200 && body.includes(`<html lang="${lang}"`), `${response.status}`);
    }
  }

  const servedBy = new Set<string>();
  for (let index = 0; index < 6; index++) {
    const response = await fetch(`${PUBLIC_ORIGIN}/home`, { headers: { Cookie: session.cookie } });
    await response.arrayBuffer();
    if (response.ok) servedBy.add(response.headers.get("x-upstream") ?? "?");
  }
  check("nginx spreads signed-in pages over both nodes", servedBy.size === 2, [...servedBy].join(", "));

  // Writes from both nodes at once into one store: 40 praise toggles of one item (an even number: it ends unpraised).
  const itemId = db.prepare("SELECT id FROM items WHERE kind = 'video' ORDER BY id LIMIT 1").pluck().get() as number;
  const praiseCount = () => (db.prepare("SELECT praise_count FROM item_meta WHERE item_id = ?").pluck().get(itemId) as number | undefined) ?? 0;
  const before = praiseCount();
  const toggles = await Promise.all(Array.from({ length: 40 }, () => api(PUBLIC_ORIGIN, "/praise/doPraise", { cookie: session.cookie, body: { id: itemId } })));
  const answered = toggles.filter((toggle) => toggle.envelope.code === 200).length;
  const writers = new Set(toggles.map((toggle) => toggle.response.headers.get("x-upstream")));
  check(
    "40 concurrent writes through both nodes: every one applied once",
    answered === 40 && praiseCount() === before && writers.size === 2,
    `${answered}/40 answered 200 by ${[...writers].join(", ")}; praise count ${before} → ${praiseCount()}`,
  );

  const wsBase = PUBLIC_ORIGIN.replace("http", "ws");
  const deviceId = `ClusterBench${Date.now()}`;
  const dwell = socket(`${wsBase}/ws/dwell?token=visitor&source=4&channelNo=&toPage=%2Fhome&toQuery=&deviceId=${deviceId}&linkNo=`, session.cookie);
  try {
    await dwell.opened;
    dwell.ws.send(JSON.stringify({ channelNo: "", createTime: 4242, fromPage: "", fromQuery: "", toPage: "/home", toQuery: "", status: 0, isPlayback: "" }));
    const answer = await dwell.next((message) => message.createTime === 4242);
    const visitUser = db.prepare("SELECT user_id FROM dwell_visits WHERE device_id = ?").pluck().get(deviceId);
    check(
      "dwell socket through nginx: heartbeat answered, visit stored for the cookie's user",
      answer.code === 200 && visitUser === session.userId,
      `user ${visitUser}`,
    );
  } catch (error) {
    check("dwell socket through nginx", false, (error as Error).message);
  } finally {
    dwell.ws.close();
  }

  // Chat needs a verified scholar: claim through nginx, confirm the email link, and the platform's reviewer approves.
  const email = `cluster-${phone}@econ.example.edu`;
  const claim = await api(PUBLIC_ORIGIN, "/author/claim", {
    cookie: session.cookie,
    body: { realName: "集群测试", email, orgName: "北京大学国家发展研究院", researchField: "货币政策" },
  });
  const link = (db.prepare("SELECT text FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1").pluck().get(email) as string | undefined)?.match(
    /\/api\/web\/email\?token=[A-Za-z0-9]+/,
  )?.[0];
  if (link) await fetch(`${PUBLIC_ORIGIN}${link}`, { redirect: "manual" });
  reviewClaim(db, session.userId, "approve", "", new Date());
  const planId = db.prepare("SELECT id FROM items WHERE kind = 'live' ORDER BY id LIMIT 1").pluck().get() as number;
  const readers = nodes.map((node) => socket(`${node.replace("http", "ws")}/ws/chat?planId=${planId}`));
  const writer = socket(`${wsBase}/ws/chat?planId=${planId}`, session.cookie);
  try {
    await Promise.all([...readers, writer].map((client) => client.opened));
    const welcome = await writer.next((message) => message.type === "welcome");
    const text = `集群消息 ${Date.now()}`;
    writer.ws.send(JSON.stringify({ type: "send", text, clientId: "cluster" }));
    const arrived = await Promise.all(readers.map((reader) => reader.next((message) => message.type === "message" && message.message?.text === text)));
    check(
      "chat socket through nginx: a scholar's message reaches readers on node A and node B",
      claim.envelope.code === 200 && welcome.access === "ok" && arrived.length === 2,
      `claim ${claim.envelope.code}, access ${welcome.access}`,
    );
  } catch (error) {
    check("chat socket through nginx reaches readers on both nodes", false, `claim ${claim.envelope.code}: ${(error as Error).message}`);
  } finally {
    for (const client of [...readers, writer]) client.ws.close();
  }
  return session.cookie;
}

const autocannonCli = createRequire(import.meta.url).resolve("autocannon");

/** autocannon in a process of its own (the nodes are processes too; the bench's own loop stays out of the way). */
function autocannon(url: string, connections: number, duration: number, cookie: string) {
  const run = spawnSync(
    process.execPath,
    [autocannonCli, "--json", "--no-progress", "-c", String(connections), "-d", String(duration), "-H", `cookie=${cookie}`, url],
    {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`autocannon ${url} failed:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number; timeouts: number };
  // A timeout is the machine too busy to answer within autocannon's 10 s; an error answer (a 502) is a fault.
  return { rps: report.requests.average, p99: report.latency.p99, refused: report.non2xx, timeouts: report.timeouts };
}

function measure(port: number, connections: number, cookie: string) {
  const url = `http://${HOST}:${port}/home`;
  autocannon(url, connections, 3, cookie);
  return autocannon(url, connections, seconds, cookie);
}

async function main(): Promise<void> {
  const nginx = ensureNginx();
  ensureBuild();
  const directory = mkdtempSync(join(tmpdir(), "bench-cluster-"));
  const databaseFile = join(directory, "platform.sqlite");
  const nodes = NODE_PORTS.map((port) => `http://${HOST}:${port}`);
  const postgres = startThrowawayPostgres(POSTGRES_PORT);
  let exitCode = 0;
  try {
    // Port NGINX_BOTH spreads over both nodes, NGINX_ONE reaches node A only; X-Upstream says which node answered.
    const sites = [
      { port: NGINX_BOTH, nodePorts: NODE_PORTS },
      { port: NGINX_ONE, nodePorts: [NODE_PORTS[0]] },
      { port: NGINX_B, nodePorts: [NODE_PORTS[1]] },
    ];
    const proxy = startNginx(nginx, directory, sites, { showUpstream: true });
    children.push(proxy);

    // Both at the same moment on a new database: the startup lock makes them migrate and seed in turn.
    const started = Date.now();
    for (const port of NODE_PORTS) startNode(port, databaseFile, directory, postgres.url);
    await Promise.all(nodes.map((node, index) => waitFor(`${node}/healthz`, 180_000, `node ${"AB"[index]}`)));
    await waitFor(`${PUBLIC_ORIGIN}/healthz`, 10_000, "nginx");
    const db = new Database(databaseFile);
    db.pragma("busy_timeout = 5000");
    const migrations = readdirSync(join(root, "platform", "migrations")).filter((name) => name.endsWith(".sql")).length;
    const recorded = db.prepare("SELECT COUNT(*) FROM schema_migrations").pluck().get() as number;
    const seedRuns = db.prepare("SELECT COUNT(*) FROM items WHERE kind = 'live'").pluck().get() as number;
    check(
      "two nodes started together on one new database",
      recorded === migrations,
      `both healthy after ${((Date.now() - started) / 1000).toFixed(1)} s; ${recorded}/${migrations} migrations recorded once; ${seedRuns} live plans seeded`,
    );

    const cookie = await functionalChecks(db, nodes);
    db.close();
    await consoleClusterChecks(
      {
        databaseUrl: postgres.url,
        publicOrigin: PUBLIC_ORIGIN,
        nodeA: nodes[0],
        nodeBThroughNginx: `http://${HOST}:${NGINX_B}`,
        bothThroughNginx: PUBLIC_ORIGIN,
      },
      check,
    );

    console.log(`\nThroughput of signed-in /home through nginx (the viewer class's shared render), ${seconds} s each after 3 s warm-up:`);
    // The ratio means little when the cores are busy with other work: say how busy they were.
    console.log(`  ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} before measuring`);
    for (const connections of [10, 50]) {
      const one = measure(NGINX_ONE, connections, cookie);
      const two = measure(NGINX_BOTH, connections, cookie);
      const ratio = two.rps / one.rps;
      const timeouts = one.timeouts + two.timeouts;
      console.log(
        `  -c ${connections}: 1 node ${one.rps.toFixed(0)} req/s (p99 ${one.p99} ms), 2 nodes ${two.rps.toFixed(0)} req/s (p99 ${two.p99} ms) → scaling ${ratio.toFixed(2)}×` +
          (timeouts ? `  (${timeouts} requests timed out after 10 s)` : ""),
      );
      check(`throughput at -c ${connections}: every answer 2xx`, one.refused + two.refused === 0, `${one.refused + two.refused} error answers`);
    }
    console.log(
      "  The machine's CPUs bound the ratio: nginx, both nodes and the load generator share them; with one node the\n" +
        "  second core is already partly busy with nginx and autocannon. With a core or machine per node the ratio\n" +
        "  should approach 2× for as long as the platform keeps up; this machine cannot show that.",
    );
  } catch (error) {
    check("cluster bench ran to the end", false, (error as Error).message);
  } finally {
    stopChildren();
    await new Promise((done) => setTimeout(done, 1_500));
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    postgres.stop();
    const failed = results.filter((result) => !result.ok);
    console.log(
      `\n${results.length - failed.length}/${results.length} checks passed${failed.length ? `; failed: ${failed.map((result) => result.name).join("; ")}` : ""}`,
    );
    if (failed.length) {
      exitCode = 1;
      console.log(`logs kept in ${directory}`);
    } else {
      rmSync(directory, { recursive: true, force: true });
    }
  }
  process.exit(exitCode);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopChildren();
    process.exit(130);
  });
}
void main();
