/**
 * Loopback-only listening in the port range the benchmark is allowed to use, and a close that cannot hang on
 * keep-alive sockets left open by fetch or autocannon.
 */
import type { Server } from "node:http";

export const HOST = "127.0.0.1";
const FIRST_PORT = 3300;
const LAST_PORT = 3399;

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
