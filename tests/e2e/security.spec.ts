/** The strict CSP of server/security.server.ts, as a browser receives it on real pages. */
import { createHash } from "node:crypto";
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

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * Checks one document response and says which policy it has. A private page: one script nonce, on every <script>. A
 * page every visitor gets alike (Cache-Control: public, ADR 030): no nonce anywhere, and exactly the hashes of its
 * own inline scripts beside 'self'. Either way nothing unsafe.
 */
async function checkDocument(response: Response | null): Promise<{ kind: "nonce" | "hashes"; sources: string[] }> {
  expect(response).not.toBeNull();
  const headers = await response!.allHeaders();
  const header = headers["content-security-policy"];
  expect(header, `CSP header on ${response!.url()}`).toBeTruthy();
  const policy = directives(header);
  const scriptSrc = policy.get("script-src");
  expect(scriptSrc, "script-src directive").toBeTruthy();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("default-src")).not.toContain("'unsafe-inline'");

  const html = await response!.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length, "scripts in the document").toBeGreaterThan(0);
  // No inline event handlers or javascript: URLs that neither a nonce nor a hash covers.
  expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);

  if (/(^|,)\s*public\b/.test(headers["cache-control"] ?? "")) {
    expect(html, "a public document carries no nonce").not.toContain("nonce=");
    const inline = scripts.filter(([, attributes]) => !/\ssrc=/.test(attributes)).map(([, , body]) => sha256(body));
    expect([...scriptSrc!].sort(), "'self' and the hashes of the document's own inline scripts").toEqual(["'self'", ...new Set(inline)].sort());
    return { kind: "hashes", sources: scriptSrc! };
  }
  const nonces = scriptSrc!.filter((value) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(value));
  expect(nonces).toHaveLength(1);
  const nonce = nonces[0].slice("'nonce-".length, -1);
  for (const [tag] of scripts) expect(tag, "every <script> carries the response's nonce").toContain(`nonce="${nonce}"`);
  return { kind: "nonce", sources: scriptSrc! };
}

test("pages carry a strict CSP: hashes of their own scripts when public, a per-response nonce otherwise", async ({ page, consoleGuard }) => {
  consoleGuard.expectServerError("/e2eBroken");
  const first = await page.goto("/home");
  expect(first?.headers()["cache-control"]).toMatch(/^public, s-maxage=\d+/);
  expect((await checkDocument(first)).kind).toBe("hashes");
  await waitForHydration(page);
  // The app hydrated under that policy (the console guard fails the test on any CSP violation).
  await expect(page.locator(".tabs [role=tab]").first()).toBeVisible();

  // The same page again is the render cache's copy (or a new render): either way its policy names its own scripts.
  expect((await checkDocument(await page.goto("/home"))).kind).toBe("hashes");

  await checkDocument(await page.goto("/no-such-page"));
  expect((await checkDocument(await page.goto("/e2eBroken"))).kind).toBe("nonce");
  await checkDocument(await page.goto("/e2eGated"));
  await checkDocument(await page.goto("/e2eFailingSource"));
});

test("a public page's policy runs its own scripts and refuses one injected into its cached HTML", async ({ browser, baseURL }) => {
  // Outside the console guard: the refusal logged here is this test's own doing.
  const context = await browser.newContext({ baseURL });
  try {
    const probe = await context.newPage();
    const served: string[] = [];
    // What a poisoned cache or an injection would hand out: the page as cached, one script added, headers unchanged.
    await probe.route("**/home", async (route) => {
      const response = await route.fetch();
      served.push(response.headers()["x-render-cache"] ?? "render");
      const body = (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>");
      await route.fulfill({ response, body });
    });
    const violations: string[] = [];
    await probe.exposeFunction("__violation", (directive: string) => violations.push(directive));
    await probe.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { __violation(d: string): void }).__violation(event.effectiveDirective),
      );
    });
    for (let visit = 0; visit < 2; visit++) {
      await probe.goto("/home");
      await waitForHydration(probe);
      await expect(probe.locator(".tabs [role=tab]").first()).toBeVisible();
      expect(await probe.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    }
    expect(served.at(-1), "the second visit is the render cache's copy").toBe("hit");
    expect(violations.filter((directive) => directive.startsWith("script-src")).length).toBeGreaterThanOrEqual(2);
  } finally {
    await context.close();
  }
});

test("anonymous pages are public for their data's cache time, by language cookie and app type; a session's are private", async ({ request }) => {
  for (const path of ["/home", "/home.data", "/docList?lang=en"]) {
    const headers = (await request.get(path)).headers();
    // /home's shortest source cache time is 30 s (lives); a list page's is its own.
    // …and a day of stale-if-error for shared caches when the platform fails (ADR 043).
    expect(headers["cache-control"], path).toMatch(/^public, s-maxage=(\d+), stale-while-revalidate=\1, stale-if-error=86400$/);
    // The body also varies by the client's Accept-Encoding, as the app server compresses it (ADR 048).
    expect(headers.vary, path).toBe("Cookie, User-Agent, Accept-Encoding");
  }
  expect((await request.get("/home")).headers()["cache-control"]).toBe("public, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400");
  for (const path of ["/home", "/home.data"]) {
    const headers = (await request.get(path, { headers: { Cookie: "token=any-session" } })).headers();
    expect(headers["cache-control"], path).toBe("private, no-store");
    expect(headers["x-render-cache"], path).toBeUndefined();
  }
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
