/**
 * The realtime server in front of a remote platform (APP_ENV test/staging/production): each browser socket is relayed
 * to a fake platform socket server. Frames both ways, the session token put in upstream from the cookie (never the
 * browser's query), closes propagating both ways, a platform that is down or drops the connection (a clean 1013, the
 * server unharmed), the platform's refusals, the checks that stay ours (Origin, malformed paths, limits) and the
 * graceful stop (1001).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import { createRealtime, SOCKET_LIMITS, type AttachedRealtime } from "@server/realtime/index.server";
import { PLATFORM_UNAVAILABLE_CLOSE } from "@server/realtime/proxy.server";
import { DWELL_PLACEHOLDER_TOKEN } from "@contracts/dwell";

const PUBLIC_ORIGIN = "https://scholar.example";
const SESSIONS: Record<string, string> = { ReaderToken0000000000000000000001: "41", OtherToken00000000000000000000002: "42" };

/** One connection the fake platform accepted: what the relay asked for, what it sent, and how it ended. */
interface UpstreamConnection {
  url: URL;
  headers: IncomingMessage["headers"];
  socket: WebSocket;
  received: string[];
  closed: Promise<number>;
}

let platformHttp: Server;
let platformSockets: WebSocketServer;
let platformPort: number;
let upstream: UpstreamConnection[] = [];
let onUpstream: ((connection: UpstreamConnection) => void) | null = null;

let site: Server;
let attached: AttachedRealtime;
let siteOrigin: string;
let siteUrl: string;
const clients: WebSocket[] = [];

async function startPlatform(port = 0): Promise<void> {
  platformSockets = new WebSocketServer({ noServer: true });
  platformHttp = createServer((_request, response) => response.writeHead(404).end());
  platformHttp.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://platform.invalid");
    // The platform's own refusal: it knows no plan 404.
    if (url.searchParams.get("planId") === "404") {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    if (url.searchParams.get("planId") === "500") {
      socket.end("HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    platformSockets.handleUpgrade(request, socket, head, (ws) => {
      const connection: UpstreamConnection = {
        url,
        headers: request.headers,
        socket: ws,
        received: [],
        closed: new Promise((resolve) => ws.on("close", (code) => resolve(code))),
      };
      ws.on("message", (data) => {
        connection.received.push(data.toString());
        ws.send(JSON.stringify({ echo: data.toString() }));
      });
      upstream.push(connection);
      onUpstream?.(connection);
    });
  });
  await new Promise<void>((resolve) => platformHttp.listen(port, "127.0.0.1", resolve));
  platformPort = (platformHttp.address() as AddressInfo).port;
}

async function stopPlatform(): Promise<void> {
  for (const ws of platformSockets.clients) ws.terminate();
  await new Promise((resolve) => platformHttp.close(resolve));
}

beforeAll(async () => {
  await startPlatform();
  const realtime = createRealtime({
    backend: {
      kind: "remote",
      socketsUrl: `ws://127.0.0.1:${platformPort}`,
      sessionUserId: async (token) => SESSIONS[token] ?? null,
      connectTimeoutMs: 2_000,
    },
    publicOrigin: PUBLIC_ORIGIN,
    clientAddress: (request) => String(request.headers["x-test-address"] ?? request.socket.remoteAddress),
  });
  site = createServer((_request, response) => response.writeHead(200).end("still here"));
  attached = realtime.attach(site);
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  siteOrigin = `http://${siteUrl}`;
});

beforeEach(() => {
  upstream = [];
  onUpstream = null;
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  for (const connection of upstream) connection.socket.terminate();
});

afterAll(async () => {
  attached?.close();
  await new Promise((resolve) => site?.close(resolve));
  await stopPlatform();
});

