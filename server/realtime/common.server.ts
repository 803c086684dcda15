import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/**
 * Only pages of this site may open a socket (a socket is not subject to CORS: without this check any site a
 * signed-in user visits could read the chat or post in the user's name). The Origin must name the host the
 * request was sent to, or the configured public origin when a proxy rewrites the host.
 */
export function isSameOrigin(request: IncomingMessage, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === publicOrigin) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host === request.headers.host;
  } catch {
    return false;
  }
}

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests" };

/** Refuses an upgrade with a plain HTTP answer; the browser reports the socket as failed. */
export function refuseUpgrade(socket: Duplex, status: 400 | 403 | 404 | 429): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
