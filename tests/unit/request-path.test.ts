/**
 * The path normaliser in front of every gate (ADR 039): dot segments and escapes resolved once, what would change
 * meaning refused, reserved prefixes only in their own case, and a result that WHATWG URL parsing (what `new Request`
 * and React Router apply later) leaves exactly as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { normalisePath, normaliseRequestPaths, RESERVED_PREFIXES, splitTarget } from "@server/request-path.server";

const pathOf = (raw: string) => {
  const normal = normalisePath(raw);
  return normal.kind === "path" ? normal.path : normal.kind;
};

describe("normalisePath", () => {
  it("resolves the dot-segment and escape variants an attacker used to reach the console's store", () => {
    for (const raw of [
      "/api/./opsConsole/live",
      "/api/x/../opsConsole/live",
      "/api/%2e/opsConsole/live",
      "/api/%2E%2E/api/opsConsole/live",
      "/api/.%2e/api/opsConsole/live",
      "/api//opsConsole/live",
      "//api/opsConsole/live",
      "/api/%6FpsConsole/live",
      "/api/opsConsole/./live",
    ]) {
      expect(pathOf(raw), raw).toBe("/api/opsConsole/live");
    }
  });

  it("refuses what would mean something else to a later parser", () => {
    for (const raw of [
      "/api%2fopsConsole/live",
      "/api%2FopsConsole/live",
      "/api\\opsConsole\\live",
      "/api/%5c../opsConsole/live",
      "/api/%3F/opsConsole",
      "/api/%23/opsConsole",
      "/api/%00/live",
      "/api/%0a/live",
      "/api/%e2%80%a8/live",
      "/api/%zz",
      "/api/%ff",
      "/..",
      "/../api/opsConsole/live",
      "/api/../../x",
      "api/opsConsole",
    ]) {
      expect(pathOf(raw), raw).toBe("malformed");
    }
  });

  it("answers a reserved prefix in another case as not found, wherever the dots put it", () => {
    for (const raw of ["/Ops", "/OPS/audit", "/ops/../Ops/pages", "/Ops.data", "/API/opsConsole/live", "/Dev/outbox", "/MEDIA/audio/x.mp3"]) {
      expect(pathOf(raw), raw).toBe("wrongCase");
    }
    expect(pathOf("/./ops.data")).toBe("/ops.data");
    expect(pathOf("/Home")).toBe("/Home");
  });

  it("keeps what pages legitimately have: trailing slashes, non-ASCII, sub-delimiters, data suffixes", () => {
    expect(pathOf("/")).toBe("/");
    expect(pathOf("/ops/")).toBe("/ops/");
    expect(pathOf("/a/b/..")).toBe("/a/");
    expect(pathOf("/a/.")).toBe("/a/");
    expect(pathOf("/%E7%BB%8F%E6%B5%8E")).toBe("/%E7%BB%8F%E6%B5%8E");
    expect(pathOf("/经济")).toBe("/%E7%BB%8F%E6%B5%8E");
    expect(pathOf("/a:b@c;d=e,f+g$h&i")).toBe("/a:b@c;d=e,f+g$h&i");
    expect(pathOf("/%7E%41")).toBe("/~A");
    expect(pathOf("/%252e/x")).toBe("/%252e/x");
    expect(pathOf("/_root.data")).toBe("/_root.data");
  });

  it("is a fixed point of WHATWG URL parsing for every path it lets through", () => {
    const pieces = ["", ".", "..", "%2e", "%2E%2e", "api", "ops", "opsConsole", "%252e", "经", "a b", "%7e", "x.data", "{x}", "|", "'", "[1]", "^"];
    let checked = 0;
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const raw = `/${a}/${b}/${c}`;
          const normal = normalisePath(raw);
          if (normal.kind !== "path") continue;
          checked++;
          expect(new URL(`http://embedded${normal.path}`).pathname, raw).toBe(normal.path);
          expect(normalisePath(normal.path), raw).toEqual(normal);
        }
    expect(checked).toBeGreaterThan(2_000);
  });

  it("names every first segment the server answers itself", () => {
    expect([...RESERVED_PREFIXES].sort()).toEqual(["api", "assets", "calendar", "cite", "dev", "healthz", "media", "ops", "poster", "readyz", "session", "ws"]);
  });

  it("splits a target into path and query, leaving an absolute form's origin out", () => {
    expect(splitTarget("/a/./b?x=/../y")).toEqual({ path: "/a/./b", rest: "?x=/../y" });
    expect(splitTarget("http://evil.example/api/./opsConsole/live?a=1")).toEqual({ path: "/api/./opsConsole/live", rest: "?a=1" });
    expect(splitTarget("http://evil.example")).toEqual({ path: "/", rest: "" });
  });
});

describe("normaliseRequestPaths on a real Express app", () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(normaliseRequestPaths());
    // A gate like the API's: it tests request.path, and the handler after it sees originalUrl as React Router does.
    app.use((request, response, next) => (request.path.startsWith("/api/opsConsole") ? void response.status(404).end() : next()));
    app.all("/{*path}", (request, response) => {
      seen.push(`${request.path} ${request.originalUrl}`);
      response.send("reached");
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Sends the path exactly as written (curl --path-as-is): fetch would resolve the dots before sending. */
  const rawStatus = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const call = httpRequest({ host: "127.0.0.1", port, path, method: "GET" }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      call.on("error", reject);
      call.end();
    });

  it("puts the gate and everything after it on the same path", async () => {
    for (const path of ["/api/./opsConsole/live", "/api/x/../opsConsole/live", "/api/%2e/opsConsole/live", "/api/%2E%2E/api/opsConsole/live"]) {
      expect(await rawStatus(path), path).toBe(404);
    }
    expect(await rawStatus("/api%2fopsConsole/live")).toBe(400);
    expect(await rawStatus("/Ops")).toBe(404);
    expect(await rawStatus("/x/../home?next=/../ops")).toBe(200);
    expect(seen).toEqual(["/home /home?next=/../ops"]);
  });
});
