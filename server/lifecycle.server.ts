import { createServer, type RequestListener, type Server } from "node:http";
import { Server as NetServer } from "node:net";

export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/**
 * Deliberate limits of the HTTP server: headers must arrive within 10 s and a whole request within 30 s (a body
 * shorter than its Content-Length gets 408 then, instead of holding a socket until Node's default of 5 minutes), and
 * an idle keep-alive connection is closed after 5 s.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/**
 * The HTTP server for the app with those limits. Node checks the header and request limits on a timer of its own
 * (30 s by default, which would let a stalled request live a minute): checked every second here.
 */
export function createHttpServer(listener: RequestListener, timeouts: ServerTimeouts = SERVER_TIMEOUTS): Server {
  const server = createServer({ connectionsCheckingInterval: 1_000 }, listener);
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
}

export interface Stoppable {
  server: Server;
  /** Tells every response from now on to close its connection (busy keep-alive connections never go idle). */
  beginDraining(): void;
  /** Closes the websockets with 1001 (going away). */
  closeSockets(): void;
  /** Closes the app's resources (the platform's database, checkpointed). */
  close(): Promise<void>;
}

/**
 * A graceful stop (ADR 015): stop accepting, let in-flight requests finish (each answer closes its connection),
 * send websockets away with 1001, then close the database; connections still open after `graceMs` are cut and said so.
 * Resolves with the number of connections that had to be cut.
 */
export async function stopGracefully(target: Stoppable, options: { graceMs?: number; log?: (line: string) => void } = {}): Promise<number> {
  const log = options.log ?? ((line: string) => console.log(line));
  target.beginDraining();
  // net's close, not http's: stop accepting, but do not cut idle keep-alive connections, because a client may be
  // sending its next request on one at this very moment. Each answers with Connection: close from now on, and idle
  // ones end at the keep-alive timeout.
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(target.server, () => resolve()));
  target.closeSockets();
  let cut = 0;
  const deadline = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), options.graceMs ?? 8_000).unref());
  if ((await Promise.race([closed, deadline])) === "late") {
    cut = await new Promise<number>((resolve) => target.server.getConnections((_error, count) => resolve(count)));
    log(`shutdown: ${cut} connection(s) still busy after the grace period were closed`);
    target.server.closeAllConnections();
    await closed;
  }
  await target.close();
  return cut;
}
