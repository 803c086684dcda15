/**
 * What the conference suites share: the platform's own answers for the pages' data, a user logged in the way the
 * login dialog does it (SMS code from the developer outbox, captcha in test mode), and that session put into a browser.
 */
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { expect } from "./fixtures";

export type Lang = "zh" | "en";

/** The data of a successful platform answer (code 200). */
export async function platform<T = any>(request: APIRequestContext, path: string, params: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await request.post(`/api${path}`, { data: params, headers: token ? { token } : {} });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

export interface Session {
  token: string;
  user: { id: number; userName: string };
}

let serial = 0;

/** A phone number of this suite's own (137…), different on every call and every run. */
export function conferencePhone(): string {
  serial += 1;
  return `137${String(Date.now() % 100_000).padStart(5, "0")}${String(serial).padStart(3, "0")}`;
}

export async function logIn(request: APIRequestContext, phone = conferencePhone()): Promise<Session> {
  const sent = await request.post("/api/web/sendMessageWithCaptcha", { data: { randStr: "conference-e2e", ticket: "any", phoneNum: phone, prefix: "86" } });
  expect((await sent.json()).code).toBe(200);
  const outbox = (await (await request.get("/dev/outbox.json")).json()) as { to: string; code: string }[];
  const code = outbox.find((message) => message.to.endsWith(phone))?.code;
  expect(code, `SMS code for ${phone}`).toMatch(/^\d{6}$/);
  const answer = (await (await request.post("/api/web/loginMessage", { data: { userName: phone, mobilePrefix: "86", smsVerifyCode: code } })).json()) as {
    code: number;
    message: string;
    data: Session;
  };
  expect(answer.code, answer.message).toBe(1);
  return answer.data;
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

export async function speak(context: BrowserContext, baseURL: string, lang: Lang): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL }]);
}

/** Text that would mean a binding, a catalogue key or a value did not resolve. */
export const PLACEHOLDER = /\{(query|data|t|item|user)\.|undefined|NaN|\[object Object\]|\b(spec|meeting|live|common):[a-zA-Z]/;
export const CJK = /[\u4e00-\u9fff]/;
