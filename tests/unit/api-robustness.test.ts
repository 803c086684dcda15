/**
 * Robustness of the embedded platform API (ADR 007): bad bodies, unknown paths and methods, oversized bodies,
 * failures inside a handler, and a database that survives a restart.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";

interface Body {
  code: number;
  message: string;
  data?: any;
}

let clock = new Date("2027-06-01T12:00:00.000Z");
let directory: string;
let file: string;
let platform: EmbeddedPlatform;

const open = (log: (line: string) => void = () => {}) =>
  createEmbeddedPlatform({
    file,
    now: () => clock,
    captchaTestMode: true,
    maxFailedLogins: 5,
    lockMinutes: 15,
    publicOrigin: "http://localhost:3000",
    log,
  });

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "api-"));
  file = join(directory, "p.sqlite");
  platform = open();
}, 60_000);

afterAll(() => {
  platform?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function send(path: string, init: { method?: string; body?: string; contentType?: string; token?: string } = {}) {
  const headers: Record<string, string> = { cookie: "lang=en" };
  if (init.contentType) headers["content-type"] = init.contentType;
  if (init.token) headers.token = init.token;
  const response = await platform.api.fetch(new Request(`http://embedded/api${path}`, { method: init.method ?? "POST", headers, body: init.body }), "10.0.0.1");
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type") ?? "", text, body: JSON.parse(text) as Body };
}

/** No stack trace, file path or exception name leaks into an answer. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toMatch(/SyntaxError|TypeError|Unexpected token|\.ts\b|node_modules|\/work\//);
}

describe("request bodies", () => {
  it("answers 400 with a message for invalid JSON, without a stack trace", async () => {
    for (const body of ["{not json", '{"a":', "undefined", "{'single':'quotes'}"]) {
      const answer = await send("/feedBack/addFeedBack", { body, contentType: "application/json" });
      expect(answer.status, body).toBe(400);
      expect(answer.type).toContain("application/json");
      expect(answer.body).toEqual({ code: 400, message: "request body is not valid JSON" });
      expectNoInternals(answer.text);
    }
    expect(platform.db.prepare("SELECT COUNT(*) FROM feedback").pluck().get()).toBe(0);
  });

  it("answers 400 for a JSON body that is not an object", async () => {
    for (const body of ["[]", '[{"feedbackContent":"x"}]', '"text"', "42", "null", "true"]) {
      const answer = await send("/feedBack/addFeedBack", { body, contentType: "application/json" });
      expect(answer.status, body).toBe(400);
      expect(answer.body, body).toEqual({ code: 400, message: "request body must be a JSON object" });
    }
  });

  it("accepts a form-encoded body", async () => {
    const answer = await send("/feedBack/addFeedBack", {
      body: new URLSearchParams({ feedbackContent: "sent as a form & more", contactInformation: "someone@example.com" }).toString(),
      contentType: "application/x-www-form-urlencoded; charset=UTF-8",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 1, message: "submitted successfully" });
    expect(platform.db.prepare("SELECT content, contact FROM feedback ORDER BY id DESC LIMIT 1").get()).toEqual({
      content: "sent as a form & more",
      contact: "someone@example.com",
    });
    // Form-encoded validation answers like JSON's.
    const invalid = await send("/feedBack/addFeedBack", { body: "feedbackContent=", contentType: "application/x-www-form-urlencoded" });
    expect(invalid.body).toMatchObject({ code: 400, message: "please enter feedback content" });
  });

  it("answers 413 for a body over 1 MB, and accepts one just under", async () => {
    const big = JSON.stringify({ feedbackContent: "x", padding: "a".repeat(1_000_001) });
    const answer = await send("/feedBack/addFeedBack", { body: big, contentType: "application/json" });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 413, message: "request body too large" });

    const form = await send("/feedBack/addFeedBack", {
      body: `feedbackContent=x&padding=${"a".repeat(1_000_001)}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(413);
    expect(form.body.code).toBe(413);

    // 1 MB is bytes: 350,000 Chinese characters are 1,050,000 bytes of UTF-8.
    const multibyte = JSON.stringify({ feedbackContent: "x", padding: "字".repeat(350_000) });
    expect(multibyte.length).toBeLessThan(1_000_000);
    expect(Buffer.byteLength(multibyte)).toBeGreaterThan(1_000_000);
    const wide = await send("/feedBack/addFeedBack", { body: multibyte, contentType: "application/json" });
    expect(wide.status).toBe(413);
    expect(wide.body.code).toBe(413);
    expect(platform.db.prepare("SELECT COUNT(*) FROM feedback WHERE content = 'x'").pluck().get()).toBe(0);

    const under = JSON.stringify({ deviceId: "device-big-0001", eventType: "x", padding: "a".repeat(900_000) });
    expect((await send("/buryingPoint/buryingPoint", { body: under, contentType: "application/json" })).body.code).toBe(200);
  });

  it("ignores an empty body and a body sent without a content type is read as JSON", async () => {
    const empty = await send("/feedBack/addFeedBack", { body: "" });
    expect(empty.body).toMatchObject({ code: 400, message: "please enter feedback content" });
    const untyped = await send("/buryingPoint/buryingPoint", { body: JSON.stringify({ deviceId: "device-untyped-1", eventType: "view" }) });
    expect(untyped.body.code).toBe(200);
  });

  it("does not let a __proto__ key reach other objects", async () => {
    const answer = await send("/buryingPoint/buryingPoint", {
      body: '{"deviceId":"device-proto-01","eventType":"x","__proto__":{"polluted":true}}',
      contentType: "application/json",
    });
    expect(answer.body.code).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("routing", () => {
  it("answers 404 with an envelope for an unknown path", async () => {
    for (const path of ["/no/such/api", "/web/loginX", "/"]) {
      const answer = await send(path, { body: "{}", contentType: "application/json" });
      expect(answer.status, path).toBe(404);
      expect(answer.type).toContain("application/json");
      expect(answer.body).toEqual({ code: 404, message: `no such API: ${path}` });
    }
    const get = await send("/no/such/api", { method: "GET" });
    expect(get.status).toBe(404);
  });

  it("answers 405 with an envelope for a known path and the wrong method", async () => {
    const getLogin = await send("/web/login", { method: "GET" });
    expect(getLogin.status).toBe(405);
    expect(getLogin.body).toEqual({ code: 405, message: "method GET not allowed" });
    const postIsLogin = await send("/web/isLogin", { body: "{}", contentType: "application/json" });
    expect(postIsLogin.status).toBe(405);
    expect(postIsLogin.body.code).toBe(405);
    const put = await send("/web/login", { method: "PUT", body: "{}", contentType: "application/json" });
    expect(put.status).toBe(405);
    expect(put.body.message).toBe("method PUT not allowed");
  });

  it("answers with or without the /api prefix", async () => {
    const response = await platform.api.fetch(new Request("http://embedded/sys/country/mobile/prefix"), "10.0.0.1");
    expect(((await response.json()) as Body).code).toBe(200);
  });

  it("answers 500 with the generic message, never a stack trace, when a handler fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // An object that cannot become a string makes the handler throw.
      const answer = await send("/author/query", { body: '{"authorCode":{"toString":1,"valueOf":1}}', contentType: "application/json" });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ code: 500, message: "operation failed, please try again later" });
      expectNoInternals(answer.text);
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe("persistence", () => {
  it("keeps accounts, sessions, limits and content across close and reopen, without seeding again", async () => {
    const itemsBefore = platform.db.prepare("SELECT COUNT(*) FROM items").pluck().get() as number;
    const scholarsBefore = platform.db.prepare("SELECT COUNT(*) FROM scholars").pluck().get() as number;
    expect(itemsBefore).toBeGreaterThan(0);
    platform.db.prepare("UPDATE items SET title = ? WHERE id = 1").run("重启之后仍在");

    const sent = await send("/web/sendMessageWithCaptcha", {
      body: JSON.stringify({ phoneNum: "13512345678", randStr: "r-test", ticket: "t" }),
      contentType: "application/json",
    });
    expect(sent.body.code).toBe(200);
    const code = (platform.db.prepare("SELECT code FROM outbox WHERE recipient = ? ORDER BY id DESC").pluck().get("+86 13512345678") as string) ?? "";
    const registered = await send("/reg/register", {
      body: JSON.stringify({ userName: "13512345678", password: "keep1234", passwordNext: "keep1234", smsVerifyCode: code }),
      contentType: "application/json",
    });
    expect(registered.body.code).toBe(200);
    const login = await send("/web/login", { body: JSON.stringify({ mobile: "13512345678", password: "keep1234" }), contentType: "application/json" });
    expect(login.body.code).toBe(100000);
    const token = login.body.data.token as string;

    platform.close();
    const log = vi.fn();
    clock = new Date(clock.getTime() + 30_000);
    platform = open(log);

    expect(log).not.toHaveBeenCalled();
    expect(platform.db.prepare("SELECT COUNT(*) FROM items").pluck().get()).toBe(itemsBefore);
    expect(platform.db.prepare("SELECT COUNT(*) FROM scholars").pluck().get()).toBe(scholarsBefore);
    expect(platform.db.prepare("SELECT title FROM items WHERE id = 1").pluck().get()).toBe("重启之后仍在");

    const check = await send("/web/isLogin", { method: "GET", token });
    expect(check.body).toMatchObject({ code: 200, data: { userName: "13512345678" } });
    const again = await send("/web/login", { body: JSON.stringify({ mobile: "13512345678", password: "keep1234" }), contentType: "application/json" });
    expect(again.body.code).toBe(100000);
    // The 60 s resend rule holds across the restart.
    const resend = await send("/web/sendMessageWithCaptcha", {
      body: JSON.stringify({ phoneNum: "13512345678", randStr: "r-test", ticket: "t" }),
      contentType: "application/json",
    });
    expect(resend.body.code).toBe(429);
  });

  it("seeds a new database once and logs it", () => {
    const other = join(directory, "fresh", "other.sqlite");
    const log = vi.fn();
    const fresh = createEmbeddedPlatform({ file: other, now: () => clock, log });
    try {
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0][0])).toMatch(/^seeded .*other\.sqlite: /);
      // The community's seeded authors exist, but none of them is an account anyone can sign in to.
      expect(fresh.db.prepare("SELECT COUNT(*) FROM users WHERE phone IS NOT NULL OR email IS NOT NULL OR password_hash IS NOT NULL").pluck().get()).toBe(0);
    } finally {
      fresh.close();
    }
  });
});
