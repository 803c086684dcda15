/**
 * Issue 35 (ADR 043): our server's side of a platform that is slow or down, against the fault harness (the embedded
 * platform behind a loopback server that answers slowly or never, fails, flaps, goes down and drops or stalls sockets).
 * Calls are bounded (bulkhead) and fail fast while the platform is down (circuit breaker), then find it again; a page
 * whose sources fail still loads within its time-out; sockets resume when the platform returns, a stalled or refusing
 * platform closes them cleanly, and a reader too slow for what the platform sends is closed before memory grows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import express from "express";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import WebSocket, { WebSocketServer } from "ws";
import { createApiClient, NETWORK_ERROR_CODE } from "~/api/api-client";
import { createSourceCache } from "~/pipeline/source-cache.server";
import { loadPage } from "~/pipeline/load-page.server";
import { failedSources } from "~/pipeline/page-cache";
import { createChatConnection, type ChatConnectionStatus } from "~/realtime/chat-connection";
import { createDwellClient, type DwellState } from "~/realtime/dwell-connection";
import type { ClientSocket, SocketClock } from "~/realtime/socket";
import type { AppServices, PageConfigStore } from "~/services";
import type { PageConfigInput } from "@schemas/generated/page-config-input";
import { withConfigDefaults } from "@server/config-check.server";
import { createPlatformGuard, type PlatformGuardOptions } from "@server/platform-guard.server";
import { createRealtime, type AttachedRealtime } from "@server/realtime/index.server";
import { PLATFORM_UNAVAILABLE_CLOSE, SLOW_READER_CLOSE } from "@server/realtime/proxy.server";
import { readinessCheck } from "@server/readiness.server";
import { type ApiFault, type FakePlatform, startFakePlatform } from "../faults/fake-platform";

const PUBLIC_ORIGIN = "http://127.0.0.1:3319";
let fake: FakePlatform;

beforeAll(async () => {
  fake = await startFakePlatform({ publicOrigin: PUBLIC_ORIGIN });
}, 60_000);

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.set({ api: { kind: "none" }, sockets: "open" });
  fake.resetStats();
});

const FAST: Partial<PlatformGuardOptions> = { concurrency: 4, queue: 4, failuresToOpen: 3, probeAfterMs: 300 };

/** Our server's API client as app.server.ts makes it for a remote platform: the guarded fetch. */
function guardedClient(options: Partial<PlatformGuardOptions> = FAST) {
  const guard = createPlatformGuard(options);
  return { guard, api: createApiClient({ baseUrl: fake.apiUrl, fetch: guard.fetch, timeoutMs: 500 }) };
}

const timed = async <T>(work: Promise<T>) => {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
};