/** A browser socket to our server, with its messages, its close code and the HTTP status of a refused upgrade. */
function connect(path: string, options: { token?: string; origin?: string; address?: string } = {}) {
  const headers: Record<string, string> = { Origin: options.origin ?? siteOrigin };
  if (options.token) headers.Cookie = `token=${options.token}; lang=zh`;
  if (options.address) headers["X-Test-Address"] = options.address;
  const socket = new WebSocket(`ws://${siteUrl}${path}`, { headers });
  clients.push(socket);
  const messages: unknown[] = [];
  const waiting: { test: (message: unknown) => boolean; resolve: (message: unknown) => void }[] = [];
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as unknown;
    messages.push(message);
    for (const waiter of waiting.filter((entry) => entry.test(message))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  socket.on("error", () => {});
  return {
    socket,
    opened: new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("unexpected-response", (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
    }),
    closed: new Promise<{ code: number; reason: string }>((resolve) => socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }))),
    next: (test: (message: unknown) => boolean) =>
      new Promise<unknown>((resolve) => {
        const seen = messages.find(test);
        if (seen) resolve(seen);
        else waiting.push({ test, resolve });
      }),
  };
}

const nextUpstream = () => new Promise<UpstreamConnection>((resolve) => (onUpstream = resolve));

const dwellPath = (extra = "") =>
  `/ws/dwell?token=${DWELL_PLACEHOLDER_TOKEN}&source=4&channelNo=ch1&toPage=%2Flive&toQuery=&deviceId=DeviceForProxyTests0001&linkNo=${extra}`;

