/**
 * One embedded platform per test file, on a fresh temporary database and a clock the test moves. Calls go
 * through the platform's own fetch handler, each test from its own client address so that the per-IP limits
 * one test reaches never decide another's outcome.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { signNotice } from "@platform/orders/index.server";
import { platformSecret } from "@platform/kernel/secrets.server";
import { answerChecker } from "./contract-fixture";

export type Lang = "en" | "zh";

export interface Envelope {
  code: number;
  message: string;
  data?: any;
  datas?: any;
  success?: boolean;
}

export interface CallOptions {
  method?: "GET" | "POST";
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  token?: string;
  lang?: Lang;
  ip?: string;
  /** Headers a browser adds (Sec-Fetch-Site…), beside the cookie and token the fixture sets. */
  headers?: Record<string, string>;
}

export interface PaymentNotice {
  paymentNo: string;
  outcome: "succeeded" | "declined";
  amountFen: number;
}

export interface OutboxRow {
  id: number;
  channel: string;
  recipient: string;
  code: string;
  text: string;
  sent_at: string;
}

export interface PlatformFixture {
  readonly platform: EmbeddedPlatform;
  /** The platform's current time. */
  now(): Date;
  advance(ms: number): void;
  /** The client address of the running test. */
  ip(): string;
  /** Another client address, never used before in this file. */
  freshIp(): string;
  raw(path: string, options?: CallOptions): Promise<Response>;
  call(path: string, options?: CallOptions): Promise<{ status: number; body: Envelope }>;
  /** The payment provider's notice for a payment, signed with the platform's key unless a signature is given. */
  notifyPayment(notice: PaymentNotice, signature?: string): Promise<Envelope & { data?: { result: string } }>;
  /** Messages of the developer outbox, newest first. */
  outbox(): OutboxRow[];
  /** The lines the platform printed of the messages it sent (its console when the outbox page is off), oldest first. */
  announced(): string[];
  /** A new phone account (numbers from 188…) logged in by code, from a fresh address. */
  newUser(): Promise<{ token: string; id: number; phone: string }>;
}

export function useEmbeddedPlatform(startsAt: string, options: { captchaTestMode: boolean }): PlatformFixture {
  let clock = new Date(startsAt);
  let directory = "";
  let platform: EmbeddedPlatform | undefined;
  let addressCounter = 0;
  let address = "";
  let phoneCounter = 0;
  const checkAnswer = answerChecker();
  /** What the platform printed of its messages, as a server with the outbox page off (production) prints them. */
  const announced: string[] = [];

  const freshIp = () => {
    addressCounter++;
    return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "api-"));
    platform = createEmbeddedPlatform({
      file: join(directory, "p.sqlite"),
      now: () => clock,
      captchaTestMode: options.captchaTestMode,
      maxFailedLogins: 5,
      lockMinutes: 15,
      publicOrigin: "http://localhost:3000",
      log: () => {},
      announceMessage: (line) => announced.push(line),
    });
  }, 60_000);

  afterAll(() => {
    platform?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  beforeEach(() => {
    address = freshIp();
  });

  const fixture: PlatformFixture = {
    get platform() {
      if (!platform) throw new Error("the embedded platform is only there inside tests");
      return platform;
    },
    now: () => clock,
    advance(ms) {
      clock = new Date(clock.getTime() + ms);
    },
    ip: () => address,
    freshIp,
    raw(path, callOptions = {}) {
      const method = callOptions.method ?? "POST";
      const url = new URL(`http://embedded/api${path}`);
      for (const [key, value] of Object.entries(callOptions.query ?? {})) url.searchParams.set(key, value);
      const headers: Record<string, string> = { ...callOptions.headers, cookie: `lang=${callOptions.lang ?? "en"}` };
      if (method === "POST") headers["content-type"] = "application/json";
      if (callOptions.token) headers.token = callOptions.token;
      const body = method === "POST" ? JSON.stringify(callOptions.body ?? {}) : undefined;
      return fixture.platform.api.fetch(new Request(url, { method, headers, body }), callOptions.ip ?? address);
    },
    async call(path, callOptions = {}) {
      const response = await fixture.raw(path, callOptions);
      if (!response.headers.get("content-type")?.includes("application/json")) {
        throw new Error(`${path} answered ${response.status} with ${response.headers.get("content-type")}, not JSON`);
      }
      const body = (await response.json()) as Envelope;
      checkAnswer(callOptions.method ?? "POST", path, body);
      return { status: response.status, body };
    },
    async notifyPayment(notice, signature) {
      const body = JSON.stringify(notice);
      const headers = { "content-type": "application/json", "x-pay-signature": signature ?? signNotice(platformSecret(fixture.platform.db, "payment"), body) };
      const response = await fixture.platform.api.fetch(new Request("http://embedded/api/pay/notify", { method: "POST", headers, body }));
      return (await response.json()) as Envelope & { data?: { result: string } };
    },
    outbox: () => fixture.platform.db.prepare("SELECT * FROM outbox ORDER BY id DESC").all() as OutboxRow[],
    announced: () => [...announced],
    async newUser() {
      const phone = `188${String(++phoneCounter).padStart(8, "0")}`;
      const ip = freshIp();
      const sent = await fixture.call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "test-rand", ticket: "test" }, ip });
      if (sent.body.code !== 200) throw new Error(`no code for ${phone}: ${sent.body.message}`);
      const code = fixture.outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
      const login = await fixture.call("/web/loginMessage", { body: { userName: phone, mobilePrefix: "86", smsVerifyCode: code }, ip });
      if (login.body.code !== 1) throw new Error(`${phone} could not log in: ${login.body.message}`);
      return { token: login.body.data.token as string, id: login.body.data.user.id as number, phone };
    },
  };
  return fixture;
}
