/**
 * The shell and a login gate for a signed-in user. The session is made through the embedded platform's real calls
 * (SMS code from the developer outbox, code login) and stored where the login dialog stores it (localStorage token
 * and userObj, the token cookie); the login dialog's own flow is another suite's subject.
 */
import type { APIRequestContext } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

interface Envelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
}

async function signIn(request: APIRequestContext): Promise<{ token: string; user: Record<string, unknown> }> {
  // A number of its own per run: codes are limited per number and day.
  const phone = `139${String(Date.now()).slice(-8)}`;
  const sent = (await (
    await request.post("/api/web/sendMessage", { data: { phoneNum: phone, prefix: "86", randStr: "e2e", ticket: "e2e", purpose: "login" } })
  ).json()) as Envelope;
  expect(sent.code, sent.message).toBe(200);
  const outbox = (await (await request.get("/dev/outbox.json")).json()) as { channel: string; to: string; code: string }[];
  const code = outbox.find((message) => message.channel === "sms" && message.to.endsWith(phone))?.code;
  expect(code, "the SMS code in the developer outbox").toMatch(/^\d{6}$/);
  const login = (await (
    await request.post("/api/web/loginMessage", { data: { userName: phone, mobilePrefix: "86", smsVerifyCode: code } })
  ).json()) as Envelope<{
    token: string;
    user: Record<string, unknown>;
  }>;
  expect([1, 200], login.message).toContain(login.code);
  expect(login.data?.token).toBeTruthy();
  return login.data!;
}

test("a signed-in user has the avatar link to /me and sees login-gated content", async ({ page, context, baseURL }) => {
  const { token, user } = await signIn(page.request);
  await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
  await page.addInitScript(
    ([storedToken, storedUser]) => {
      if (localStorage.getItem("token")) return;
      localStorage.setItem("token", storedToken);
      localStorage.setItem("userObj", storedUser);
    },
    [token, JSON.stringify(user)] as const,
  );

  await page.goto("/home");
  await waitForHydration(page);
  const header = page.locator("header.site-header");
  const avatar = header.getByRole("link", { name: "我的" });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute("href", "/me");
  await expect(avatar.locator("img")).toBeVisible();
  await expect(header.getByRole("button", { name: "登录" })).toHaveCount(0);
  await avatar.click();
  await expect(page).toHaveURL(/\/me$/);

  // The gated widget: in the signed-in user's HTML, and on the page, with no prompt.
  const served = await page.request.get("/e2eGated");
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toContain("private");
  const html = await served.text();
  expect(html).not.toContain('data-gate="needLogin"');
  await page.goto("/e2eGated");
  await waitForHydration(page);
  await expect(page.locator("[data-gate]")).toHaveCount(0);
  const titles = page.locator('[data-page="/e2eGated"] .list-title');
  await expect(titles).toHaveCount(3);
  for (const title of await titles.allTextContents()) {
    expect(title.trim().length).toBeGreaterThan(0);
    expect(html).toContain(title.trim());
  }
});
