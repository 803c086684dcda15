/**
 * The browser's connection to a live-room socket that speaks JSON (the chat, contracts/chat.ts; the screen,
 * contracts/screen.ts), which reconnects with a growing delay after the socket drops and lets go of a socket before
 * making the next. Clock and socket factory are injected; the URL is read again at each connection, so a socket that
 * replays what was missed can name the last thing it saw.
 */
import { closeSocket, type ClientSocket, type SocketClock } from "./socket";
import type { ChatServerEvent, ChatSend } from "@contracts/chat";

export type ChatConnectionStatus = "connecting" | "open" | "reconnecting" | "stopped";

export const CHAT_RECONNECT = { firstMs: 1_000, maxMs: 30_000 } as const;

export interface JsonSocketOptions<Event> {
  url: string | (() => string);
  createSocket(url: string): ClientSocket;
  clock: SocketClock;
  onEvent(event: Event): void;
  onStatus(status: ChatConnectionStatus): void;
}

export interface JsonSocketConnection<Send> {
  start(): void;
  stop(): void;
  /** false when the socket is not open: the caller keeps the text. */
  send(message: Send): boolean;
}

export type ChatConnectionOptions = JsonSocketOptions<ChatServerEvent>;
export type ChatConnection = JsonSocketConnection<ChatSend>;

export function createChatConnection(options: ChatConnectionOptions): ChatConnection {
  return createJsonSocketConnection<ChatServerEvent, ChatSend>(options);
}

export function createJsonSocketConnection<Event, Send>(options: JsonSocketOptions<Event>): JsonSocketConnection<Send> {
  const { clock } = options;
  let socket: ClientSocket | null = null;
  let open = false;
  let stopped = false;
  let retryTimer: unknown = null;
  let delay: number = CHAT_RECONNECT.firstMs;

  const drop = () => {
    const old = socket;
    socket = null;
    open = false;
    if (old) closeSocket(old, 1000);
  };

  const retry = () => {
    if (stopped || retryTimer !== null) return;
    drop();
    options.onStatus("reconnecting");
    retryTimer = clock.setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
    delay = Math.min(delay * 2, CHAT_RECONNECT.maxMs);
  };

  const connect = () => {
    drop();
    options.onStatus("connecting");
    let current: ClientSocket;
    try {
      current = options.createSocket(typeof options.url === "function" ? options.url() : options.url);
    } catch {
      retry();
      return;
    }
    socket = current;
    current.onopen = () => {
      open = true;
      options.onStatus("open");
    };
    current.onmessage = (event) => {
      // The pause starts over only once the room has spoken: a relay whose platform is down (ADR 043) opens the
      // socket and closes it at once (1013), which must not make every retry come after the shortest pause.
      delay = CHAT_RECONNECT.firstMs;
      const data = (event as { data?: unknown }).data;
      if (typeof data !== "string") return;
      try {
        options.onEvent(JSON.parse(data) as Event);
      } catch {
        /* not ours: the server only sends JSON */
      }
    };
    current.onerror = () => retry();
    current.onclose = () => retry();
  };

  return {
    start() {
      stopped = false;
      if (!socket && retryTimer === null) connect();
    },
    stop() {
      stopped = true;
      if (retryTimer !== null) clock.clearTimeout(retryTimer);
      retryTimer = null;
      drop();
      options.onStatus("stopped");
    },
    send(message) {
      if (!socket || !open) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
  };
}
