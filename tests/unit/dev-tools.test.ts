/**
 * The developer tools (platform/dev-tools/, mounted by server/dev-tools.server.ts) on a real express app: the outbox (JSON and HTML, escaped),
 * the simulated WeChat scan, and the scholar-claim review.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { useEmbeddedPlatform, type Envelope } from "./embedded-platform-fixture";
import { devTools } from "@server/dev-tools.server";

const api = useEmbeddedPlatform("2027-07-01T08:00:00.000Z", { captchaTestMode: true });
const { advance } = api;

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(devTools(api.platform, "loopback"));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
});

const call = async (path: string, body: Record<string, unknown> = {}, token?: string) => (await api.call(path, { body, token, ip: "10.0.0.9" })).body;

const form = (path: string, fields: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

/** A GET with a Host header of our choosing (fetch will not send a Host other than the URL's). */
function rawGet(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function outboxJson(): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${base}/dev/outbox.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as Record<string, unknown>[];
}

async function outboxHtml(): Promise<string> {
  const response = await fetch(`${base}/dev/outbox`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/html");
  return response.text();
}

let phoneCounter = 0;
async function newUser(): Promise<{ token: string; id: number }> {
  const phone = `135${String(++phoneCounter).padStart(8, "0")}`;
  expect((await call("/web/sendMessageWithCaptcha", { phoneNum: phone, randStr: "r", ticket: "t" })).code).toBe(200);
  const [{ code }] = (await outboxJson()).filter((message) => message.to === `+86 ${phone}`) as { code: string }[];
  const answer = await call("/web/loginMessage", { userName: phone, smsVerifyCode: code });
  expect(answer.code, answer.message).toBe(1);
  return { token: answer.data.token, id: answer.data.user.id };
}

describe("who reaches the tools", () => {
  it("answers this machine by the name localhost; another Host (a rebound DNS name) gets a bare 404", async () => {
    const port = new URL(base).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await rawGet("/dev/outbox.json", host)).status, host).toBe(200);
    }
    for (const host of [`evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `localhost.evil.example`]) {
      const answer = await rawGet("/dev/outbox.json", host);
      expect(answer.status, host).toBe(404);
      expect(answer.body).toBe("");
    }
  });

  it("refuses a peer that is not this machine, whatever X-Forwarded-For says, unless the reach is the network", async () => {
    for (const [reach, expected] of [
      ["loopback", 404],
      ["network", 200],
    ] as const) {
      const app = express();
      // Stands for a connection from another host: the socket's own address is what counts.
      app.use((request, _response, next) => {
        Object.defineProperty(request.socket, "remoteAddress", { value: "192.0.2.10", configurable: true });
        next();
      });
      app.use(devTools(api.platform, reach));
      const remote = await new Promise<Server>((resolve) => {
        const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
      });
      try {
        const url = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/dev/outbox.json`;
        expect((await fetch(url, { headers: { "x-forwarded-for": "127.0.0.1" } })).status, reach).toBe(expected);
      } finally {
        await new Promise((resolve) => remote.close(resolve));
      }
    }
  });
});

