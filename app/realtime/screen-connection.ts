/**
 * The browser's connection to a live room's screen socket (contracts/screen.ts, ADR 062): it remembers the last push
 * it was sent and names it when it reconnects, so the server replays exactly what was missed, in order, once.
 */
import { createJsonSocketConnection, type ChatConnectionStatus, type JsonSocketConnection } from "./chat-connection";
import type { ClientSocket, SocketClock } from "./socket";
import { screenSocketUrl, type ScreenServerEvent } from "@contracts/screen";

export interface ScreenConnectionOptions {
  location: { protocol: string; host: string };
  planId: string | number;
  createSocket(url: string): ClientSocket;
  clock: SocketClock;
  onEvent(event: ScreenServerEvent): void;
  onStatus(status: ChatConnectionStatus): void;
}

export function createScreenConnection(options: ScreenConnectionOptions): JsonSocketConnection<never> {
  let lastSeq = 0;
  return createJsonSocketConnection<ScreenServerEvent, never>({
    url: () => screenSocketUrl(options.location, options.planId, lastSeq),
    createSocket: options.createSocket,
    clock: options.clock,
    onStatus: options.onStatus,
    onEvent: (event) => {
      // A push already shown (a replay overlapping what arrived live) is not shown twice.
      if (event.type === "push") {
        if (event.push.seq <= lastSeq) return;
        lastSeq = event.push.seq;
      }
      options.onEvent(event);
    },
  });
}
