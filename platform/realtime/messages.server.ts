import type { WebSocket } from "ws";
import type { Messages } from "../messages/index.server.ts";
import type { ImServerEvent } from "@contracts/messages.ts";

/** How often a node looks for new notices and messages of the people connected to it. */
const POLL_INTERVAL_MS = 500;

interface Person {
  sockets: Set<WebSocket>;
  sentNotice: number;
  sentDirect: number;
  unread: number;
}

/**
 * The message centre's socket with the embedded platform (ADR 063): one per signed-in person's tab. Notices and
 * messages are written by whatever happened (another node included), so each node polls for its own people and sends
 * what is new and the unread count when it changed. The socket only tells; reading and sending go through /im/*.
 */
export function createMessagesHub({ messages }: { messages: Messages }) {
  const people = new Map<number, Person>();

  const send = (socket: WebSocket, event: ImServerEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };
  const tell = (person: Person, event: ImServerEvent) => {
    for (const socket of person.sockets) send(socket, event);
  };

  const refresh = (userId: number, person: Person) => {
    for (const message of messages.newFor(userId, person.sentNotice, person.sentDirect)) {
      if (message.from === "notice") person.sentNotice = Math.max(person.sentNotice, message.id);
      else person.sentDirect = Math.max(person.sentDirect, message.id);
      tell(person, { type: "message", message });
    }
    const unread = messages.unreadCount(userId);
    if (unread !== person.unread) {
      person.unread = unread;
      tell(person, { type: "unread", count: unread });
    }
  };
  const timer = setInterval(() => {
    for (const [userId, person] of people) refresh(userId, person);
  }, POLL_INTERVAL_MS);
  timer.unref();

  return {
    join(socket: WebSocket, userId: number): void {
      let person = people.get(userId);
      if (!person) {
        const latest = messages.latestIds(userId);
        person = { sockets: new Set(), sentNotice: latest.notice, sentDirect: latest.direct, unread: messages.unreadCount(userId) };
        people.set(userId, person);
      }
      const joined = person;
      joined.sockets.add(socket);
      send(socket, { type: "unread", count: joined.unread });
      socket.on("close", () => {
        joined.sockets.delete(socket);
        if (joined.sockets.size === 0) people.delete(userId);
      });
    },
    close(): void {
      clearInterval(timer);
    },
  };
}
