/**
 * The realtime server on a real HTTP server and real sockets (the `ws` client), against a seeded temporary
 * database: origin, token and plan checks on connecting; history, sending, the size limit and the rate limit of
 * the live chat; and the dwell-time socket's answers, storage and test hooks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { createRealtime, SOCKET_LIMITS, type AttachedRealtime, type Realtime } from "@server/realtime/index.server";
import { sha256 } from "@platform/kernel/secrets.server";
import type { ChatServerEvent } from "@contracts/chat";

let directory: string;
let platform: EmbeddedPlatform;
let server: Server;
let realtime: Realtime;
let attached: AttachedRealtime;
let origin: string;
let planId: number;
let otherPlanId: number;
let clock = Date.parse("2027-01-10T12:00:00Z");
const open: WebSocket[] = [];

const tokens = {
  scholar: "ScholarToken00000000000000000001",
  second: "ScholarToken00000000000000000002",
  member: "MemberToken000000000000000000003",
  emailUser: "EmailToken0000000000000000000004",
};

function addUser(userName: string, token: string, fields: { authorCode?: string; phone?: string; nickname?: string }) {
  const id = Number(
    platform.db
      .prepare("INSERT INTO users (user_name, phone, nickname, is_bind_phone, author_code, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(userName, fields.phone ?? null, fields.nickname ?? "", fields.phone ? 1 : 0, fields.authorCode ?? null, new Date(clock).toISOString())
      .lastInsertRowid,
  );
  platform.db.prepare("INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)").run(sha256(token), id, new Date(clock).toISOString());
  return id;
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "realtime-"));
  platform = createEmbeddedPlatform({ file: join(directory, "platform.sqlite"), now: () => new Date(clock), log: () => {} });
  const scholars = platform.db.prepare("SELECT author_code FROM scholars ORDER BY id LIMIT 2").pluck().all() as string[];
  addUser("13900000001", tokens.scholar, { phone: "13900000001", authorCode: scholars[0] });
  addUser("13900000002", tokens.second, { phone: "13900000002", authorCode: scholars[1] });
  addUser("13900000003", tokens.member, { phone: "13900000003", nickname: "用户0003" });
  addUser("email:reader@example.com", tokens.emailUser, {});
  [planId, otherPlanId] = platform.db.prepare("SELECT id FROM items WHERE kind = 'live' ORDER BY id LIMIT 2").pluck().all() as number[];

  realtime = createRealtime({ backend: { kind: "embedded", platform }, publicOrigin: "https://scholar.example", now: () => new Date(clock), testHooks: true });
  server = createServer((_request, response) => response.writeHead(404).end());
  attached = realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});

afterAll(async () => {
  attached?.close();
  await new Promise((resolve) => server?.close(resolve));
  platform?.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A client socket that keeps every event it got, with a way to wait for the next one that matches. */
