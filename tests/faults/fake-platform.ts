/**
 * The fault harness (issue 35, ADR 043): a platform on loopback that our server runs against with APP_ENV=test. When
 * healthy it is the embedded platform (real data, real sockets) behind an HTTP server of its own; told to, it answers
 * slowly or never, fails (a status, a reset connection, garbage, a wrong envelope), flaps, goes down and comes back,
 * and drops, stalls or refuses sockets. A test in the same process drives it directly; another process (the browser
 * suite's spec, the load run) runs it with tests/faults/serve-platform.ts and drives it over that script's control port.
 */
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server.ts";
import { createRealtime } from "@server/realtime/index.server.ts";
import { hashPassword } from "@platform/kernel/secrets.server.ts";

/** How the platform's API answers, for every path or only those starting with one of `paths` (after /api). */
export type ApiFault =
  | { kind: "none" }
  | { kind: "slow"; delayMs: number }
  | { kind: "hang" }
  | { kind: "status"; status: number }
  | { kind: "reset" }
  | { kind: "garbage" }
  | { kind: "wrongEnvelope" }
  /** Healthy for periodMs, then resetting every connection for periodMs, and so on. */
  | { kind: "flap"; periodMs: number };

/** open: sockets work; stall: upgrades are never answered; refuse: upgrades get a 500. `drop()` ends the open ones. */
export type SocketFault = "open" | "stall" | "refuse";

export interface FaultSetting {
  api?: ApiFault & { paths?: string[]; methods?: string[] };
  sockets?: SocketFault;
}

export interface FakePlatformStats {
  /** API requests received (answered or not) since the last reset. */
  requests: number;
  /** The most API requests in flight at once since the last reset. */
  maxInFlight: number;
  inFlight: number;
}

export interface FakePlatform {
  port: number;
  /** The API's base URL, as PLATFORM_API_TEST. */
  apiUrl: string;
  /** The sockets' origin, as PLATFORM_SOCKETS_URL. */
  socketsUrl: string;
  platform: EmbeddedPlatform;
  set(setting: FaultSetting): void;
  /** Ends every open socket (a platform restart as the browsers' relays see it). */
  dropSockets(): void;
  /** Stops listening and cuts every connection: the platform is down (connections are refused). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  stats(): FakePlatformStats;
  /** A phone account with a password, as the platform's administrators make one (no SMS code to fetch). */
  addUser(phone: string, password: string): void;
  resetStats(): void;
  close(): Promise<void>;
}

const matches = (fault: FaultSetting["api"], request: IncomingMessage): boolean => {
  if (!fault || fault.kind === "none") return false;
  const path = new URL(request.url ?? "/", "http://platform.invalid").pathname.replace(/^\/api(?=\/)/, "");
  if (fault.paths && !fault.paths.some((prefix) => path.startsWith(prefix))) return false;
  return !fault.methods || fault.methods.includes(request.method ?? "GET");
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Passes one request to the embedded platform and its answer back, as the real platform would answer it. */
async function forward(platform: EmbeddedPlatform, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(key, value);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : new Uint8Array(await readBody(request));
  const answer = await platform.api.fetch(
    new Request(`http://platform${request.url}`, { method: request.method, headers, body }),
    String(request.headers["x-forwarded-for"] ?? request.socket.remoteAddress ?? ""),
  );
  const bytes = Buffer.from(await answer.arrayBuffer());
  const outgoing: Record<string, string> = {};
  answer.headers.forEach((value, key) => {
    if (key !== "content-length" && key !== "content-encoding" && key !== "transfer-encoding") outgoing[key] = value;
  });
  response.writeHead(answer.status, outgoing).end(bytes);
}

export async function startFakePlatform(options: { port?: number; publicOrigin: string; dataDir?: string }): Promise<FakePlatform> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "fake-platform-"));
  const platform = createEmbeddedPlatform({ file: join(dataDir, "platform.sqlite"), publicOrigin: options.publicOrigin });
  const realtime = createRealtime({ backend: { kind: "embedded", platform }, publicOrigin: options.publicOrigin });
  let setting: FaultSetting = {};
  let flapStarted = Date.now();
  const stats: FakePlatformStats = { requests: 0, maxInFlight: 0, inFlight: 0 };
  const connections = new Set<Socket>();
  const upgraded = new Set<Duplex>();

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    stats.requests++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    response.once("close", () => stats.inFlight--);
    const fault = matches(setting.api, request) ? setting.api! : { kind: "none" as const };
    switch (fault.kind) {
      case "hang":
        return;
      case "slow":
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        if (response.destroyed) return;
        break;
      case "status":
        response.writeHead(fault.status, { "content-type": "text/plain" }).end("platform failure");
        return;
      case "reset":
        request.socket.destroy();
        return;
      case "garbage":
        response.writeHead(200, { "content-type": "application/json" }).end('{"code": 200, "data": [tru');
        return;
      case "wrongEnvelope":
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "ok", result: [] }));
        return;
      case "flap":
        if (Math.floor((Date.now() - flapStarted) / fault.periodMs) % 2 === 1) {
          request.socket.destroy();
          return;
        }
        break;
    }
    await forward(platform, request, response).catch(() => response.destroy());
  };

  const server: Server = createServer((request, response) => void answer(request, response));
  server.on("connection", (socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  // The embedded sockets take upgrades from an emitter of ours, which hands on only those the fault lets through.
  const relayedUpgrades = new EventEmitter();
  const attached = realtime.attach(relayedUpgrades as unknown as Server);
  // The relay names the session in the socket's query (the platform's protocol); the embedded sockets read the cookie.
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (setting.sockets === "stall") return;
    if (setting.sockets === "refuse") {
      socket.end("HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
    const token = new URL(request.url ?? "/", "http://platform.invalid").searchParams.get("token");
    if (token) request.headers.cookie = `token=${token}`;
    relayedUpgrades.emit("upgrade", request, socket, head);
  });

  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen(options.port ?? 0);
  const port = (server.address() as AddressInfo).port;

  const harness: FakePlatform = {
    port,
    apiUrl: `http://127.0.0.1:${port}/api`,
    socketsUrl: `ws://127.0.0.1:${port}`,
    platform,
    set(next) {
      if (next.api) {
        setting = { ...setting, api: next.api };
        if (next.api.kind === "flap") flapStarted = Date.now();
      }
      if (next.sockets) setting = { ...setting, sockets: next.sockets };
    },
    dropSockets() {
      for (const socket of [...upgraded]) socket.destroy();
    },
    async down() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of [...connections]) socket.destroy();
      await closed;
    },
    up: () => listen(port),
    stats: () => ({ ...stats }),
    addUser(phone, password) {
      platform.db
        .prepare(
          "INSERT OR IGNORE INTO users (user_name, mobile_prefix, phone, password_hash, nickname, is_bind_phone, reg_channel, created_at) VALUES (?, '86', ?, ?, ?, 1, 'dev', ?)",
        )
        .run(phone, phone, hashPassword(password), `用户${phone.slice(-4)}`, new Date().toISOString());
    },
    resetStats() {
      stats.requests = 0;
      stats.maxInFlight = stats.inFlight;
    },
    async close() {
      attached.close();
      if (server.listening) await harness.down();
      platform.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
