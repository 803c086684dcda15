/**
 * The server's lifecycle (ADR 015): deliberate timeouts (a body shorter than its Content-Length gets 408 instead of
 * holding the socket), and a graceful stop under load: stop accepting, finish what was accepted (each answer closing
 * its keep-alive connection), send sockets away, close the resources, and only then resolve.
 */
import { afterEach, describe, expect, it } from "vitest";
import { request as httpRequest, Agent, type RequestListener, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { createHttpServer, stopGracefully } from "@server/lifecycle.server";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

function listen(handler: RequestListener, timeouts = { headersMs: 500, requestMs: 800, keepAliveMs: 500 }): Promise<{ server: Server; port: number }> {
  const server = createHttpServer(handler, timeouts);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port })));
}

describe("timeouts", () => {
  it("answers 408 to a request whose body never arrives in full", async () => {
    const { port } = await listen((request, response) => {
      request.resume();
      request.on("end", () => response.end("done"));
    });
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly ten b"));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("close", () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("a graceful stop", () => {
  it("finishes every accepted request on busy keep-alive connections, refuses new ones, then closes", async () => {
    let draining = false;
    let closed = false;
    let socketsClosed = false;
    const { server, port } = await listen(
      (_request, response) => {
        if (draining) response.setHeader("Connection", "close");
        setTimeout(() => response.end("ok"), 100);
      },
      { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 },
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    const ask = () =>
      new Promise<number>((resolve) => {
        const request = httpRequest({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", () => resolve(-1));
        request.end();
      });
    // Ten busy connections, each sending its next request as soon as the last is answered.
    let stopping = false;
    const loops = Array.from({ length: 10 }, async () => {
      const statuses: number[] = [];
      while (!stopping) statuses.push(await ask());
      return statuses;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = stopGracefully(
      {
        server,
        beginDraining: () => {
          draining = true;
        },
        closeSockets: () => {
          socketsClosed = true;
        },
        close: async () => {
          closed = true;
        },
      },
      { graceMs: 5_000, log: () => {} },
    );
    const cut = await stopped;
    stopping = true;
    const statuses = (await Promise.all(loops)).flat();
    agent.destroy();
    expect(cut).toBe(0);
    expect(closed && socketsClosed).toBe(true);
    // Every request the server accepted was answered; only those sent after it stopped listening failed to connect.
    const answered = statuses.filter((status) => status === 200).length;
    expect(answered).toBeGreaterThan(10);
    expect(statuses.every((status) => status === 200 || status === -1)).toBe(true);
  });
});
