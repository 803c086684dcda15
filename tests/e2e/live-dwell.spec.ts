/**
 * The time-tracking socket (spec §3, §4, §9) in a real browser against the real server: the page's clock is
 * paused and moved by the test (page.clock), the server's side is read, and silenced, through the test server's
 * hooks under /dev/realtime (never mounted with APP_ENV=production).
 */
import type { APIRequestContext, Page, WebSocket } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { planIn } from "./live-helpers";
import { holdSession, logInByCode } from "./platform-support";

interface Inspection {
  connections: { userId: number | null; openedAt: number; closedAt: number | null; closeCode: number | null; heartbeats: number }[];
  open: number;
  maxOpen: number;
}

const inspect = async (request: APIRequestContext, deviceId: string): Promise<Inspection> => (await request.get(`/dev/realtime/dwell/${deviceId}`)).json();

/** Records the page's dwell-time sockets and the frames each sent and received. */
function watchDwellSockets(page: Page) {
  const sockets: { socket: WebSocket; sent: string[]; received: string[]; closed: boolean }[] = [];
  page.on("websocket", (socket) => {
    if (!new URL(socket.url()).pathname.endsWith("/ws/dwell")) return;
    const entry = { socket, sent: [] as string[], received: [] as string[], closed: false };
    socket.on("framesent", (frame) => entry.sent.push(String(frame.payload)));
    socket.on("framereceived", (frame) => entry.received.push(String(frame.payload)));
    socket.on("close", () => (entry.closed = true));
    sockets.push(entry);
  });
  return sockets;
}

test("heartbeat 5 s after the last activity; closed with 3000 after 7 s without an answer; one reconnect 4 s later", async ({ page, request }) => {
  const start = new Date("2027-03-01T08:00:00+08:00");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  const sockets = watchDwellSockets(page);
  await page.goto("/liveIndex");

  await expect.poll(() => sockets.length).toBe(1);
  const deviceId = (await page.evaluate(() => localStorage.getItem("Fingerprint2")))!;
  expect(deviceId).toMatch(/^[A-Za-z0-9]{32}$/);
  const query = Object.fromEntries(new URL(sockets[0].socket.url()).searchParams);
  expect(query).toEqual({ token: "visitor", source: "4", channelNo: "", toPage: "/liveIndex", toQuery: "", deviceId, linkNo: "" });
  await expect.poll(async () => (await inspect(request, deviceId)).open).toBe(1);
  // The browser's open event follows the server's accepting by a moment; the paused clock waits for it.
  await page.waitForTimeout(300);

  // Nothing before 5 s; at 5 s the heartbeat of spec §3, answered by the server.
  await page.clock.runFor(4_999);
  expect(sockets[0].sent).toHaveLength(0);
  await page.clock.runFor(1);
  await expect.poll(() => sockets[0].sent.length).toBe(1);
  const heartbeat = JSON.parse(sockets[0].sent[0]);
  expect(heartbeat).toEqual({
    channelNo: "",
    createTime: start.getTime() + 6_000,
    fromPage: "",
    fromQuery: "",
    toPage: "/liveIndex",
    toQuery: "",
    status: 0,
    isPlayback: "0",
  });
  await expect.poll(() => sockets[0].received.length).toBe(1);
  expect(JSON.parse(sockets[0].received[0])).toMatchObject({ code: 200, type: "heartbeat", createTime: heartbeat.createTime });
  await expect.poll(async () => (await inspect(request, deviceId)).connections[0]?.heartbeats).toBe(1);

  // The answer is activity: the next heartbeat goes 5 s after it. Then the server stops answering.
  await request.post(`/dev/realtime/dwell/${deviceId}/silence?on=1`);
  await page.clock.runFor(4_999);
  expect(sockets[0].sent).toHaveLength(1);
  await page.clock.runFor(1);
  await expect.poll(() => sockets[0].sent.length).toBe(2);
  await expect.poll(async () => (await inspect(request, deviceId)).connections[0].heartbeats).toBe(2);

  // 7 s without a message: the client closes the socket with 3000.
  await page.clock.runFor(6_999);
  await page.waitForTimeout(200);
  expect(sockets[0].closed).toBe(false);
  expect((await inspect(request, deviceId)).connections[0].closeCode).toBeNull();
  await page.clock.runFor(1);
  await expect.poll(async () => (await inspect(request, deviceId)).connections[0].closeCode).toBe(3000);
  await expect.poll(() => sockets[0].closed).toBe(true);
  await request.post(`/dev/realtime/dwell/${deviceId}/silence?on=0`);

  // One reconnect, 4 s after the close, and only one.
  await page.clock.runFor(3_999);
  await page.waitForTimeout(200);
  expect(sockets).toHaveLength(1);
  await page.clock.runFor(1);
  await expect.poll(() => sockets.length).toBe(2);
  await expect.poll(async () => (await inspect(request, deviceId)).open).toBe(1);
  await page.waitForTimeout(300);

  // The new socket beats and is answered, round after round; no other socket appears.
  for (let round = 1; round <= 3; round++) {
    await page.clock.runFor(5_000);
    await expect.poll(() => sockets[1].received.length).toBe(round);
  }
  await page.clock.runFor(4_000);
  await page.waitForTimeout(200);
  expect(sockets).toHaveLength(2);
  const seen = await inspect(request, deviceId);
  expect(seen.connections.map((connection) => connection.closeCode)).toEqual([3000, null]);
  expect(seen.connections[1].heartbeats).toBe(3);
  expect(seen.maxOpen).toBe(1);
});

test("a live room's heartbeat names its channel, the page before it, and the play state of a replay", async ({ page, request }) => {
  const replay = await planIn(request, 4);
  const sockets = watchDwellSockets(page);
  await page.goto("/liveIndex");
  // A tap before the list has hydrated (ADR 037) is a plain link: a new document, and a new socket with it.
  await waitForHydration(page);
  await page.locator(`.live-list a[href="${replay.link}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/viewLive\\?id=${replay.id}$`));
  const video = page.locator("video.live-video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });

  // One socket for the whole visit: a heartbeat after the navigation reports the live room and the replay playing.
  const playing = (frame: string) => JSON.parse(frame).toPage === "/viewLive" && JSON.parse(frame).status === 1;
  await expect.poll(() => sockets[0]?.sent.some(playing), { timeout: 15_000 }).toBe(true);
  expect(sockets).toHaveLength(1);
  const heartbeat = JSON.parse(sockets[0].sent.find(playing)!);
  expect(heartbeat).toMatchObject({
    channelNo: String(replay.id),
    fromPage: "/liveIndex",
    fromQuery: "",
    toPage: "/viewLive",
    toQuery: `id=${replay.id}`,
    status: 1,
    isPlayback: "1",
  });
});

test("a signed-in viewer's socket counts as the user's from the session cookie; its URL names no token", async ({ page, request, baseURL }) => {
  const member = await logInByCode(request);
  await holdSession(page.context(), baseURL!, member);
  const sockets = watchDwellSockets(page);
  await page.goto("/specList");
  await expect.poll(() => sockets.length).toBe(1);
  expect(new URL(sockets[0].socket.url()).searchParams.get("token")).toBe("visitor");
  const deviceId = (await page.evaluate(() => localStorage.getItem("Fingerprint2")))!;
  await expect.poll(async () => (await inspect(request, deviceId)).connections[0]?.userId).toBe(member.user.id);
});

test("a browser without WebSocket is told so", async ({ page }) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, "WebSocket");
  });
  await page.goto("/liveIndex");
  await expect(page.locator(".toast")).toHaveText("您的浏览器不支持websocket");
});
