import { describe, expect, it } from "vitest";
import { createChatConnection, CHAT_RECONNECT, type ChatConnectionStatus } from "~/realtime/chat-connection";
import { chatSocketUrl, type ChatServerEvent } from "@contracts/chat";
import { FakeClock, FakeSocket } from "./fake-socket";

function setup() {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const events: ChatServerEvent[] = [];
  const statuses: ChatConnectionStatus[] = [];
  const connection = createChatConnection({
    url: "ws://site.test/ws/chat?planId=12",
    clock,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
  });
  return { clock, sockets, events, statuses, connection, openSockets: () => sockets.filter((socket) => socket.isOpen).length };
}

describe("chatSocketUrl", () => {
  it("is this origin's /ws/chat with the plan and no token (the upgrade carries the session cookie)", () => {
    expect(chatSocketUrl({ protocol: "http:", host: "localhost:3000" }, "12")).toBe("ws://localhost:3000/ws/chat?planId=12");
    expect(chatSocketUrl({ protocol: "https:", host: "scholar.example" }, 12)).toBe("wss://scholar.example/ws/chat?planId=12");
  });
});

describe("chat connection", () => {
  it("passes the server's events on and sends only while open", () => {
    const { sockets, events, statuses, connection } = setup();
    connection.start();
    expect(statuses).toEqual(["connecting"]);
    expect(connection.send({ type: "send", text: "早", clientId: "a" })).toBe(false);
    sockets[0].open();
    expect(statuses.at(-1)).toBe("open");
    sockets[0].receive(JSON.stringify({ type: "online", count: 3 }));
    sockets[0].receive("not json");
    expect(events).toEqual([{ type: "online", count: 3 }]);
    expect(connection.send({ type: "send", text: "早", clientId: "a" })).toBe(true);
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ type: "send", text: "早", clientId: "a" });
  });

  it("reconnects after a drop with a delay that doubles up to 30 s and resets once the room speaks", () => {
    const { clock, sockets, statuses, connection, openSockets } = setup();
    connection.start();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = sockets.length;
      sockets.at(-1)!.fail();
      sockets.at(-1)!.closeFromServer();
      expect(openSockets()).toBe(0);
      let waited = 0;
      while (sockets.length === before) {
        clock.advance(500);
        waited += 500;
      }
      delays.push(waited);
      expect(openSockets()).toBe(1);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(statuses.filter((status) => status === "reconnecting")).toHaveLength(7);
    // Opened and closed at once (a relay whose platform is down, 1013): the pause keeps its length.
    sockets.at(-1)!.open();
    sockets.at(-1)!.closeFromServer(1013);
    clock.advance(CHAT_RECONNECT.firstMs);
    expect(sockets).toHaveLength(8);
    clock.advance(CHAT_RECONNECT.maxMs);
    expect(sockets).toHaveLength(9);
    // Once the room has spoken, the next drop waits the shortest pause again.
    sockets.at(-1)!.open();
    sockets.at(-1)!.receive(JSON.stringify({ type: "online", count: 1 }));
    sockets.at(-1)!.closeFromServer(1001);
    clock.advance(CHAT_RECONNECT.firstMs);
    expect(sockets).toHaveLength(10);
  });

  it("stop closes the socket and cancels a pending reconnect", () => {
    const { clock, sockets, statuses, connection } = setup();
    connection.start();
    sockets[0].open();
    sockets[0].closeFromServer();
    connection.stop();
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe("stopped");
    expect(connection.send({ type: "send", text: "x", clientId: "b" })).toBe(false);
  });
});