describe("the outbox", () => {
  it("lists messages newest first with exactly channel, to, code, text and sentAt", async () => {
    expect(await outboxJson()).toEqual([]);
    expect((await call("/web/sendMessageWithCaptcha", { phoneNum: "13900001111", randStr: "r", ticket: "t" })).code).toBe(200);
    const smsAt = api.now().toISOString();
    advance(5000);
    expect((await call("/reg/registerByEmail", { userName: "first@example.com", password: "abc123", passwordNext: "abc123" })).code).toBe(200);

    const messages = await outboxJson();
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(Object.keys(message).sort()).toEqual(["channel", "code", "sentAt", "text", "to"]);
    expect(messages[0]).toMatchObject({ channel: "email", to: "first@example.com", code: "", sentAt: api.now().toISOString() });
    expect(String(messages[0].text)).toContain("http://localhost:3000/api/web/email?token=");
    expect(messages[1]).toMatchObject({ channel: "sms", to: "+86 13900001111", sentAt: smsAt });
    expect(messages[1].code).toMatch(/^\d{6}$/);
    expect(String(messages[1].text)).toContain(String(messages[1].code));
    const row = api.platform.db.prepare("SELECT code FROM outbox WHERE recipient = ?").pluck().get("+86 13900001111");
    expect(messages[1].code).toBe(row);
  });

  it("renders the HTML page with every column escaped", async () => {
    // An address the email rules allow that still holds HTML-special characters, registered through the API.
    expect((await call("/reg/registerByEmail", { userName: "o'neil&co@example.com", password: "abc123", passwordNext: "abc123" })).code).toBe(200);
    api.platform.db
      .prepare("INSERT INTO outbox (channel, recipient, code, text, sent_at) VALUES (?, ?, ?, ?, ?)")
      .run("<b>sms</b>", '"><img src=x onerror=alert(1)>', "<i>123456</i>", "<script>alert('x')</script> & more", api.now().toISOString());

    const html = await outboxHtml();
    expect(html).toContain("<h1>Developer outbox</h1>");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>sms</b>");
    expect(html).not.toContain("<i>123456</i>");
    expect(html).toContain("&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62; &#38; more");
    expect(html).toContain("&#34;&#62;&#60;img src=x onerror=alert(1)&#62;");
    expect(html).toContain("&#60;b&#62;sms&#60;/b&#62;");
    expect(html).toContain("o&#39;neil&#38;co@example.com");
    expect(html).not.toContain("o'neil&co@example.com");
    // Newest first on the page too.
    expect(html.indexOf("&#60;script&#62;")).toBeLessThan(html.indexOf("o&#39;neil&#38;co@example.com"));
  });
});