describe("calls to a failing platform", () => {
  it("reads the platform when it is healthy", async () => {
    const { api } = guardedClient();
    const answer = await api.request<{ list: unknown[] }>("/banner/list", { method: "GET" });
    expect(answer.code).toBe(200);
    expect(answer.data?.list.length).toBeGreaterThan(0);
  });

  const faults: [string, ApiFault][] = [
    ["answers in 2 s", { kind: "slow", delayMs: 2_000 }],
    ["never answers", { kind: "hang" }],
    ["answers 500", { kind: "status", status: 500 }],
    ["resets the connection", { kind: "reset" }],
    ["sends garbage JSON", { kind: "garbage" }],
    ["sends a wrong envelope", { kind: "wrongEnvelope" }],
  ];
  for (const [name, fault] of faults) {
    it(`answers a network error within the time-out when the platform ${name}`, async () => {
      fake.set({ api: fault });
      const { api } = guardedClient();
      const { value, ms } = await timed(api.request("/banner/list", { method: "GET", timeoutMs: 300 }));
      expect(value.code).toBe(NETWORK_ERROR_CODE);
      expect(ms).toBeLessThan(300 + 200);
    });
  }

  it("keeps at most its concurrency in flight and its queue waiting; the rest fail at once", async () => {
    fake.set({ api: { kind: "hang" } });
    const { api, guard } = guardedClient({ ...FAST, failuresToOpen: 1_000 });
    let most = { inFlight: 0, waiting: 0 };
    const sampler = setInterval(() => {
      const load = guard.load();
      most = { inFlight: Math.max(most.inFlight, load.inFlight), waiting: Math.max(most.waiting, load.waiting) };
    }, 5);
    const calls = Array.from({ length: 20 }, () => timed(api.request("/banner/list", { method: "GET", timeoutMs: 400 })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(guard.load()).toEqual({ inFlight: 4, waiting: 4 });
    const answers = await Promise.all(calls);
    expect(answers.every(({ value }) => value.code === NETWORK_ERROR_CODE)).toBe(true);
    // The 12 beyond slots and queue were refused at once; the queued ones never outlived their own time-out.
    expect(answers.filter(({ ms }) => ms < 50).length).toBe(12);
    expect(Math.max(...answers.map(({ ms }) => ms))).toBeLessThan(400 + 200);
    clearInterval(sampler);
    expect(most).toEqual({ inFlight: 4, waiting: 4 });
    // Only calls given a slot reached the platform: the first four, and queued ones whose time-out had not yet passed.
    expect(fake.stats().requests).toBeGreaterThanOrEqual(4);
    expect(fake.stats().requests).toBeLessThanOrEqual(8);
  });

  it("opens the breaker after failures in a row, fails fast without calling, and probes the platform back", async () => {
    fake.set({ api: { kind: "reset" } });
    const { api, guard } = guardedClient();
    for (let call = 0; call < 3; call++) await api.request("/banner/list", { method: "GET" });
    expect(guard.state()).toBe("open");
    fake.resetStats();
    const whileOpen = await Promise.all(Array.from({ length: 10 }, () => timed(api.request("/banner/list", { method: "GET" }))));
    expect(whileOpen.every(({ value, ms }) => value.code === NETWORK_ERROR_CODE && ms < 50)).toBe(true);
    expect(whileOpen[0].value.message).toContain("circuit open");
    expect(fake.stats().requests).toBe(0);

    // The platform returns: after the pause one call probes it, succeeds, and the breaker closes.
    fake.set({ api: { kind: "none" } });
    await new Promise((resolve) => setTimeout(resolve, 350));
    const probe = await api.request("/banner/list", { method: "GET" });
    expect(probe.code).toBe(200);
    expect(guard.state()).toBe("closed");
  });

  it("stays answering while the platform flaps, and reads it in its healthy spells", async () => {
    fake.set({ api: { kind: "flap", periodMs: 150 } });
    const { api } = guardedClient({ ...FAST, probeAfterMs: 50 });
    const codes: number[] = [];
    const until = performance.now() + 1_200;
    while (performance.now() < until) {
      const { value, ms } = await timed(api.request("/banner/list", { method: "GET", timeoutMs: 300 }));
      expect(ms).toBeLessThan(500);
      codes.push(value.code);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(codes).toContain(200);
    expect(codes).toContain(NETWORK_ERROR_CODE);
  });

  it("reports the platform unreachable to /readyz while it is down, reachable once back", async () => {
    const { api, guard } = guardedClient();
    const check = readinessCheck(
      {
        platform: async () => guard.state() !== "open" && (await api.request("/web/getUserInfoWithToken", { method: "GET" })).code !== NETWORK_ERROR_CODE,
        consoleStore: () => true,
      },
      { reuseMs: 0 },
    );
    const app = express();
    app.get("/readyz", check);
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const ask = async () => {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
      return { status: response.status, body: await response.json() };
    };
    try {
      expect(await ask()).toMatchObject({ status: 200, body: { status: "ready", platform: "reachable" } });
      await fake.down();
      try {
        expect(await ask()).toMatchObject({ status: 503, body: { platform: "unreachable", consoleStore: "reachable" } });
      } finally {
        await fake.up();
      }
      expect((await ask()).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a page whose sources fail", () => {
  const home = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "page-configs", "home.json"), "utf8")) as PageConfigInput;
  const pages: PageConfigStore = { resolve: () => null, paths: () => [], notFound: () => ({ path: "/404", title: { zh: "无", en: "None" }, widgets: [] }) };
  const services = (): AppServices => ({
    pages,
    api: guardedClient().api,
    sourceCache: createSourceCache(() => Date.now()),
    nonce: "n",
    now: () => new Date(),
    sessionUser: async () => null,
    widgetModuleUrls: () => [],
    publicOrigin: PUBLIC_ORIGIN,
    isProduction: true,
    sourceTimeoutMs: 500,
  });
  const serverSources = Object.entries(home.data ?? {}).filter(([, source]) => source.side !== "client" && !source.gate);

  it("loads within its time-out plus 1 s while one source hangs and the others answer", async () => {
    expect(serverSources.length).toBeGreaterThanOrEqual(2);
    const [hangingName, hanging] = serverSources[0];
    fake.set({ api: { kind: "hang", paths: [hanging.api] } });
    const { value: view, ms } = await timed(
      loadPage({ request: new Request("http://site.test/home"), config: withConfigDefaults(home), services: services(), token: null, lang: "zh" }),
    );
    expect(ms).toBeLessThan(500 + 1_000);
    expect(view.data[hangingName]).toMatchObject({ status: "error", code: NETWORK_ERROR_CODE });
    expect(failedSources(view)).toEqual([hangingName]);
    // Sources only a tab this URL does not show are not loaded at all (ADR 034).
    const answered = serverSources.filter(([name, source]) => name in view.data && source.api !== hanging.api);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const [name] of answered) expect(view.data[name].status, name).toBe("ok");
  });

  it("loads within its time-out plus 1 s when the platform is down altogether, every source an error", async () => {
    await fake.down();
    try {
      const { value: view, ms } = await timed(
        loadPage({ request: new Request("http://site.test/home"), config: withConfigDefaults(home), services: services(), token: null, lang: "en" }),
      );
      expect(ms).toBeLessThan(500 + 1_000);
      expect(view.kind).toBe("page");
      const loaded = serverSources.map(([name]) => name).filter((name) => name in view.data);
      expect(loaded.length).toBeGreaterThanOrEqual(2);
      expect(failedSources(view).sort()).toEqual(loaded.sort());
    } finally {
      await fake.up();
    }
  });
});

describe("relayed sockets when the platform fails", () => {
  let site: Server;
  let attached: AttachedRealtime;
  let siteHost: string;

  beforeAll(async () => {
    const realtime = createRealtime({
      backend: { kind: "remote", socketsUrl: fake.socketsUrl, sessionUserId: async () => null, connectTimeoutMs: 300 },
      publicOrigin: PUBLIC_ORIGIN,
    });
    site = createServer((_request, response) => response.writeHead(404).end());
    attached = realtime.attach(site);
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    attached.close();
    await new Promise((resolve) => site.close(resolve));
  });

  /** The browser's own clients, on node's ws, with their pauses shortened twentyfold. */
  const fastClock: SocketClock = {
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms / 20),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
  const browserSocket = (url: string) => new WebSocket(url, { headers: { Origin: PUBLIC_ORIGIN } }) as unknown as ClientSocket;
  const until = async (condition: () => boolean, ms: number) => {
    const end = performance.now() + ms;
    while (!condition()) {
      if (performance.now() > end) throw new Error("condition not met in time");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  async function livePlanId(): Promise<number> {
    const answer = (await (await fetch(`${fake.apiUrl}/live/planList?pageSize=1`)).json()) as { data: { list: { id: number }[] } };
    return answer.data.list[0].id;
  }

  it("chat and dwell reconnect with their pauses while the platform is down, and resume when it returns", async () => {
    const planId = await livePlanId();
    const chatStatuses: ChatConnectionStatus[] = [];
    const welcomes: unknown[] = [];
    const chat = createChatConnection({
      url: `ws://${siteHost}/ws/chat?planId=${planId}`,
      createSocket: browserSocket,
      clock: fastClock,
      onEvent: (event) => event.type === "welcome" && welcomes.push(event),
      onStatus: (status) => chatStatuses.push(status),
    });
    const dwellStates: DwellState[] = [];
    const dwell = createDwellClient({
      endpoint: `ws://${siteHost}/ws/dwell`,
      createSocket: browserSocket,
      clock: fastClock,
      connection: () => ({ channelNo: "", toPage: "/home", toQuery: "", deviceId: "faults-device-1", linkNo: "" }),
      heartbeat: () => ({ channelNo: "", toPage: "/home", toQuery: "", fromPage: "", fromQuery: "", status: 0, isPlayback: "0" }),
    });
    const watchDwell = setInterval(() => dwellStates.push(dwell.state()), 10);
    try {
      chat.start();
      dwell.start();
      await until(() => welcomes.length === 1 && dwell.state() === "waiting", 3_000);

      await fake.down();
      try {
        await until(() => chatStatuses.at(-1) === "reconnecting" && dwell.state() === "reconnectPending", 3_000);
        // Down for a while: the chat's pause grows (1 s, 2 s, 4 s, 8 s… shortened twentyfold), never a tight loop,
        // although the relay answers each attempt's upgrade before closing it with 1013.
        const before = chatStatuses.filter((status) => status === "connecting").length;
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(chatStatuses.filter((status) => status === "connecting").length - before).toBeLessThanOrEqual(4);
      } finally {
        await fake.up();
      }
      await until(() => welcomes.length === 2 && chatStatuses.at(-1) === "open", 5_000);
      await until(() => dwell.state() === "waiting" || dwell.state() === "awaitingReply", 5_000);
      expect(dwellStates).toContain("reconnectPending");
    } finally {
      clearInterval(watchDwell);
      chat.stop();
      dwell.stop();
    }
  });

  it("closes the browser's socket with 1013 when the platform stalls or refuses the upgrade", async () => {
    const planId = await livePlanId();
    for (const sockets of ["stall", "refuse"] as const) {
      fake.set({ sockets });
      const socket = new WebSocket(`ws://${siteHost}/ws/chat?planId=${planId}`, { headers: { Origin: PUBLIC_ORIGIN } });
      socket.on("error", () => {});
      const { value: code, ms } = await timed(new Promise<number>((resolve) => socket.on("close", (closed) => resolve(closed))));
      expect(code, sockets).toBe(PLATFORM_UNAVAILABLE_CLOSE);
      expect(ms).toBeLessThan(300 + 500);
    }
  });
});

describe("a reader too slow for what the platform sends", () => {
  it("is closed with SLOW_READER_CLOSE once its buffer is full, and the platform's sender is stopped", async () => {
    // A platform that floods every chat socket with 4 KiB frames (within the chat's frame limit) while it is open.
    const flooding = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    let sentBytes = 0;
    flooding.on("connection", (ws) => {
      const frame = Buffer.alloc(4 * 1024, 97);
      const pump = () => {
        while (ws.readyState === WebSocket.OPEN && ws.bufferedAmount < 1024 * 1024 && sentBytes < 64 * 1024 * 1024) {
          ws.send(frame);
          sentBytes += frame.length;
        }
        if (ws.readyState === WebSocket.OPEN && sentBytes < 64 * 1024 * 1024) setTimeout(pump, 1);
      };
      pump();
    });
    await new Promise((resolve) => flooding.once("listening", resolve));
    const realtime = createRealtime({
      backend: {
        kind: "remote",
        socketsUrl: `ws://127.0.0.1:${(flooding.address() as AddressInfo).port}`,
        sessionUserId: async () => null,
        maxBufferedBytes: 256 * 1024,
      },
      publicOrigin: PUBLIC_ORIGIN,
    });
    const site = createServer();
    const attached = realtime.attach(site);
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const before = process.memoryUsage();
    try {
      const reader = new WebSocket(`ws://127.0.0.1:${(site.address() as AddressInfo).port}/ws/chat?planId=1`, { headers: { Origin: PUBLIC_ORIGIN } });
      await new Promise((resolve) => reader.once("open", resolve));
      // The browser stops reading (a phone in a tunnel): nothing is taken off its socket for a while.
      (reader as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
      const closed = new Promise<number>((resolve) => reader.on("close", (code) => resolve(code)));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const during = process.memoryUsage();
      (reader as unknown as { _socket: { resume(): void } })._socket.resume();
      expect(await closed).toBe(SLOW_READER_CLOSE);
      // What the platform managed to send is the relay's bound plus what the sockets' kernel buffers held, not 64 MiB.
      expect(sentBytes).toBeLessThan(16 * 1024 * 1024);
      expect(during.arrayBuffers + during.external - before.arrayBuffers - before.external).toBeLessThan(32 * 1024 * 1024);
    } finally {
      attached.close();
      await new Promise((resolve) => site.close(resolve));
      await new Promise((resolve) => flooding.close(resolve));
    }
  });
});
