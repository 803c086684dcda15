/**
 * The time-tracking websocket of spec §3, §4 and §9, as a small state machine with an injected clock and socket
 * factory (the shell gives it the browser's; tests give it fakes).
 *
 *   connecting ──open──▶ waiting ──5 s after the last activity──▶ awaitingReply ──message──▶ waiting
 *        │                  │                                          │
 *        └─error/close──────┴──────────────error/close─────────────────┤
 *                                                                      └─7 s without a message: close(3000)
 *   every error or close ──▶ reconnectPending ──4 s──▶ connecting
 *
 * Activity is the socket opening or a message arriving. There is at most one reconnect pending, and a socket is
 * closed and forgotten before the next one is made, so two are never open at once.
 */
import { isLiveViewPath } from "~/routing/routing";
import { DWELL_CLOSE_CODE, DWELL_PLACEHOLDER_TOKEN, DWELL_TIMING, WEB_SOURCE, type DwellConnectionQuery, type DwellHeartbeat } from "@contracts/dwell";
import { closeSocket, type ClientSocket, type SocketClock } from "./socket";

export interface DwellClientOptions {
  /** ws(s)://host/ws/dwell, without the query. */
  endpoint: string;
  createSocket(url: string): ClientSocket;
  clock: SocketClock;
  /** Read at every connect: who and where the viewer is. */
  connection(): DwellConnectionQuery;
  /** Read at every heartbeat: the page and play state now (createTime is filled in from the clock). */
  heartbeat(): Omit<DwellHeartbeat, "createTime">;
}

export type DwellState = "idle" | "connecting" | "waiting" | "awaitingReply" | "reconnectPending" | "stopped";

export function dwellSocketUrl(endpoint: string, query: DwellConnectionQuery): string {
  const search = new URLSearchParams({
    token: DWELL_PLACEHOLDER_TOKEN,
    source: WEB_SOURCE,
    channelNo: query.channelNo,
    toPage: query.toPage,
    toQuery: query.toQuery,
    deviceId: query.deviceId,
    linkNo: query.linkNo,
  });
  return `${endpoint}?${search}`;
}

export interface DwellClient {
  start(): void;
  stop(): void;
  state(): DwellState;
}

export function createDwellClient(options: DwellClientOptions): DwellClient {
  const { clock } = options;
  let state: DwellState = "idle";
  let socket: ClientSocket | null = null;
  let heartbeatTimer: unknown = null;
  let replyTimer: unknown = null;
  let reconnectTimer: unknown = null;

  const clear = (handle: unknown) => {
    if (handle !== null) clock.clearTimeout(handle);
  };
  const clearSocketTimers = () => {
    clear(heartbeatTimer);
    clear(replyTimer);
    heartbeatTimer = null;
    replyTimer = null;
  };

  /** Closes the current socket and stops listening to it: whatever it reports later is about a socket we left. */
  const dropSocket = (code?: number) => {
    const old = socket;
    socket = null;
    if (old) closeSocket(old, code);
  };

  const scheduleHeartbeat = () => {
    clearSocketTimers();
    state = "waiting";
    heartbeatTimer = clock.setTimeout(sendHeartbeat, DWELL_TIMING.heartbeatMs);
  };

  const sendHeartbeat = () => {
    heartbeatTimer = null;
    if (!socket) return;
    const message: DwellHeartbeat = { ...options.heartbeat(), createTime: clock.now() };
    try {
      socket.send(JSON.stringify(message));
    } catch {
      scheduleReconnect();
      return;
    }
    state = "awaitingReply";
    replyTimer = clock.setTimeout(() => {
      replyTimer = null;
      dropSocket(DWELL_CLOSE_CODE);
      scheduleReconnect();
    }, DWELL_TIMING.replyTimeoutMs);
  };

  const scheduleReconnect = () => {
    if (state === "stopped" || reconnectTimer !== null) return;
    clearSocketTimers();
    dropSocket();
    state = "reconnectPending";
    reconnectTimer = clock.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, DWELL_TIMING.reconnectMs);
  };

  const connect = () => {
    dropSocket();
    state = "connecting";
    let current: ClientSocket;
    try {
      current = options.createSocket(dwellSocketUrl(options.endpoint, options.connection()));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => scheduleHeartbeat();
    current.onmessage = () => scheduleHeartbeat();
    current.onerror = () => scheduleReconnect();
    current.onclose = () => scheduleReconnect();
  };

  return {
    start() {
      if (state === "idle" || state === "stopped") connect();
    },
    stop() {
      clearSocketTimers();
      clear(reconnectTimer);
      reconnectTimer = null;
      dropSocket(1000);
      state = "stopped";
    },
    state: () => state,
  };
}

const CHANNEL = /^[A-Za-z0-9_-]{1,64}$/;

/** What the heartbeat and the connection report about a page: the live channel watched there, if any. */
export function dwellPlace(pathname: string, search: string): { channelNo: string; toPage: string; toQuery: string } {
  const query = search.replace(/^\?/, "");
  const id = new URLSearchParams(query).get("id") ?? "";
  return {
    channelNo: isLiveViewPath(pathname) && CHANNEL.test(id) ? id : "",
    toPage: pathname.slice(0, 200),
    toQuery: query.slice(0, 500),
  };
}