describe("the WeChat scan", () => {
  it("shows a confirm form for a scene and logs the poller in after the form is sent", async () => {
    const started = await call("/wechatpub/login");
    expect(started.code).toBe(1);
    const { sceneStr, url } = started.data as { sceneStr: string; url: string };
    const confirmPath = new URL(url).pathname + new URL(url).search;
    expect(confirmPath).toBe(`/dev/wechat/confirm?sceneStr=${sceneStr}`);

    const page = await fetch(`${base}${confirmPath}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<input type="hidden" name="sceneStr" value="${sceneStr}">`);
    expect(html).toContain('action="/dev/wechat/confirm"');

    expect((await call("/wechatpub/pollingLogin", { sceneStr })).code).toBe(0);
    const confirmed = await form("/dev/wechat/confirm", { sceneStr, openId: "openid1" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Confirmed. Return to the login page.");

    const polled = await call("/wechatpub/pollingLogin", { sceneStr });
    expect(polled.code).toBe(1);
    expect(polled.data.user).toMatchObject({ userName: "wx:openid1", isBindPhone: false });
    const scene = api.platform.db.prepare("SELECT COUNT(*) FROM wechat_scenes WHERE scene_str = ?").pluck().get(sceneStr);
    expect(scene).toBe(0);
  });

  it("refuses a used or unknown scene and a malformed openid", async () => {
    const { sceneStr } = (await call("/wechatpub/login")).data as { sceneStr: string };
    const badOpenId = await form("/dev/wechat/confirm", { sceneStr, openId: "a b<c>" });
    expect(badOpenId.status).toBe(400);
    expect(await badOpenId.text()).toContain("expired or was already used");
    expect((await call("/wechatpub/pollingLogin", { sceneStr })).code).toBe(0);

    expect((await form("/dev/wechat/confirm", { sceneStr, openId: "openid2" })).status).toBe(200);
    const again = await form("/dev/wechat/confirm", { sceneStr, openId: "openid3" });
    expect(again.status).toBe(400);
    expect((await form("/dev/wechat/confirm", { sceneStr: "unknown", openId: "openid4" })).status).toBe(400);
    expect((await call("/wechatpub/pollingLogin", { sceneStr })).data.user.userName).toBe("wx:openid2");
  });

  it("escapes the scene in the confirm page", async () => {
    const html = await (await fetch(`${base}/dev/wechat/confirm?sceneStr=${encodeURIComponent('"><script>alert(1)</script>')}`)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
  });
});

describe("the claim review", () => {
  const audit = async (token: string) => {
    const response = await api.platform.api.fetch(new Request("http://embedded/api/author/checkEmailAudit", { headers: { token } }), "10.0.0.9");
    return ((await response.json()) as Envelope).data as { isPass: number; reason?: string; authorCode?: string };
  };

  async function claimAndConfirm(token: string, email: string) {
    const claimed = await call("/author/claim", { realName: "李<华>", email, orgName: "O'Brien & Partners", researchField: "金融" }, token);
    expect(claimed.data).toEqual({ isPass: 3 });
    const [message] = (await outboxJson()).filter((entry) => entry.to === email) as { text: string }[];
    const link = /http:\/\/localhost:3000\/api(\/web\/email\?token=[A-Za-z0-9]{32})/.exec(message.text)![1];
    const response = await api.platform.api.fetch(new Request(`http://embedded/api${link}`), "10.0.0.9");
    expect(response.headers.get("location")).toBe("/emailVerifyResult?status=success");
  }

  it("lists claims waiting for review and declines, then approves, through the form", async () => {
    const { token, id } = await newUser();
    await claimAndConfirm(token, "li&hua@example.edu");
    expect((await audit(token)).isPass).toBe(0);

    const html = await outboxHtml();
    expect(html).toContain(`action="/dev/claims/${id}"`);
    expect(html).toContain("li&#38;hua@example.edu");
    expect(html).not.toContain("li&hua@example.edu");

    const declined = await form(`/dev/claims/${id}`, { decision: "decline", reason: "Please use your university address" });
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe("/dev/outbox");
    expect(await audit(token)).toMatchObject({ isPass: 1, reason: "Please use your university address" });
    expect(await outboxHtml()).not.toContain(`action="/dev/claims/${id}"`);

    await claimAndConfirm(token, "lihua@example.edu");
    const approved = await form(`/dev/claims/${id}`, { decision: "approve" });
    expect(approved.status).toBe(303);
    const state = await audit(token);
    expect(state.isPass).toBe(2);
    expect(state.authorCode).toMatch(/^A\d+$/);
    const author = await api.platform.api.fetch(new Request("http://embedded/api/author/queryAuthorByUserId", { headers: { token } }), "10.0.0.9");
    expect(((await author.json()) as Envelope).data).toEqual({ authorCode: state.authorCode });
    expect(api.platform.db.prepare("SELECT name, org_name FROM scholars WHERE author_code = ?").get(state.authorCode)).toEqual({
      name: "李<华>",
      org_name: "O'Brien & Partners",
    });
  });

  it("does nothing for a claim that is not waiting for review", async () => {
    const { token, id } = await newUser();
    const claimed = await call("/author/claim", { realName: "赵六", email: "zhao@example.edu", orgName: "Uni", researchField: "Econ" }, token);
    expect(claimed.data).toEqual({ isPass: 3 });
    const early = await form(`/dev/claims/${id}`, { decision: "approve" });
    expect(early.status).toBe(303);
    expect((await audit(token)).isPass).toBe(3);
    expect((await form("/dev/claims/999999", { decision: "approve" })).status).toBe(303);
  });
});

describe("the payment simulator", () => {
  it("shows a payment, and approving it notifies the platform with a signed notice that pays the order", async () => {
    const { token } = await newUser();
    const productId = api.platform.db.prepare("SELECT id FROM products WHERE kind = 'course' ORDER BY id LIMIT 1").pluck().get();
    const confirmed = await call("/order/confirmPay", { productId, agree: true, idempotencyKey: "dev-tools-simulator-0001" }, token);
    expect(confirmed.code, confirmed.message).toBe(200);
    const { paymentNo, orderNo } = confirmed.data as { paymentNo: string; orderNo: string };
    const shown = await fetch(`${base}/dev/pay?paymentNo=${paymentNo}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(orderNo);
    expect(html).toContain('data-status="pending"');
    const approved = await form("/dev/pay", { paymentNo, decision: "approve" });
    expect(approved.status).toBe(303);
    expect(await (await fetch(`${base}${approved.headers.get("location")}`)).text()).toContain('data-status="succeeded"');
    expect(api.platform.db.prepare("SELECT status FROM orders WHERE order_no = ?").pluck().get(orderNo)).toBe("fulfilled");
    expect((await form("/dev/pay", { paymentNo: "nope", decision: "approve" })).status).toBe(400);
    expect((await fetch(`${base}/dev/pay?paymentNo=nope`)).status).toBe(404);
  });

  it("still offers a cancelled order's payment, and shows money approved after the cancel as refunded, with why (ADR 040)", async () => {
    const { token } = await newUser();
    const productId = api.platform.db.prepare("SELECT id FROM products WHERE kind = 'course' ORDER BY id LIMIT 1").pluck().get();
    const { paymentNo, orderNo } = (await call("/order/confirmPay", { productId, agree: true, idempotencyKey: "dev-tools-simulator-0002" }, token)).data as {
      paymentNo: string;
      orderNo: string;
    };
    expect((await call("/order/cancel", { orderNo }, token)).code).toBe(200);
    expect(await (await fetch(`${base}/dev/pay?paymentNo=${paymentNo}`)).text()).toContain('value="approve"');
    const approved = await form("/dev/pay", { paymentNo, decision: "approve" });
    const html = await (await fetch(`${base}${approved.headers.get("location")}`)).text();
    expect(html).toContain('data-status="refunded"');
    expect(html).toContain('data-refund-reason="orderEnded">the order had been cancelled or had expired when the money arrived<');
  });
});

describe("hot searches and the tables' fingerprint (ADR 042)", () => {
  it("hides a phrase from the hot searches and shows it again, from the outbox page's form", async () => {
    const hot = async () => ((await call("/article/keyWords", { pageSize: 50 })).data.list as { keyword: string }[]).map((entry) => entry.keyword);
    const phrase = (await hot())[0];
    const hidden = await form("/dev/hotSearches", { keyword: phrase, action: "hide" });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toMatchObject({ ok: true, keyword: phrase, hidden: [phrase] });
    expect(await hot()).not.toContain(phrase);
    expect(await outboxHtml()).toContain(`<span class="code">${phrase}</span> (developer tools,`);
    expect((await form("/dev/hotSearches", { keyword: phrase, action: "show" })).status).toBe(200);
    expect((await hot())[0]).toBe(phrase);
    expect((await form("/dev/hotSearches", { keyword: "\u0000 ", action: "hide" })).status).toBe(400);
  });

  it("fingerprints every table, leaving out the tables and columns named, and changes with a write", async () => {
    const tables = async (leaveOut = "") =>
      (await (await fetch(`${base}/dev/tables.json?leaveOut=${leaveOut}`)).json()) as Record<string, { rows: number; sha256: string }>;
    const before = await tables("rate_events,items.view_count");
    expect(before.rate_events).toBeUndefined();
    expect(before.items.rows).toBeGreaterThan(100);
    api.platform.db.prepare("UPDATE items SET view_count = view_count + 1 WHERE id = (SELECT MIN(id) FROM items)").run();
    expect(await tables("rate_events,items.view_count")).toEqual(before);
    api.platform.db.prepare("UPDATE items SET sort = sort + 1 WHERE id = (SELECT MIN(id) FROM items)").run();
    const after = await tables("rate_events,items.view_count");
    expect(after.items.sha256).not.toBe(before.items.sha256);
    expect(after.items.rows).toBe(before.items.rows);
  });
});
