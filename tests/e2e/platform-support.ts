/**
 * What every suite that needs an account or the seeded data shares: reading the platform API, logging a user in the
 * way the login dialog does (SMS code from the developer outbox, captcha in test mode), and handing that session
 * to a browser context as the app keeps it after a login.
 */
import { randomInt } from "node:crypto";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
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

/** Logs a phone user in by SMS code through the API, as the login dialog would; a new number makes a new account. */
export async function logInByCode(request: APIRequestContext, phone = freshPhone()): Promise<Session> {
  const sent = await request.post("/api/web/sendMessageWithCaptcha", { data: { randStr: `e2e-${phone}`, ticket: "any", phoneNum: phone, prefix: "86" } });
  expect((await sent.json()).code).toBe(200);
  const code = await latestCode(request, phone);
  const login = await request.post("/api/web/loginMessage", { data: { userName: phone, mobilePrefix: "86", smsVerifyCode: code, sourceUrl: "/home" } });
  const envelope = (await login.json()) as { code: number; message: string; data: Session };
  expect(envelope.code, envelope.message).toBe(1);
  return envelope.data;
}

/** A browser holding the session as a login leaves it: token and userObj in local storage, and a token cookie. */
export async function holdSession(context: BrowserContext, baseURL: string, session: Session): Promise<void> {
  await context.addCookies([{ name: "token", value: session.token, url: baseURL }]);
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem("token", token);
      localStorage.setItem("userObj", user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** The language the server renders for this browser (the cookie the header's toggle sets). */
export async function speak(context: BrowserContext, baseURL: string, lang: Lang): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL }]);
}
