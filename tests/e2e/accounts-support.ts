/**
 * Helpers of the accounts suite. Each test speaks from an address of its own (X-Forwarded-For, which the server
 * trusts from its loopback proxy), as separate people would: the platform limits codes and logins per address, and
 * the suite sends more codes than one address may in an hour. Codes are read from the developer outbox.
 */
import { randomInt } from "node:crypto";
import { devices, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { test as base, expect, waitForHydration } from "./fixtures";
import { freshPhone, holdSession, latestCode, outbox, sessionOf, type Session } from "./platform-support";

export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
  datas?: unknown;
  success?: boolean;
}

/** A documentation-range address (RFC 5737) per test; no traffic goes there, it only names the caller. */
function clientAddress(): string {
  return `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: [
    async ({ context }, use) => {
      const address = clientAddress();
      await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
      await use(address);
    },
    { auto: true },
  ],
});

export { expect, waitForHydration, freshPhone, latestCode, outbox, type Session };

export function newEmail(): string {
  return `e2e.${Date.now().toString(36)}${randomInt(1000, 9999)}@example.edu`;
}

/** The calls go through the page's context so they carry its address header. */
export async function api<T = unknown>(request: APIRequestContext, path: string, body: Record<string, unknown> = {}, token?: string): Promise<Envelope<T>> {
  const response = await request.post(`/api${path}`, { data: body, headers: token ? { token } : {} });
  return (await response.json()) as Envelope<T>;
}

/** The confirmation link of the newest email to an address, as a path on the site under test. */
export async function confirmationPath(request: APIRequestContext, email: string): Promise<string> {
  let path = "";
  await expect
    .poll(async () => {
      const text = (await outbox(request)).find((entry) => entry.to === email && entry.text.includes("/api/web/email?token="))?.text ?? "";
      const match = /https?:\/\/[^/\s]+(\/api\/web\/email\?token=[A-Za-z0-9]+)/.exec(text);
      path = match?.[1] ?? "";
      return path;
    })
    .not.toBe("");
  return path;
}

export async function sendSmsByApi(request: APIRequestContext, phone: string, purpose = "login"): Promise<string> {
  const sent = await api(request, "/web/sendMessageWithCaptcha", { phoneNum: phone, prefix: "86", randStr: "e2e-captcha", ticket: "1234", purpose });
  expect(sent.code, sent.message).toBe(200);
  return latestCode(request, phone);
}

/** A phone account with a password, made through the platform's own calls. */
export async function registerByApi(request: APIRequestContext, phone = freshPhone(), password = "abc12345"): Promise<{ phone: string; password: string }> {
  const code = await sendSmsByApi(request, phone, "register");
  const answer = await api(request, "/reg/register", {
    userName: phone,
    mobilePrefix: "86",
    password,
    passwordNext: password,
    smsVerifyCode: code,
    regChannel: "e2e",
  });
  expect(answer.success, answer.message).toBe(true);
  return { phone, password };
}

/** A phone account made by the developer tools without a code, so the test may send one to it at once. */
export async function createPhoneUser(request: APIRequestContext, phone = freshPhone(), password = "abc12345"): Promise<{ phone: string; password: string }> {
  const created = await request.post("/dev/users", { form: { userName: phone, password, action: "create" } });
  expect(created.ok()).toBe(true);
  return { phone, password };
}

export async function loginByApi(request: APIRequestContext, phone: string, password: string): Promise<Session> {
  return sessionOf(await request.post("/api/web/login", { data: { mobile: phone, mobilePrefix: "86", password, sourceUrl: "/e2e" } }), 100000);
}

/** A WeChat account (wx:, no phone) logged in through a scan confirmed on the developer page. */
export async function wechatByApi(request: APIRequestContext, openId = `e2e-${Date.now().toString(36)}${randomInt(100, 999)}`): Promise<Session> {
  const scene = await api<{ url: string; sceneStr: string }>(request, "/wechatpub/login");
  expect(scene.code).toBe(1);
  const confirmed = await request.post("/dev/wechat/confirm", { form: { sceneStr: scene.data!.sceneStr, openId } });
  expect(confirmed.ok()).toBe(true);
  return sessionOf(await request.post("/api/wechatpub/pollingLogin", { data: { sceneStr: scene.data!.sceneStr } }), 1);
}

/**
 * The phone that scans the QR code: a browser of its own (another device, sharing nothing with the page that
 * shows the code) opens the confirm page the code points to and confirms as the given WeChat account.
 */
export async function confirmOnPhone(browser: Browser, baseURL: string, qrUrl: string, openId: string): Promise<void> {
  const phone = await browser.newContext({ ...devices["Pixel 7"], baseURL });
  try {
    const page = await phone.newPage();
    const { pathname, search } = new URL(qrUrl);
    await page.goto(pathname + search);
    await page.getByLabel("WeChat openid").fill(openId);
    await page.getByRole("button", { name: "Confirm login" }).click();
    await expect(page.getByText("Confirmed.")).toBeVisible();
  } finally {
    await phone.close();
  }
}

/** Gives the browser a session as a login leaves it (the HttpOnly cookie) and opens a page with it. */
export async function useSession(page: Page, context: BrowserContext, baseURL: string, session: Session, path = "/home"): Promise<void> {
  await holdSession(context, baseURL, session);
  await page.goto(path);
  await waitForHydration(page);
}

export function dialog(page: Page, name: string): Locator {
  return page.locator(`dialog[data-dialog="${name}"]`);
}

export async function openLogin(page: Page, loginLabel = "登录"): Promise<Locator> {
  await page.locator("header.site-header").getByRole("button", { name: loginLabel }).click();
  const login = dialog(page, "login");
  await expect(login).toBeVisible();
  return login;
}

/** Clicks the send-code button, answers the captcha (any four digits pass with CAPTCHA=test) and waits for the send. */
export async function sendCodeInForm(page: Page, scope: Locator, texts = { send: "获取验证码", confirm: "确定", sent: "短信验证码发送成功" }): Promise<void> {
  await scope.getByRole("button", { name: texts.send }).click();
  const captcha = scope.locator(".captcha-panel");
  await expect(captcha).toBeVisible();
  const image = captcha.locator("img");
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await captcha.getByRole("textbox").fill("1234");
  await captcha.getByRole("button", { name: texts.confirm }).click();
  await expect(page.locator(".toast").filter({ hasText: texts.sent })).toBeVisible();
  await expect(captcha).toHaveCount(0);
}

/** The session as the browser holds it: the token cookie (HttpOnly, so only the test can read it) and the user object. */
export async function storedSession(page: Page): Promise<{ token: string | null; user: Session["user"] | null }> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "token" && entry.value);
  if (cookie) expect(cookie.httpOnly, "the token cookie is HttpOnly").toBe(true);
  const stored = await page.evaluate(() => ({
    script: document.cookie.includes("token=") || localStorage.getItem("token") !== null,
    user: JSON.parse(localStorage.getItem("userObj") ?? "null"),
  }));
  expect(stored.script, "no script can see the token").toBe(false);
  return { token: cookie?.value ?? null, user: stored.user };
}

/** Waits until the header shows the signed-in avatar (after the login reload). */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.locator("header.site-header .avatar")).toBeVisible();
  expect((await storedSession(page)).token).toMatch(/^[A-Za-z0-9]{32}$/);
}

/** The field messages a form shows, in order. */
export function fieldErrors(scope: Locator): Locator {
  return scope.locator(".error-detail li");
}
