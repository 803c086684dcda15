/**
 * The server's own defences on a real Express app: writes refused when a browser marks them cross-site, HSTS only
 * over HTTPS as a trusted proxy reports it, the client's address by the configured proxy trust, and the session
 * token taken out of login answers into an HttpOnly cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { clientAddress, isLoopbackAddress, refuseOddRequests, sameSiteWrites, securityHeaders } from "@server/security.server";
import { endedSessionCookie, sessionCookie, takeSessionToken } from "@server/session-cookie.server";

const PUBLIC_ORIGIN = "https://scholar.example";

async function listen(trustProxy: false | string[]): Promise<{ base: string; server: Server; writes: () => number }> {
  let writes = 0;
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(securityHeaders({ development: false }));
  app.use(sameSiteWrites(PUBLIC_ORIGIN));
  app.get("/whoami", (request, response) => {
    response.json({ ip: request.ip, secure: request.secure });
  });
  app.all("/{*path}", (_request, response) => {
    writes++;
    response.json({ ok: true });
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, writes: () => writes };
}

let direct: Awaited<ReturnType<typeof listen>>;
let proxied: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  direct = await listen(false);
  proxied = await listen(["127.0.0.1"]);
});

afterAll(async () => {
  for (const { server } of [direct, proxied]) await new Promise((resolve) => server.close(resolve));
});

describe("cross-site writes", () => {
  const post = (path: string, headers: Record<string, string>, body = '{"feedbackContent":"x"}') =>
    fetch(`${direct.base}${path}`, { method: "POST", headers: { "content-type": "text/plain", ...headers }, body });

  it("refuses a POST another site's page sends (Sec-Fetch-Site or Origin), as JSON on /api and as text elsewhere", async () => {
    const before = direct.writes();
    const cases: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "not a url" },
      { origin: `http://127.0.0.1.evil.example` },
    ];
    for (const headers of cases) {
      const api = await post("/api/feedBack/addFeedBack", headers);
      expect(api.status, JSON.stringify(headers)).toBe(403);
      expect(await api.json()).toEqual({ code: 403, message: "cross-site request refused" });
      const form = await post("/dev/users", headers, "userName=13800000000&action=vip");
      expect(form.status).toBe(403);
      expect(await form.text()).toBe("Cross-site request refused");
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await fetch(`${direct.base}/api/x`, { method, headers: { origin: "https://evil.example" } })).status, method).toBe(403);
    }
    expect(direct.writes()).toBe(before);
  });

  it("lets this site's pages, the public origin and non-browser callers write, and never blocks reads", async () => {
    const before = direct.writes();
    const host = new URL(direct.base).host;
    for (const headers of [
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      { origin: `http://${host}` },
      { origin: PUBLIC_ORIGIN },
      {} as Record<string, string>,
    ]) {
      expect((await post("/api/feedBack/addFeedBack", headers)).status, JSON.stringify(headers)).toBe(200);
    }
    expect((await fetch(`${direct.base}/whoami`, { headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } })).status).toBe(200);
    expect(direct.writes()).toBe(before + 5);
  });
});

describe("proxy trust", () => {
  it("ignores X-Forwarded-For and X-Forwarded-Proto unless the proxy is trusted", async () => {
    const headers = { "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https" };
    const untrusted = await fetch(`${direct.base}/whoami`, { headers });
    expect(await untrusted.json()).toEqual({ ip: "127.0.0.1", secure: false });
    expect(untrusted.headers.get("strict-transport-security")).toBeNull();

    const trusted = await fetch(`${proxied.base}/whoami`, { headers });
    expect(await trusted.json()).toEqual({ ip: "203.0.113.7", secure: true });
    expect(trusted.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("finds a socket's client the same way: the nearest untrusted hop", () => {
    const request = (remoteAddress: string, forwarded?: string) =>
      ({ socket: { remoteAddress }, headers: forwarded ? { "x-forwarded-for": forwarded } : {} }) as never;
    const trustLoopback = (address: string) => isLoopbackAddress(address);
    expect(clientAddress(request("127.0.0.1", "203.0.113.7"), () => false)).toBe("127.0.0.1");
    expect(clientAddress(request("127.0.0.1", "203.0.113.7"), trustLoopback)).toBe("203.0.113.7");
    // A client cannot hide behind a made-up hop: only the hops the trusted proxy added count.
    expect(clientAddress(request("127.0.0.1", "198.51.100.1, 203.0.113.7"), trustLoopback)).toBe("203.0.113.7");
    expect(clientAddress(request("198.51.100.9", "203.0.113.7"), trustLoopback)).toBe("198.51.100.9");
    expect(clientAddress(request("::ffff:127.0.0.1"), trustLoopback)).toBe("::ffff:127.0.0.1");
  });

  it("knows loopback addresses in every spelling a socket reports", () => {
    for (const address of ["127.0.0.1", "127.8.0.3", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "fe80::1", "1127.0.0.1", "", undefined]) expect(isLoopbackAddress(address), address).toBe(false);
  });
});

describe("the session cookie", () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const user = { id: 7, userName: "13800000000" };

  it("takes a login's token out of the body, from data and from datas.map", () => {
    const login = takeSessionToken(json({ code: 1, data: { token: "T".repeat(32), user } }), "application/json; charset=utf-8");
    expect(login.token).toBe("T".repeat(32));
    expect(JSON.parse(login.body.toString())).toEqual({ code: 1, data: { user } });
    const bind = takeSessionToken(json({ code: 1, datas: { map: { token: "B".repeat(32), user } } }), "application/json");
    expect(bind.token).toBe("B".repeat(32));
    expect(JSON.parse(bind.body.toString())).toEqual({ code: 1, datas: { map: { user } } });
  });

  it("passes other answers through untouched", () => {
    for (const [body, type] of [
      [json({ code: 200, data: { list: [] } }), "application/json"],
      [json({ code: 200, data: { token: 12 } }), "application/json"],
      [Buffer.from('{"token":'), "application/json"],
      [Buffer.from('"token"'), "text/plain"],
    ] as const) {
      const taken = takeSessionToken(body, type);
      expect(taken.token).toBeNull();
      expect(taken.body).toBe(body);
    }
  });

  it("is HttpOnly and SameSite=Lax, Secure outside local, lasts the spec's 11 days, and ends with Max-Age=0", () => {
    expect(sessionCookie("Tok", false)).toBe("token=Tok; Max-Age=950400; Path=/; HttpOnly; SameSite=Lax");
    expect(sessionCookie("Tok", true)).toBe("token=Tok; Max-Age=950400; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(endedSessionCookie(true)).toBe("token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});

describe("posts to pages", () => {
  let base = "";
  let server: Server;
  let reached = 0;
  beforeAll(async () => {
    const app = express();
    app.use(refuseOddRequests());
    app.all("/{*path}", (_request, response) => {
      reached++;
      response.send("page");
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("takes a plain form's small urlencoded body and refuses any other body unread, closing the connection", async () => {
    const form = await fetch(`${base}/register`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "_form=a&b=c" });
    expect(form.status).toBe(200);
    expect(reached).toBe(1);

    const json = await fetch(`${base}/register`, { method: "POST", headers: { "content-type": "text/plain" }, body: "x".repeat(2_000) });
    expect(json.status).toBe(415);
    expect(json.headers.get("connection")).toBe("close");

    const large = await fetch(`${base}/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=".padEnd(16 * 1024 + 1, "x"),
    });
    expect(large.status).toBe(413);
    expect(large.headers.get("connection")).toBe("close");
    expect(reached).toBe(1);
  });
});
