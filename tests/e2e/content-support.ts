/**
 * What the content suites share: reading the seeded data through the platform API, logging a user in the way the
 * login dialog does (SMS code from the developer outbox), and checking a page shows real data in a language.
 */
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

export type Lang = "zh" | "en";

/** The data of a successful platform answer. */
export async function api<T = any>(request: APIRequestContext, path: string, params: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await request.post(`/api${path}`, { data: params, headers: token ? { token } : {} });
  expect(response.ok(), path).toBe(true);
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

let phoneSerial = 0;

/** A fresh mainland phone number per call, so tests never share an account or a code limit. */
export function freshPhone(): string {
  phoneSerial += 1;
  return `139${String(Date.now() % 100_000).padStart(5, "0")}${String(phoneSerial % 1000).padStart(3, "0")}`;
}

export interface Session {
  token: string;
  user: { id: number; userName: string };
}

/** Logs in by SMS code through the API (captcha in test mode), as the login dialog would. */
export async function loginThroughApi(request: APIRequestContext, phone = freshPhone()): Promise<Session> {
  const send = await request.post("/api/web/sendMessageWithCaptcha", { data: { randStr: "e2e-content-rand", ticket: "e2e", phoneNum: phone, prefix: "86" } });
  expect((await send.json()).code).toBe(200);
  const outbox = (await (await request.get("/dev/outbox.json")).json()) as { to: string; code: string }[];
  const code = outbox.find((message) => message.to.endsWith(phone))?.code;
  expect(code, `SMS code for ${phone}`).toMatch(/^\d{6}$/);
  const login = await request.post("/api/web/loginMessage", { data: { userName: phone, mobilePrefix: "86", smsVerifyCode: code, uuid: "e2e", sourceUrl: "/home" } });
  const envelope = (await login.json()) as { code: number; message: string; data: Session };
  expect(envelope.code, envelope.message).toBe(1);
  return envelope.data;
}

/** Puts a session into the browser as a login leaves it: token and userObj in local storage, a token cookie. */
export async function signIn(context: BrowserContext, baseURL: string, session: Session): Promise<void> {
  await context.addCookies([{ name: "token", value: session.token, url: baseURL }]);
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem("token", token);
      localStorage.setItem("userObj", user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

export async function useLanguage(context: BrowserContext, baseURL: string, lang: Lang): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL }]);
}

/** Text that would mean a binding, a key or a value did not resolve. */
const PLACEHOLDER = /\{(query|data|t|item|user)\.|undefined|NaN|\[object Object\]|\b(common|home|video|doc|person):[a-z]/;

/**
 * Opens a page and checks it: 200, its config rendered, no widget failed, no placeholder text, hydrated, and the
 * main text in the language: the expected texts of that language shown, those of the other language absent.
 */
export async function openPage(page: Page, path: string, lang: Lang, expected: string[], absent: string[] = []): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  const pagePath = path.split("?")[0];
  const root = page.locator(`[data-page="${pagePath}"]`);
  await expect(root).toBeVisible();
  await expect(root.locator("[data-widget-failed], .skeleton")).toHaveCount(0);
  for (const text of expected) await expect(root.getByText(text, { exact: false }).first(), `${path} (${lang}) shows ${text}`).toBeVisible();
  for (const text of absent) await expect(root.getByText(text, { exact: false }), `${path} (${lang}) does not show ${text}`).toHaveCount(0);
  const shown = await root.innerText();
  expect(shown).not.toMatch(PLACEHOLDER);
  if (lang === "zh") expect(shown).toMatch(/[\u4e00-\u9fff]/);
  await expect(page).toHaveTitle(lang === "zh" ? /[\u4e00-\u9fff]/ : /[A-Za-z]/);
}
