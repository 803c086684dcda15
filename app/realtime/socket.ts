/** What the browser's socket clients share: the socket and clock they are given, and how they let go of a socket. */
const CONNECTING = 0;

/**
 * The part of a WebSocket the clients use. Handlers take `never` so that the DOM's WebSocket (whose handlers take
 * Event, MessageEvent, CloseEvent) and a test's fake both fit; a handler reads what it needs by narrowing.
 */
export interface ClientSocket {
  /** 0 connecting, 1 open, 2 closing, 3 closed (WebSocket's values). */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
}

export interface SocketClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Closes a socket the caller no longer listens to. One still connecting is closed as soon as it opens: closing it
 * earlier makes the browser report a failed connection on the console.
 */
export function closeSocket(socket: ClientSocket, code?: number): void {
  socket.onmessage = socket.onerror = socket.onclose = null;
  if (socket.readyState === CONNECTING) {
    socket.onopen = () => socket.close(code);
    return;
  }
  socket.onopen = null;
  try {
    socket.close(code);
  } catch {
    /* already closed */
  }
}

/** The browser's timers, looked up at each call (so a test's installed clock is the one used). */
export const browserClock: SocketClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
