import { describe, expect, it } from "vitest";
import { createDwellClient, dwellPlace, dwellSocketUrl } from "~/realtime/dwell-connection";
import { DWELL_CLOSE_CODE, DWELL_PLACEHOLDER_TOKEN, type DwellConnectionQuery } from "@contracts/dwell";
import { FakeClock, FakeSocket } from "./fake-socket";

const where: DwellConnectionQuery = { channelNo: "", toPage: "/liveIndex", toQuery: "", deviceId: "abcdefghABCDEFGH12345678abcdefgh", linkNo: "" };

function setup() {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  let page = { toPage: "/liveIndex", toQuery: "", fromPage: "/home", fromQuery: "", status: 0, isPlayback: "0", channelNo: "" };
  const client = createDwellClient({
    endpoint: "ws://site.test/ws/dwell",
    clock,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    connection: () => ({ ...where, toPage: page.toPage, toQuery: page.toQuery }),
    heartbeat: () => page,
  });
  const openSockets = () => sockets.filter((socket) => socket.isOpen).length;
  return { clock, sockets, client, openSockets, setPage: (next: Partial<typeof page>) => (page = { ...page, ...next }) };
}

describe("dwell-time socket URL", () => {
  it("carries the connection query of spec §3 with the placeholder token: the session is the HttpOnly cookie, never in a URL", () => {
    const url = new URL(dwellSocketUrl("ws://site.test/ws/dwell", { ...where, toQuery: "id=12&tab=1", channelNo: "12", linkNo: "spring" }));
    expect(url.pathname).toBe("/ws/dwell");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token: DWELL_PLACEHOLDER_TOKEN,
      source: "4",
      channelNo: "12",
      toPage: "/liveIndex",
      toQuery: "id=12&tab=1",
      deviceId: where.deviceId,
      linkNo: "spring",
    });
  });
});

