/**
 * Loopback-only listening in the port range the benchmark is allowed to use, and a close that cannot hang on
 * keep-alive sockets left open by fetch or autocannon.
 */
import type { Server } from "node:http";

export const HOST = "127.0.0.1";

/** BENCH_PORTS ("first-last", default 3300-3399) moves the range, so runs on a shared machine stay out of each other's ports. */
export function readPortRange(value = process.env.BENCH_PORTS): { first: number; last: number } {
  if (value === undefined || value === "") return { first: 3300, last: 3399 };
  const match = /^(\d+)-(\d+)$/.exec(value);
  const [first, last] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
  if (!(first >= 1024 && first <= last && last <= 65535)) throw new Error(`BENCH_PORTS must be "first-last", two ports from 1024 to 65535 (got "${value}")`);
  return { first, last };
}

const { first: FIRST_PORT, last: LAST_PORT } = readPortRange();

/** Tries each port of the range in turn (something else may hold some of them) and resolves with the one taken. */
export async function listenInRange(server: Server): Promise<number> {
  for (let port = FIRST_PORT; port <= LAST_PORT; port++) {
    const outcome = await new Promise<"ok" | "busy">((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.off("listening", onListening);
        if (error.code === "EADDRINUSE" || error.code === "EACCES") resolve("busy");
        else reject(error);
      };
      const onListening = () => {
        server.off("error", onError);
        resolve("ok");
      };
      server.once("error", onError);
      server.once("listening", onListening);
      server.listen(port, HOST);
    });
    if (outcome === "ok") return port;
  }
  throw new Error(`no free port between ${FIRST_PORT} and ${LAST_PORT} on ${HOST}`);
}

export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Idle keep-alive connections would otherwise hold close() open until their timeout.
    server.closeAllConnections();
  });
}