describe("relaying sockets to a remote platform", () => {
  it("chat: frames go both ways, and the platform gets the session's token, the site's origin and the client's address", async () => {
    const arriving = nextUpstream();
    const client = connect("/ws/chat?planId=7&token=forged", { token: "ReaderToken0000000000000000000001", address: "203.0.113.9" });
    await client.opened;
    const connection = await arriving;
    expect(connection.url.pathname).toBe("/ws/chat");
    expect(Object.fromEntries(connection.url.searchParams)).toEqual({ planId: "7", token: "ReaderToken0000000000000000000001" });
    expect(connection.headers.origin).toBe(PUBLIC_ORIGIN);
    expect(connection.headers["x-forwarded-for"]).toBe("203.0.113.9");

    client.socket.send(JSON.stringify({ type: "send", text: "你好", clientId: "c1" }));
    await expect(client.next((message) => (message as { echo?: string }).echo !== undefined)).resolves.toEqual({
      echo: JSON.stringify({ type: "send", text: "你好", clientId: "c1" }),
    });
    connection.socket.send(JSON.stringify({ type: "online", count: 3 }));
    await expect(client.next((message) => (message as { type?: string }).type === "online")).resolves.toEqual({ type: "online", count: 3 });
    expect(connection.received).toEqual([JSON.stringify({ type: "send", text: "你好", clientId: "c1" })]);
  });

  it("dwell: the placeholder token becomes the session's, and only the query of spec §3 goes upstream", async () => {
    const arriving = nextUpstream();
    const client = connect(`${dwellPath()}&extra=ignored`, { token: "ReaderToken0000000000000000000001" });
    await client.opened;
    const connection = await arriving;
    expect(connection.url.pathname).toBe("/ws/dwell");
    expect(Object.fromEntries(connection.url.searchParams)).toEqual({
      token: "ReaderToken0000000000000000000001",
      source: "4",
      channelNo: "ch1",
      toPage: "/live",
      toQuery: "",
      deviceId: "DeviceForProxyTests0001",
      linkNo: "",
    });

    const visitor = nextUpstream();
    const anonymous = connect(dwellPath());
    await anonymous.opened;
    expect((await visitor).url.searchParams.get("token")).toBe(DWELL_PLACEHOLDER_TOKEN);
  });

  it("a close on either side closes the other with its code", async () => {
    let arriving = nextUpstream();
    const first = connect("/ws/chat?planId=7");
    await first.opened;
    (await arriving).socket.close(4001, "plan ended");
    await expect(first.closed).resolves.toEqual({ code: 4001, reason: "plan ended" });

    arriving = nextUpstream();
    const second = connect(dwellPath());
    await second.opened;
    const connection = await arriving;
    second.socket.close(3000);
    await expect(connection.closed).resolves.toBe(3000);
  });

  it("a platform that drops the connection leaves the browser a clean 1013", async () => {
    const arriving = nextUpstream();
    const client = connect("/ws/chat?planId=7");
    await client.opened;
    (await arriving).socket.terminate();
    await expect(client.closed).resolves.toMatchObject({ code: PLATFORM_UNAVAILABLE_CLOSE });
  });

  it("the platform's refusals pass on; its failures become a clean 1013", async () => {
    await expect(connect("/ws/chat?planId=404").opened).rejects.toThrow("refused 404");
    const failing = connect("/ws/chat?planId=500");
    await expect(failing.closed).resolves.toEqual({ code: PLATFORM_UNAVAILABLE_CLOSE, reason: "platform unavailable" });
  });

  it("a platform that is down: the browser gets 1013, the server keeps answering, and sockets work again once it is back", async () => {
    await stopPlatform();
    try {
      const client = connect("/ws/chat?planId=7");
      await expect(client.closed).resolves.toEqual({ code: PLATFORM_UNAVAILABLE_CLOSE, reason: "platform unavailable" });
      await expect(fetch(`${siteOrigin}/`).then((response) => response.text())).resolves.toBe("still here");
    } finally {
      await startPlatform(platformPort);
    }
    const again = connect("/ws/chat?planId=7");
    await expect(again.opened).resolves.toBeUndefined();
  });

  it("our own checks come first: another site's origin (403) and malformed paths (400) never reach the platform", async () => {
    await expect(connect("/ws/chat?planId=7", { origin: "https://evil.example" }).opened).rejects.toThrow("refused 403");
    await expect(connect("/ws/chat?planId=abc").opened).rejects.toThrow("refused 400");
    await expect(connect("/ws/chat?planId=-3").opened).rejects.toThrow("refused 400");
    await expect(connect("/ws/dwell?source=4&deviceId=short").opened).rejects.toThrow("refused 400");
    await expect(connect(dwellPath().replace("toPage=%2Flive", "toPage=no-slash")).opened).rejects.toThrow("refused 400");
    await expect(connect(dwellPath().replace("source=4", "source=9")).opened).rejects.toThrow("refused 400");
    expect(upstream).toHaveLength(0);
  });

  it("limits: at most 12 open sockets per signed-in user and 60 per address, counted before the platform is asked", async () => {
    const mine = Array.from({ length: SOCKET_LIMITS.perUser }, (_, index) =>
      connect("/ws/chat?planId=7", { token: "OtherToken00000000000000000000002", address: `198.51.100.${index}` }),
    );
    await Promise.all(mine.map((client) => client.opened));
    await expect(connect("/ws/chat?planId=7", { token: "OtherToken00000000000000000000002", address: "198.51.100.99" }).opened).rejects.toThrow("refused 429");
    const crowd = Array.from({ length: SOCKET_LIMITS.perAddress }, () => connect("/ws/chat?planId=7", { address: "192.0.2.1" }));
    await Promise.all(crowd.map((client) => client.opened));
    await expect(connect("/ws/chat?planId=7", { address: "192.0.2.1" }).opened).rejects.toThrow("refused 429");
    expect(upstream).toHaveLength(SOCKET_LIMITS.perUser + SOCKET_LIMITS.perAddress);
  });
});

describe("stopping", () => {
  it("closes relayed sockets with 1001 on both legs", async () => {
    const realtime = createRealtime({
      backend: { kind: "remote", socketsUrl: `ws://127.0.0.1:${platformPort}`, sessionUserId: async () => null },
      publicOrigin: PUBLIC_ORIGIN,
    });
    const other = createServer();
    const handle = realtime.attach(other);
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      const arriving = nextUpstream();
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/chat?planId=7`, { headers: { Origin: `http://127.0.0.1:${port}` } });
      clients.push(socket);
      const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
      await new Promise((resolve) => socket.once("open", resolve));
      const connection = await arriving;
      handle.close();
      await expect(closed).resolves.toBe(1001);
      await expect(connection.closed).resolves.toBe(1001);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