describe("dwell-time client", () => {
  it("sends the heartbeat 5 s after the socket opens, and 5 s after each answer", () => {
    const { clock, sockets, client } = setup();
    client.start();
    expect(sockets).toHaveLength(1);
    expect(client.state()).toBe("connecting");
    sockets[0].open();
    clock.advance(4_999);
    expect(sockets[0].sent).toHaveLength(0);
    clock.advance(1);
    expect(sockets[0].sent).toHaveLength(1);
    expect(JSON.parse(sockets[0].sent[0])).toEqual({
      channelNo: "",
      createTime: clock.now(),
      fromPage: "/home",
      fromQuery: "",
      toPage: "/liveIndex",
      toQuery: "",
      status: 0,
      isPlayback: "0",
    });
    expect(client.state()).toBe("awaitingReply");

    clock.advance(2_000);
    sockets[0].receive('{"code":200}');
    expect(client.state()).toBe("waiting");
    clock.advance(4_999);
    expect(sockets[0].sent).toHaveLength(1);
    clock.advance(1);
    expect(sockets[0].sent).toHaveLength(2);
  });

  it("reports the page and play state of the moment it beats", () => {
    const { clock, sockets, client, setPage } = setup();
    client.start();
    sockets[0].open();
    setPage({ fromPage: "/liveIndex", toPage: "/viewLive", toQuery: "id=12", channelNo: "12", status: 1, isPlayback: "1" });
    clock.advance(5_000);
    expect(JSON.parse(sockets[0].sent[0])).toMatchObject({
      fromPage: "/liveIndex",
      toPage: "/viewLive",
      toQuery: "id=12",
      channelNo: "12",
      status: 1,
      isPlayback: "1",
    });
  });

  it("any message counts as activity: the next heartbeat waits 5 s from it", () => {
    const { clock, sockets, client } = setup();
    client.start();
    sockets[0].open();
    clock.advance(3_000);
    sockets[0].receive("{}");
    clock.advance(4_000);
    expect(sockets[0].sent).toHaveLength(0);
    clock.advance(1_000);
    expect(sockets[0].sent).toHaveLength(1);
  });

  it("closes with 3000 when no message arrives within 7 s of a heartbeat, then reconnects once after 4 s", () => {
    const { clock, sockets, client, openSockets } = setup();
    client.start();
    sockets[0].open();
    clock.advance(5_000);
    expect(sockets[0].sent).toHaveLength(1);
    clock.advance(6_999);
    expect(sockets[0].closedWith).toBeNull();
    clock.advance(1);
    expect(sockets[0].closedWith).toBe(DWELL_CLOSE_CODE);
    expect(client.state()).toBe("reconnectPending");
    // The close event of the socket we closed arrives later: it must not schedule a second reconnect.
    sockets[0].closeFromServer(DWELL_CLOSE_CODE);
    expect(clock.pending()).toBe(1);

    clock.advance(3_999);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
    expect(openSockets()).toBe(1);
    sockets[1].open();
    clock.advance(5_000);
    expect(sockets[1].sent).toHaveLength(1);
  });

  it("keeps exactly one reconnect pending when error and close both report the same failure", () => {
    const { clock, sockets, client } = setup();
    client.start();
    sockets[0].fail();
    sockets[0].closeFromServer();
    sockets[0].fail();
    expect(clock.pending()).toBe(1);
    clock.advance(4_000);
    expect(sockets).toHaveLength(2);
    clock.advance(60_000);
    // The new socket never opened and never failed: nothing else was created meanwhile.
    expect(sockets).toHaveLength(2);
  });

  it("never has two sockets open: a socket that errs while still open is closed before the next is made", () => {
    const { clock, sockets, client, openSockets } = setup();
    client.start();
    for (let round = 0; round < 5; round++) {
      const current = sockets.at(-1)!;
      current.open();
      clock.advance(5_000);
      current.fail();
      expect(current.isOpen).toBe(false);
      expect(openSockets()).toBe(0);
      clock.advance(4_000);
      expect(openSockets()).toBe(1);
    }
    expect(sockets).toHaveLength(6);
  });

  it("a socket that closes while waiting for its next heartbeat reconnects after 4 s, not before", () => {
    const { clock, sockets, client } = setup();
    client.start();
    sockets[0].open();
    clock.advance(2_000);
    sockets[0].closeFromServer(1001);
    clock.advance(3_999);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1].url).toContain("toPage=%2FliveIndex");
  });

  it("a failing socket constructor is retried 4 s later", () => {
    const clock = new FakeClock();
    let attempts = 0;
    const client = createDwellClient({
      endpoint: "ws://site.test/ws/dwell",
      clock,
      createSocket: () => {
        attempts++;
        throw new Error("blocked");
      },
      connection: () => where,
      heartbeat: () => ({ channelNo: "", fromPage: "", fromQuery: "", toPage: "/home", toQuery: "", status: 0, isPlayback: "" }),
    });
    client.start();
    expect(attempts).toBe(1);
    clock.advance(4_000);
    expect(attempts).toBe(2);
    expect(clock.pending()).toBe(1);
  });

  it("stop closes the socket, cancels every timer and ignores what the old socket reports", () => {
    const { clock, sockets, client, openSockets } = setup();
    client.start();
    sockets[0].open();
    clock.advance(5_000);
    client.stop();
    expect(sockets[0].closedWith).toBe(1000);
    expect(clock.pending()).toBe(0);
    sockets[0].closeFromServer();
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(openSockets()).toBe(0);
    expect(client.state()).toBe("stopped");

    client.start();
    expect(sockets).toHaveLength(2);
    client.start();
    expect(sockets).toHaveLength(2);
  });
});

describe("dwellPlace", () => {
  it("names the live channel on live-view pages only, and keeps the page and query as the address bar has them", () => {
    expect(dwellPlace("/viewLive", "?id=12&tab=2")).toEqual({ channelNo: "12", toPage: "/viewLive", toQuery: "id=12&tab=2" });
    expect(dwellPlace("/videoDetail", "?id=12")).toEqual({ channelNo: "", toPage: "/videoDetail", toQuery: "id=12" });
    expect(dwellPlace("/viewLive", "?id=<script>")).toMatchObject({ channelNo: "" });
    expect(dwellPlace("/home", "")).toEqual({ channelNo: "", toPage: "/home", toQuery: "" });
    expect(dwellPlace("/home", `?q=${"x".repeat(600)}`).toQuery).toHaveLength(500);
  });
});

describe("closing a socket that is still connecting", () => {
  it("waits for it to open, so the browser has no failed connection to report", () => {
    const { sockets, client } = setup();
    client.start();
    client.stop();
    expect(sockets[0].closedWith).toBeNull();
    sockets[0].open();
    expect(sockets[0].closedWith).toBe(1000);
    expect(client.state()).toBe("stopped");
  });

  it("a connection that is refused is retried once, 4 s later", () => {
    const { clock, sockets, client } = setup();
    client.start();
    sockets[0].refuse();
    expect(clock.pending()).toBe(1);
    clock.advance(4_000);
    expect(sockets).toHaveLength(2);
  });
});
