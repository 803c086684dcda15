/** The strict CSP of server/security.server.ts, as a browser receives it on real pages. */
import type { Response } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

function directives(header: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Checks one document response: a script nonce, no unsafe sources, and that nonce on every <script>. */
async function checkDocument(response: Response | null): Promise<string> {
  expect(response).not.toBeNull();
  const header = (await response!.allHeaders())["content-security-policy"];
  expect(header, `CSP header on ${response!.url()}`).toBeTruthy();
  const policy = directives(header);
  const scriptSrc = policy.get("script-src");
  expect(scriptSrc, "script-src directive").toBeTruthy();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  const nonces = scriptSrc!.filter((value) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(value));
  expect(nonces).toHaveLength(1);
  const nonce = nonces[0].slice("'nonce-".length, -1);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("default-src")).not.toContain("'unsafe-inline'");

  const html = await response!.text();
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  expect(scripts.length, "scripts in the document").toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, "every <script> carries the response's nonce").toContain(`nonce="${nonce}"`);
  // No inline event handlers or javascript: URLs that a nonce could not cover.
  expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  return nonce;
}

test("pages carry a strict CSP with a per-response script nonce on every script", async ({ page, consoleGuard }) => {
  consoleGuard.expectServerError("/e2eBroken");
  const first = await checkDocument(await page.goto("/home"));
  await waitForHydration(page);
  // The app hydrated under that policy (the console guard fails the test on any CSP violation).
  await expect(page.locator(".tabs [role=tab]").first()).toBeVisible();

  const second = await checkDocument(await page.goto("/home"));
  expect(second).not.toBe(first);

  await checkDocument(await page.goto("/no-such-page"));
  await checkDocument(await page.goto("/e2eBroken"));
  await checkDocument(await page.goto("/e2eGated"));
  await checkDocument(await page.goto("/e2eFailingSource"));
});

test("the browser enforces the policy: no inline handlers, no eval", async ({ browser, baseURL }) => {
  // A page of its own, outside the console guard: the refusals logged here are this test's own doing.
  const context = await browser.newContext({ baseURL });
  try {
    const probe = await context.newPage();
    await probe.goto("/home");
    await waitForHydration(probe);
    const outcome = await probe.evaluate(async () => {
      const directives: string[] = [];
      document.addEventListener("securitypolicyviolation", (event) => directives.push(event.effectiveDirective));
      const target = window as unknown as { __handler?: boolean; __eval?: boolean };
      // Injected HTML with an inline handler (what an XSS would try): refused.
      const element = document.createElement("div");
      element.setAttribute("onclick", "window.__handler = true");
      document.body.append(element);
      element.click();
      // Code from strings (a string timer, like eval): refused.
      (window.setTimeout as unknown as (code: string, delay: number) => number)("window.__eval = true", 0);
      const started = Date.now();
      while (directives.length < 2 && Date.now() - started < 2000) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { handler: target.__handler === true, evalRan: target.__eval === true, directives };
    });
    expect(outcome.handler).toBe(false);
    expect(outcome.evalRan).toBe(false);
    expect(outcome.directives.filter((directive) => directive.startsWith("script-src")).length).toBeGreaterThanOrEqual(2);
  } finally {
    await context.close();
  }
});

test("every response carries the security headers; HSTS only when a trusted proxy says the request was HTTPS", async ({ request }) => {
  for (const path of ["/home", "/api/banner/list", "/no-such-page"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(directives(headers["content-security-policy"]).get("frame-ancestors"), path).toEqual(["'self'"]);
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
  const overHttps = (await request.get("/home", { headers: { "X-Forwarded-Proto": "https" } })).headers();
  expect(overHttps["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("writes another site's page sends are refused before they act: feedback, SMS, the developer tools", async ({ request }) => {
  const evil = { Origin: "https://evil.example", "Content-Type": "text/plain" };
  const feedback = await request.post("/api/feedBack/addFeedBack", {
    headers: evil,
    data: JSON.stringify({ feedbackContent: "cross-site", feedbackType: 1, dataCode: "h5" }),
  });
  expect(feedback.status()).toBe(403);
  expect(await feedback.json()).toEqual({ code: 403, message: "cross-site request refused" });
  const sms = await request.post("/api/web/sendMessage", {
    headers: { ...evil, "Sec-Fetch-Site": "cross-site" },
    data: JSON.stringify({ phoneNum: "13800000000", prefix: "86", randStr: "x", ticket: "1" }),
  });
  expect(sms.status()).toBe(403);
  const outbox = (await (await request.get("/dev/outbox.json")).json()) as { to: string }[];
  expect(outbox.some((message) => message.to === "+86 13800000000")).toBe(false);
  const vip = await request.post("/dev/users", { headers: { Origin: "https://evil.example" }, form: { userName: "13800000000", action: "vip" } });
  expect(vip.status()).toBe(403);
  // The same write from this site's own page goes through.
  const own = await request.post("/api/feedBack/addFeedBack", {
    headers: { "Sec-Fetch-Site": "same-origin" },
    data: { feedbackContent: "same-site feedback", feedbackType: 1, dataCode: "h5" },
  });
  expect(own.status()).toBe(200);
});

test("the developer tools answer only a request that names this machine", async ({ request, baseURL }) => {
  const port = new URL(baseURL!).port;
  expect((await request.get("/dev/outbox.json")).status()).toBe(200);
  const rebound = await request.get("/dev/outbox.json", { headers: { Host: `attacker.example:${port}` } });
  expect(rebound.status()).toBe(404);
  expect(await rebound.text()).toBe("");
});
