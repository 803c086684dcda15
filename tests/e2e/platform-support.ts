/**
 * What every suite that needs an account or the seeded data shares: reading the platform API, logging a user in the
 * way the login dialog does (SMS code from the developer outbox, captcha in test mode), and handing that session
 * to a browser context as the app keeps it after a login.
 */
import { randomInt } from "node:crypto";
import type { APIRequestContext, APIResponse, BrowserContext } from "@playwright/test";
import { expect } from "./fixtures";

export type Lang = "zh" | "en";

export interface Session {
  token: string;
  user: { id: number; userName: string; isBindPhone?: boolean; authorCode?: string | null; portraitUrl?: string; [field: string]: unknown };
}

/** The data of a successful platform answer (code 200). */
export async function platformData<T = any>(request: APIRequestContext, path: string, params: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await request.post(`/api${path}`, { data: params, headers: token ? { token } : {} });
  expect(response.ok(), path).toBe(true);
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

/** A mainland phone number no other test uses: 13 then 9 random digits. */
export function freshPhone(): string {
  return `13${randomInt(100_000_000, 999_999_999)}`;
}

interface OutboxEntry {
  channel: "sms" | "email";
  to: string;
  code: string;
  text: string;
}

/** The developer outbox: every SMS and email the embedded platform sent, newest first. */
export async function outbox(request: APIRequestContext): Promise<OutboxEntry[]> {
  return (await (await request.get("/dev/outbox.json")).json()) as OutboxEntry[];
}

/** The newest code sent to a phone (+86 by default) or an email address. */
export async function latestCode(request: APIRequestContext, target: string): Promise<string> {
  const to = target.includes("@") ? target : `+86 ${target}`;
  let code = "";
  await expect
    .poll(
      async () => {
        code = (await outbox(request)).find((entry) => entry.to === to && entry.code)?.code ?? "";
        return code;
      },
      { message: `a code for ${to} in the outbox` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * The session a login answer started, as a test needs it: the user from the body, and the token from the HttpOnly
 * cookie our server made of it (the body the browser sees no longer carries the token).
 */
export async function sessionOf(login: APIResponse, successCode: number): Promise<Session> {
  const envelope = (await login.json()) as { code: number; message: string; data?: { user: Session["user"]; token?: string } };
  expect(envelope.code, envelope.message).toBe(successCode);
  expect(envelope.data?.token, "no token in the body a script could read").toBeUndefined();
  const cookie = login
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value)
    .find((value) => value.startsWith("token="));
  expect(cookie, "the session cookie").toMatch(/^token=[A-Za-z0-9]{32};.*HttpOnly/i);
  return { token: /^token=([A-Za-z0-9]+)/.exec(cookie!)![1], user: envelope.data!.user };
}

/**
 * A client address of its own for each person, as the per-address limits expect of separate people (the e2e server
 * trusts X-Forwarded-For from loopback, like a server behind its proxy).
 */
function addressOf(phone: string): string {
  const digits = Number(phone.slice(-6));
  return `198.19.${Math.floor(digits / 250) % 250}.${(digits % 250) + 1}`;
}

/** Logs a phone user in by SMS code through the API, as the login dialog would; a new number makes a new account. */
export async function logInByCode(request: APIRequestContext, phone = freshPhone()): Promise<Session> {
  const headers = { "X-Forwarded-For": addressOf(phone) };
  const sent = await request.post("/api/web/sendMessageWithCaptcha", {
    data: { randStr: `e2e-${phone}`, ticket: "any", phoneNum: phone, prefix: "86" },
    headers,
  });
  expect((await sent.json()).code).toBe(200);
  const code = await latestCode(request, phone);
  return sessionOf(
    await request.post("/api/web/loginMessage", { data: { userName: phone, mobilePrefix: "86", smsVerifyCode: code, sourceUrl: "/home" }, headers }),
    1,
  );
}

/** A browser holding the session as a login leaves it: the HttpOnly token cookie; the server names the user on every page. */
export async function holdSession(context: BrowserContext, baseURL: string, session: Session): Promise<void> {
  await context.addCookies([{ name: "token", value: session.token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** The language the server renders for this browser (the cookie the header's toggle sets). */
export async function speak(context: BrowserContext, baseURL: string, lang: Lang): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL }]);
}