function connect(path: string, options: { origin?: string | null; token?: string; forwardedFor?: string; node?: string } = {}) {
  const headers: Record<string, string> = {};
  const node = options.node ?? origin;
  const from = options.origin === undefined ? node : options.origin;
  if (from) headers.Origin = from;
  // The session travels as the browser sends it: the HttpOnly cookie, with the upgrade request.
  if (options.token) headers.Cookie = `token=${options.token}`;
  if (options.forwardedFor) headers["X-Forwarded-For"] = options.forwardedFor;
  const socket = new WebSocket(`${node.replace("http", "ws")}${path}`, { headers });
  open.push(socket);
  const events: any[] = [];
  const waiters: { test: (event: any) => boolean; resolve: (event: any) => void }[] = [];
  socket.on("message", (raw) => {
    const event = JSON.parse(raw.toString());
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.test(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const refused = new Promise<number>((resolve) => socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on("open", () => resolve());
    socket.on("error", reject);
  });
  // Refused sockets never open; their rejection is what those tests expect, not an unhandled one.
  opened.catch(() => {});
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  return {
    socket,
    events,
    opened,
    refused,
    closed,
    next<T = ChatServerEvent>(test: (event: any) => boolean, timeoutMs = 2_000): Promise<T> {
      const seen = events.find(test);
      if (seen) {
        events.splice(events.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no such event arrived")), timeoutMs);
        waiters.push({
          test,
          resolve: (event) => {
            clearTimeout(timer);
            events.splice(events.indexOf(event), 1);
            resolve(event);
          },
        });
      });
    },
    send(value: unknown) {
      socket.send(typeof value === "string" ? value : JSON.stringify(value));
    },
  };
}

const chatPath = (plan: number | string) => `/ws/chat?planId=${plan}`;
const isType = (type: string) => (event: { type: string }) => event.type === type;
const errorFor = (clientId: string) => (event: any) => event.type === "error" && event.clientId === clientId;
const echoOf = (clientId: string) => (event: any) => event.type === "message" && event.message.clientId === clientId;

async function joinRoom(token?: string, plan = planId, node?: string) {
  const client = connect(chatPath(plan), { token, node });
  await client.opened;
  const welcome = await client.next<Extract<ChatServerEvent, { type: "welcome" }>>(isType("welcome"));
  const history = await client.next<Extract<ChatServerEvent, { type: "history" }>>(isType("history"));
  return { ...client, welcome, history };
}

describe("socket upgrades", () => {
  it("refuses a socket without an Origin, or from another site", async () => {
    expect(await connect(chatPath(planId), { origin: null }).refused).toBe(403);
    expect(await connect(chatPath(planId), { origin: "https://evil.example" }).refused).toBe(403);
    expect(await connect(chatPath(planId), { origin: "null" }).refused).toBe(403);
    expect(await connect("/ws/dwell?deviceId=abcdefghABCDEFGH&source=4&toPage=/home", { origin: "https://evil.example" }).refused).toBe(403);
  });

  it("accepts this site's origin and the configured public origin", async () => {
    await expect(joinRoom()).resolves.toMatchObject({ welcome: { type: "welcome", planId } });
    const proxied = connect(chatPath(planId), { origin: "https://scholar.example" });
    await expect(proxied.opened).resolves.toBeUndefined();
  });

  it("refuses a chat for a plan that is not a number (400) or does not exist (404)", async () => {
    expect(await connect(chatPath("abc")).refused).toBe(400);
    expect(await connect(chatPath(0)).refused).toBe(400);
    expect(await connect(chatPath(99_999_999)).refused).toBe(404);
    const notALive = platform.db.prepare("SELECT id FROM items WHERE kind = 'video' LIMIT 1").pluck().get() as number;
    expect(await connect(chatPath(notALive)).refused).toBe(404);
  });
});

describe("sessions and limits of sockets", () => {
  it("takes the session from the cookie only: a token in the query grants nothing", async () => {
    const withQueryToken = connect(`${chatPath(planId)}&token=${tokens.scholar}`);
    await withQueryToken.opened;
    expect((await withQueryToken.next<any>(isType("welcome"))).access).toBe("needLogin");
    expect((await joinRoom(tokens.scholar)).welcome.access).toBe("ok");
  });

  it("refuses (429) sockets beyond the per-user limit, and frees a place when one closes", async () => {
    const mine = await Promise.all(Array.from({ length: SOCKET_LIMITS.perUser }, () => joinRoom(tokens.second)));
    expect(await connect(chatPath(planId), { token: tokens.second }).refused).toBe(429);
    // Another user on the same address still gets in.
    await expect(joinRoom(tokens.member)).resolves.toMatchObject({ welcome: { type: "welcome" } });
    mine[0].socket.close();
    await mine[0].closed;
    const opens = () =>
      connect(chatPath(planId), { token: tokens.second }).opened.then(
        () => true,
        () => false,
      );
    await expect.poll(opens).toBe(true);
  });

  it("refuses (429) sockets beyond the per-address limit, visitors and users alike, whatever X-Forwarded-For claims", async () => {
    const crowd = Array.from({ length: SOCKET_LIMITS.perAddress }, (_, index) => connect(chatPath(planId), { forwardedFor: `198.51.100.${index}` }));
    await Promise.all(crowd.map((client) => client.opened));
    expect(await connect(chatPath(planId), { forwardedFor: "203.0.113.1" }).refused).toBe(429);
    expect(await connect(chatPath(planId), { token: tokens.member }).refused).toBe(429);
  });
});

describe("live chat", () => {
  it("lets anyone read: a visitor joins with the room's state and is told to log in before sending", async () => {
    const visitor = await joinRoom();
    expect(visitor.welcome.access).toBe("needLogin");
    expect(visitor.welcome.limits).toEqual({ maxLength: 500, perWindow: 5, windowMs: 10_000 });
    expect(Array.isArray(visitor.history.messages)).toBe(true);
    visitor.send({ type: "send", text: "你好", clientId: "v1" });
    expect(await visitor.next(errorFor("v1"))).toEqual({ type: "error", code: "notAllowed", clientId: "v1", access: "needLogin" });
  });

  it("only verified scholars may send: others are told which step is missing", async () => {
    const member = await joinRoom(tokens.member);
    expect(member.welcome.access).toBe("needVerify");
    member.send({ type: "send", text: "我也想发言", clientId: "m1" });
    expect(await member.next(errorFor("m1"))).toMatchObject({ code: "notAllowed", access: "needVerify" });

    const emailUser = await joinRoom(tokens.emailUser);
    expect(emailUser.welcome.access).toBe("needBind");

    const forged = await joinRoom("NotARealToken000000000000000000");
    expect(forged.welcome.access).toBe("needLogin");
    forged.send({ type: "send", text: "伪造", clientId: "f1" });
    expect(await forged.next(errorFor("f1"))).toMatchObject({ code: "notAllowed" });

    const scholar = await joinRoom(tokens.scholar);
    expect(scholar.welcome.access).toBe("ok");
    expect(platform.db.prepare("SELECT COUNT(*) FROM chat_messages WHERE text IN ('我也想发言', '伪造')").pluck().get()).toBe(0);
  });

  it("delivers a scholar's message to everyone in the room, stores it, and gives it to later joiners as history", async () => {
    const reader = await joinRoom();
    const scholar = await joinRoom(tokens.scholar);
    const elsewhere = await joinRoom(undefined, otherPlanId);
    scholar.send({ type: "send", text: "  欢迎大家提问  ", clientId: "s1" });
    const echo = await scholar.next<any>(echoOf("s1"));
    expect(echo.message).toMatchObject({ planId, text: "欢迎大家提问", clientId: "s1", createTime: new Date(clock).toISOString() });
    expect(echo.message.authorName).toBeTruthy();
    expect(echo.message.authorNameEn).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const received = await reader.next<any>((event) => event.type === "message" && event.message.id === echo.message.id);
    expect(received.message.text).toBe("欢迎大家提问");
    expect(received.message.clientId).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(elsewhere.events.filter((event) => event.type === "message")).toEqual([]);

    const row = platform.db.prepare("SELECT plan_id, text, author_code FROM chat_messages WHERE id = ?").get(echo.message.id);
    expect(row).toEqual({ plan_id: planId, text: "欢迎大家提问", author_code: echo.message.authorCode });
    const later = await joinRoom();
    expect(later.history.messages.at(-1)).toMatchObject({ id: echo.message.id, text: "欢迎大家提问" });
  });

  it("the room's robot answers a question from its list, marked robot in both languages, once per answer in 30 s", async () => {
    clock += 60_000;
    const room = platform.db.prepare("SELECT id FROM items WHERE kind = 'live' ORDER BY id LIMIT 1 OFFSET 7").pluck().get() as number;
    const token = "RobotAskerToken00000000000000006";
    const authorCode = platform.db.prepare("SELECT author_code FROM scholars ORDER BY id LIMIT 1 OFFSET 3").pluck().get() as string;
    addUser("13900000006", token, { phone: "13900000006", authorCode });
    const reader = await joinRoom(undefined, room);
    const asker = await joinRoom(token, room);
    asker.send({ type: "send", text: "请问有回放吗", clientId: "q1" });
    const question = await asker.next<any>(echoOf("q1"));
    const reply = await reader.next<any>((event) => event.type === "message" && event.message.robot === true);
    expect(reply.message.id).toBeGreaterThan(question.message.id);
    expect(reply.message).toMatchObject({ planId: room, authorCode: "", authorName: "直播小助手", authorNameEn: "Live assistant" });
    expect(reply.message.text).toContain("回放");
    expect(reply.message.textEn).toContain("replay");

    asker.send({ type: "send", text: "Is there a REPLAY?", clientId: "q2" });
    await asker.next(echoOf("q2"));
    clock += 29_000;
    asker.send({ type: "send", text: "欢迎各位老师", clientId: "q3" });
    await asker.next(echoOf("q3"));
    const robotRows = () => platform.db.prepare("SELECT COUNT(*) FROM chat_messages WHERE plan_id = ? AND robot = 1").pluck().get(room);
    expect(robotRows()).toBe(1);
    clock += 2_000;
    asker.send({ type: "send", text: "When does it start?", clientId: "q4" });
    await asker.next(echoOf("q4"));
    const timeReply = await reader.next<any>((event) => event.type === "message" && event.message.robot === true && event.message.id !== reply.message.id);
    expect(timeReply.message.textEn).toMatch(/Beijing time/);
    expect(robotRows()).toBe(2);
  });

  it("tells everyone how many are in the room", async () => {
    const room = platform.db.prepare("SELECT id FROM items WHERE kind = 'live' ORDER BY id LIMIT 1 OFFSET 5").pluck().get() as number;
    const first = await joinRoom(undefined, room);
    expect(first.welcome.online).toBe(1);
    const second = await joinRoom(undefined, room);
    expect(second.welcome.online).toBe(2);
    expect(await first.next<any>((event) => event.type === "online" && event.count === 2)).toEqual({ type: "online", count: 2 });
    second.socket.close();
    expect(await first.next<any>((event) => event.type === "online" && event.count === 1)).toEqual({ type: "online", count: 1 });
  });

  it("refuses messages over 500 characters, counting characters not bytes, and empty ones", async () => {
    clock += 60_000;
    const scholar = await joinRoom(tokens.second);
    scholar.send({ type: "send", text: "长".repeat(501), clientId: "long" });
    expect(await scholar.next(errorFor("long"))).toEqual({ type: "error", code: "tooLong", clientId: "long" });
    scholar.send({ type: "send", text: "📈".repeat(500), clientId: "emoji" });
    expect((await scholar.next<any>(echoOf("emoji"))).message.text).toBe("📈".repeat(500));
    scholar.send({ type: "send", text: "x".repeat(500), clientId: "max" });
    expect((await scholar.next<any>(echoOf("max"))).message.text).toHaveLength(500);
    scholar.send({ type: "send", text: " \n\u200b\t ", clientId: "blank" });
    expect(await scholar.next(errorFor("blank"))).toMatchObject({ code: "empty" });
    scholar.send({ type: "send", text: "a\u202eb\u0007c\nd", clientId: "ctl" });
    expect((await scholar.next<any>(echoOf("ctl"))).message.text).toBe("abc\nd");
  });

  it("answers malformed messages with an error and keeps the socket", async () => {
    const scholar = await joinRoom(tokens.scholar);
    scholar.send("not json");
    expect(await scholar.next(isType("error"))).toMatchObject({ code: "badMessage" });
    scholar.send("null");
    expect(await scholar.next(isType("error"))).toMatchObject({ code: "badMessage" });
    scholar.send({ type: "send", text: 42, clientId: "n1" });
    expect(await scholar.next(errorFor("n1"))).toMatchObject({ code: "badMessage" });
    expect(scholar.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a socket that sends a frame larger than any message (1009)", async () => {
    const scholar = await joinRoom(tokens.scholar);
    scholar.send({ type: "send", text: "x".repeat(20_000), clientId: "big" });
    expect(await scholar.closed).toBe(1009);
  });

  it("lets a user send 5 messages per 10 s, across all of the user's sockets", async () => {
    clock += 60_000;
    const phone = await joinRoom(tokens.scholar);
    const laptop = await joinRoom(tokens.scholar);
    for (let index = 0; index < 5; index++) {
      const sender = index % 2 ? laptop : phone;
      sender.send({ type: "send", text: `第${index + 1}条`, clientId: `r${index}` });
      await sender.next(echoOf(`r${index}`));
      clock += 1_000;
    }
    phone.send({ type: "send", text: "第6条", clientId: "r5" });
    const limited = await phone.next<any>(errorFor("r5"));
    expect(limited.code).toBe("rateLimited");
    // The first of the five went out 5 s ago: the window frees up 5 s from now.
    expect(limited.retryAfterMs).toBe(5_000);
    laptop.send({ type: "send", text: "第6条", clientId: "r6" });
    expect(await laptop.next(errorFor("r6"))).toMatchObject({ code: "rateLimited" });

    // Another scholar is not held back by this one.
    const other = await joinRoom(tokens.second);
    other.send({ type: "send", text: "我的第一条", clientId: "o1" });
    await expect(other.next(echoOf("o1"))).resolves.toBeTruthy();

    clock += 5_000;
    phone.send({ type: "send", text: "窗口过去了", clientId: "r7" });
    expect((await phone.next<any>(echoOf("r7"))).message.text).toBe("窗口过去了");
    expect(platform.db.prepare("SELECT COUNT(*) FROM chat_messages WHERE text = '第6条'").pluck().get()).toBe(0);
  });

  it("checks the session on every message: a token ended after joining can no longer send", async () => {
    const token = "LaterEndedToken00000000000000005";
    const authorCode = platform.db.prepare("SELECT author_code FROM scholars ORDER BY id LIMIT 1 OFFSET 2").pluck().get() as string;
    const userId = addUser("13900000005", token, { phone: "13900000005", authorCode });
    const scholar = await joinRoom(token);
    expect(scholar.welcome.access).toBe("ok");
    platform.db.prepare("UPDATE sessions SET ended_at = ?, ended_reason = 'logout' WHERE user_id = ?").run(new Date(clock).toISOString(), userId);
    scholar.send({ type: "send", text: "退出后还能发吗", clientId: "e1" });
    expect(await scholar.next(errorFor("e1"))).toMatchObject({ code: "notAllowed", access: "needLogin" });
  });
});

describe("dwell-time socket", () => {
  const device = "DeviceForUnitTests00000000000001";
  const dwellPath = (query: Record<string, string>) =>
    `/ws/dwell?${new URLSearchParams({ token: "visitor", source: "4", channelNo: "", toPage: "/liveIndex", toQuery: "", deviceId: device, linkNo: "", ...query })}`;
  const beat = (fields: Record<string, unknown> = {}) => ({
    channelNo: "",
    createTime: clock,
    fromPage: "/home",
    fromQuery: "",
    toPage: "/liveIndex",
    toQuery: "",
    status: 0,
    isPlayback: "",
    ...fields,
  });

  it("refuses connections whose query cannot come from the client", async () => {
    expect(await connect(dwellPath({ deviceId: "" })).refused).toBe(400);
    expect(await connect(dwellPath({ deviceId: "bad id!" })).refused).toBe(400);
    expect(await connect(dwellPath({ source: "9" })).refused).toBe(400);
    expect(await connect(dwellPath({ toPage: "https://evil.example/" })).refused).toBe(400);
  });

  it("answers every heartbeat and adds the time since the last one to the page's dwell time", async () => {
    const client = connect(dwellPath({ linkNo: "spring" }));
    await client.opened;
    clock += 5_000;
    client.send(beat({ createTime: 111 }));
    expect(await client.next<any>((event) => event.createTime === 111)).toEqual({ code: 200, type: "heartbeat", createTime: 111, dwellMs: 5_000 });
    clock += 5_000;
    client.send(beat({ createTime: 222, status: 1 }));
    expect(await client.next<any>((event) => event.createTime === 222)).toMatchObject({ code: 200, dwellMs: 10_000 });
    clock += 5_000;
    client.send(beat({ createTime: 333, fromPage: "/liveIndex", toPage: "/viewLive", toQuery: "id=12", channelNo: "12", isPlayback: "1" }));
    expect(await client.next<any>((event) => event.createTime === 333)).toMatchObject({ code: 200, dwellMs: 5_000 });

    const visits = platform.db
      .prepare(
        "SELECT page, query, channel_no, link_no, heartbeats, dwell_ms, play_status, is_playback, user_id FROM dwell_visits WHERE device_id = ? ORDER BY id",
      )
      .all(device);
    expect(visits).toEqual([
      { page: "/liveIndex", query: "", channel_no: "", link_no: "spring", heartbeats: 2, dwell_ms: 10_000, play_status: 1, is_playback: "", user_id: null },
      {
        page: "/viewLive",
        query: "id=12",
        channel_no: "12",
        link_no: "spring",
        heartbeats: 1,
        dwell_ms: 5_000,
        play_status: 0,
        is_playback: "1",
        user_id: null,
      },
    ]);
  });

  it("records a signed-in viewer's user and answers malformed heartbeats without closing", async () => {
    const client = connect(dwellPath({ deviceId: "DeviceForUnitTests00000000000002" }), { token: tokens.member });
    await client.opened;
    client.send("{}");
    expect(await client.next<any>((event) => event.code === 400)).toMatchObject({ type: "error" });
    client.send(beat({ createTime: 444 }));
    await client.next((event) => event.createTime === 444);
    const userId = platform.db.prepare("SELECT user_id FROM dwell_visits WHERE device_id = 'DeviceForUnitTests00000000000002'").pluck().get();
    expect(userId).toBe(platform.db.prepare("SELECT id FROM users WHERE user_name = '13900000003'").pluck().get());
  });

  it("test hooks: a silenced device gets no answers until it is heard again; its connections can be inspected", async () => {
    const deviceId = "DeviceForUnitTests00000000000003";
    const first = connect(dwellPath({ deviceId }));
    await first.opened;
    realtime.dwell?.silence(deviceId, true);
    first.send(beat({ createTime: 555 }));
    await expect(first.next((event) => event.createTime === 555, 300)).rejects.toThrow("no such event");
    first.socket.close(3000);
    expect(await first.closed).toBe(3000);
    realtime.dwell?.silence(deviceId, false);
    const second = connect(dwellPath({ deviceId }));
    await second.opened;
    second.send(beat({ createTime: 666 }));
    await expect(second.next((event) => event.createTime === 666)).resolves.toMatchObject({ code: 200 });
    const seen = realtime.dwell?.inspect(deviceId);
    expect(seen?.connections.map((connection) => [connection.closeCode, connection.heartbeats])).toEqual([
      [3000, 1],
      [null, 1],
    ]);
    expect(seen).toMatchObject({ open: 1, maxOpen: 1 });
  });

  it("without test hooks, silencing does nothing and nothing is logged", async () => {
    const plain = createRealtime({ backend: { kind: "embedded", platform }, publicOrigin: origin, now: () => new Date(clock) });
    const other = createServer((_request, response) => response.writeHead(404).end());
    const handle = plain.attach(other);
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const port = (other.address() as AddressInfo).port;
    const deviceId = "DeviceForUnitTests00000000000004";
    try {
      plain.dwell?.silence(deviceId, true);
      const socket = new WebSocket(`ws://127.0.0.1:${port}${dwellPath({ deviceId })}`, { headers: { Origin: `http://127.0.0.1:${port}` } });
      open.push(socket);
      const answer = new Promise<any>((resolve) => socket.on("message", (raw) => resolve(JSON.parse(raw.toString()))));
      await new Promise((resolve) => socket.on("open", resolve));
      socket.send(JSON.stringify(beat({ createTime: 777 })));
      expect(await answer).toMatchObject({ code: 200, createTime: 777 });
      expect(plain.dwell?.inspect(deviceId)).toEqual({ connections: [], open: 0, maxOpen: 0 });
    } finally {
      handle.close();
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe("two nodes on one database (the local stand-in for one shared platform)", () => {
  it("a message sent through one node reaches the readers of the other, and the send limit counts both", async () => {
    // A second process's platform: its own connection to the same file, its own chat rooms.
    const second = createEmbeddedPlatform({ file: join(directory, "platform.sqlite"), now: () => new Date(clock), log: () => {} });
    const secondRealtime = createRealtime({
      backend: { kind: "embedded", platform: second },
      publicOrigin: "https://scholar.example",
      now: () => new Date(clock),
    });
    const secondServer = createServer((_request, response) => response.writeHead(404).end());
    const secondHandle = secondRealtime.attach(secondServer);
    await new Promise<void>((resolve) => secondServer.listen(0, "127.0.0.1", resolve));
    const secondOrigin = `http://127.0.0.1:${(secondServer.address() as AddressInfo).port}`;
    try {
      clock += 60_000;
      const reader = await joinRoom(undefined, otherPlanId, secondOrigin);
      const writer = await joinRoom(tokens.scholar, otherPlanId);
      writer.send({ type: "send", text: "跨节点的消息", clientId: "across-1" });
      await writer.next(echoOf("across-1"));
      const relayed = await reader.next<any>(isType("message"));
      expect(relayed.message).toMatchObject({ text: "跨节点的消息", planId: otherPlanId });
      expect(relayed.message.clientId).toBeUndefined();

      // The reader's node sends too: the writer's node relays it, once.
      const secondWriter = await joinRoom(tokens.scholar, otherPlanId, secondOrigin);
      for (let index = 2; index <= 4; index++) {
        secondWriter.send({ type: "send", text: `第${index}条`, clientId: `across-${index}` });
        await secondWriter.next(echoOf(`across-${index}`));
      }
      for (let index = 2; index <= 4; index++) {
        expect((await writer.next<any>((event) => event.type === "message" && event.message.text === `第${index}条`)).message.clientId).toBeUndefined();
      }
      writer.send({ type: "send", text: "第5条", clientId: "across-5" });
      await writer.next(echoOf("across-5"));
      // Five in the window over both nodes: the sixth is refused whichever node takes it.
      secondWriter.send({ type: "send", text: "第6条", clientId: "across-6" });
      expect(await secondWriter.next<any>(errorFor("across-6"))).toMatchObject({ code: "rateLimited" });
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(reader.events.filter((event) => event.type === "message").map((event) => event.message.text)).toEqual(["第2条", "第3条", "第4条", "第5条"]);
    } finally {
      secondHandle.close();
      await new Promise((resolve) => secondServer.close(resolve));
      second.close();
    }
  });
});
