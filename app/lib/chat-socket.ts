/**
 * The live-room chat socket: the protocol both ends share, and the browser's connection, which reconnects with a
 * growing delay after the socket drops and lets go of a socket before making the next. Clock and socket factory
 * are injected.
 */
import type { GateOutcome } from "./gate";
import { closeSocket, type ClientSocket, type SocketClock } from "./dwell-time";

export const CHAT_SOCKET_PATH = "/ws/chat";

export const CHAT_TEXT_LIMIT = 500;

export interface ChatMessage {
  id: number;
  planId: number;
  text: string;
  authorCode: string;
  authorName: string;
  authorNameEn: string;
  createTime: string;
  /** The sender's own id for the message, echoed to the sender only. */
  clientId?: string;
}

export type ChatErrorCode = "badMessage" | "empty" | "tooLong" | "rateLimited" | "notAllowed";

/** What the server sends. `access` is the viewer's gate for sending: "ok" for verified scholars only. */
export type ChatServerEvent =
  | { type: "welcome"; planId: number; access: GateOutcome; online: number; limits: { maxLength: number; perWindow: number; windowMs: number } }
  | { type: "history"; messages: ChatMessage[] }
  | { type: "message"; message: ChatMessage }
  | { type: "online"; count: number }
  | { type: "error"; code: ChatErrorCode; clientId?: string; retryAfterMs?: number; access?: GateOutcome };

/** What the browser sends. */
export interface ChatSend {
  type: "send";
  text: string;
  clientId: string;
}

export function chatSocketUrl(location: { protocol: string; host: string }, planId: string | number, token: string | null): string {
  const search = new URLSearchParams({ planId: String(planId) });
  if (token) search.set("token", token);
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CHAT_SOCKET_PATH}?${search}`;
}

export type ChatConnectionStatus = "connecting" | "open" | "reconnecting" | "stopped";

export const CHAT_RECONNECT = { firstMs: 1_000, maxMs: 30_000 } as const;

export interface ChatConnectionOptions {
  url: string;
  createSocket(url: string): ClientSocket;
  clock: SocketClock;
  onEvent(event: ChatServerEvent): void;
  onStatus(status: ChatConnectionStatus): void;
}

export interface ChatConnection {
  start(): void;
  stop(): void;
  /** false when the socket is not open: the caller keeps the text. */
  send(message: ChatSend): boolean;
}

export function createChatConnection(options: ChatConnectionOptions): ChatConnection {
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
      current = options.createSocket(options.url);
    } catch {
      retry();
      return;
    }
    socket = current;
    current.onopen = () => {
      open = true;
      delay = CHAT_RECONNECT.firstMs;
      options.onStatus("open");
    };
    current.onmessage = (event) => {
      const data = (event as { data?: unknown }).data;
      if (typeof data !== "string") return;
      try {
        options.onEvent(JSON.parse(data) as ChatServerEvent);
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
