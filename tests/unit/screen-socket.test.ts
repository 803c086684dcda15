/**
 * The screen socket (/ws/screen, ADR 062) on a real HTTP server with real sockets: a push reaches every viewer of the
 * room and no other room; a viewer that reconnects naming the last push it saw gets exactly what it missed, in order;
 * the sign-in count and shared results arrive live; bad queries and unknown rooms are refused. And the browser's
 * connection names its last push when it reconnects and shows a push only once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { createRealtime, type AttachedRealtime } from "@server/realtime/index.server";
import { screenSocketUrl, type ScreenServerEvent } from "@contracts/screen";
import { createScreenConnection } from "~/realtime/screen-connection";
import { FakeClock, FakeSocket } from "./fake-socket";

let directory: string;
let platform: EmbeddedPlatform;
let server: Server;
let attached: AttachedRealtime;
let origin: string;
let planId: number;
let otherPlanId: number;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "screen-"));
  platform = createEmbeddedPlatform({ file: join(directory, "platform.sqlite"), log: () => {} });
  [planId, otherPlanId] = platform.db.prepare("SELECT id FROM items WHERE kind = 'live' ORDER BY id LIMIT 2").pluck().all() as number[];
  const realtime = createRealtime({ backend: { kind: "embedded", platform }, publicOrigin: "https://scholar.example" });
  server = createServer((_request, response) => response.writeHead(404).end());
  attached = realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  attached?.close();
  await new Promise((resolve) => server?.close(resolve));
  platform?.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A viewer's socket that keeps every event, with a way to wait for one that matches. */
function viewer(query: string) {
  const events: ScreenServerEvent[] = [];
  const socket = new WebSocket(`${origin.replace("http", "ws")}/ws/screen?${query}`, { headers: { Origin: origin } });
  socket.on("message", (data) => events.push(JSON.parse(String(data)) as ScreenServerEvent));
  const waitFor = async (match: (event: ScreenServerEvent) => boolean, ms = 2_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`);
  };
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_request, response) => reject(new Error(String(response.statusCode))));
  });
  return { socket, events, waitFor, opened };
}

const pushes = (events: ScreenServerEvent[]) => events.flatMap((event) => (event.type === "push" ? [event.push] : []));

describe("the screen socket", () => {
  it("sends a push to every viewer of the room within a second, and not to another room's", async () => {
    const first = viewer(`planId=${planId}`);
    const second = viewer(`planId=${planId}`);
    const elsewhere = viewer(`planId=${otherPlanId}`);
    await Promise.all([first.opened, second.opened, elsewhere.opened]);
    await first.waitFor((event) => event.type === "welcome");
    const started = Date.now();
    const push = platform.liveRoom.push(planId, { kind: "announcement", text: "茶歇十分钟", textEn: "Ten-minute break" }, new Date());
    await first.waitFor((event) => event.type === "push" && event.push.seq === push.seq, 1_000);
    await second.waitFor((event) => event.type === "push" && event.push.seq === push.seq, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(pushes(elsewhere.events).some((one) => one.seq === push.seq)).toBe(false);
    for (const one of [first, second, elsewhere]) one.socket.terminate();
  });

  it("replays exactly the pushes missed after the sequence number a reconnecting viewer names, in order", async () => {
    const seen = platform.liveRoom.push(planId, { kind: "startingSoon", minutes: 5 }, new Date());
    const missed = [
      platform.liveRoom.push(planId, { kind: "announcement", text: "第一条", textEn: "" }, new Date()),
      platform.liveRoom.push(planId, { kind: "lottery", title: "图书", titleEn: "Books", winners: [] }, new Date()),
    ];
    const back = viewer(`planId=${planId}&after=${seen.seq}`);
    await back.opened;
    await back.waitFor((event) => event.type === "push" && event.push.seq === missed[1].seq);
    expect(pushes(back.events).map((push) => push.seq)).toEqual(missed.map((push) => push.seq));
    expect(back.events[0]).toMatchObject({ type: "welcome", planId, latestSeq: missed[1].seq });
    back.socket.terminate();
  });

  it("sends the sign-in count and a question's results live once the host shares them", async () => {
    const watcher = viewer(`planId=${planId}`);
    await watcher.opened;
    const welcome = (await watcher.waitFor((event) => event.type === "welcome")) as Extract<ScreenServerEvent, { type: "welcome" }>;
    const userId = Number(
      platform.db.prepare("INSERT INTO users (user_name, nickname, created_at) VALUES ('screen-viewer', 'V', ?)").run(new Date().toISOString()).lastInsertRowid,
    );
    platform.db.prepare("INSERT INTO plan_sign_ins (plan_id, user_id, created_at) VALUES (?, ?, ?)").run(planId, userId, new Date().toISOString());
    await watcher.waitFor((event) => event.type === "signIns" && event.count === welcome.signIns + 1);
    const questionId = platform.liveRoom.createQuestion(planId, { kind: "text", title: "问", titleEn: "Q", options: [] }, new Date());
    platform.liveRoom.shareResults(questionId);
    await watcher.waitFor((event) => event.type === "results" && event.results.questionId === questionId);
    watcher.socket.terminate();
  });

  it("refuses a bad query (400) and a room that does not exist (404)", async () => {
    await expect(viewer("planId=abc").opened).rejects.toThrow("400");
    await expect(viewer(`planId=${planId}&after=-1`).opened).rejects.toThrow("400");
    await expect(viewer("planId=987654321").opened).rejects.toThrow("404");
  });
});

describe("the browser's screen connection", () => {
  it("names the last push it showed when it reconnects, and shows a replayed push only once", () => {
    const clock = new FakeClock();
    const sockets: FakeSocket[] = [];
    const shown: number[] = [];
    const connection = createScreenConnection({
      location: { protocol: "https:", host: "scholar.example" },
      planId: 7,
      clock,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onEvent: (event) => {
        if (event.type === "push") shown.push(event.push.seq);
      },
      onStatus: () => {},
    });
    connection.start();
    expect(sockets[0].url).toBe(screenSocketUrl({ protocol: "https:", host: "scholar.example" }, 7, 0));
    sockets[0].open();
    const push = (seq: number) => JSON.stringify({ type: "push", push: { kind: "startingSoon", minutes: 5, seq, planId: 7, createTime: "" } });
    sockets[0].receive(push(41));
    sockets[0].receive(push(42));
    sockets[0].closeFromServer(1001);
    clock.advance(1_000);
    expect(sockets[1].url).toBe("wss://scholar.example/ws/screen?planId=7&after=42");
    sockets[1].open();
    sockets[1].receive(push(42));
    sockets[1].receive(push(43));
    expect(shown).toEqual([41, 42, 43]);
    connection.stop();
  });
});
