/**
 * Signed-in page views (issue 32, ADR 083): two people of one class (phone bound, neither scholar nor VIP) are made
 * the way the developer tools make an account, and signed in through the platform's own password login, whose
 * Set-Cookie is the session cookie a browser would send. The first person's view fills the class's render; the second
 * person's views are measured, so the figures are those of a person meeting a render another of their class made.
 */
import { randomInt } from "node:crypto";
import type { EmbeddedPlatform } from "@platform/index.server.ts";
import { hashPassword } from "@platform/kernel/secrets.server.ts";
import { COOKIE_NAMES } from "@contracts/cookie-names.ts";

const PASSWORD = "bench2026";

/** A phone account as the developer tools create one (phone bound), with a number nobody else in the seed has. */
function createPerson(platform: EmbeddedPlatform, index: number): string {
  const phone = `199${String(randomInt(10_000)).padStart(4, "0")}${String(index).padStart(4, "0")}`;
  platform.db
    .prepare(
      "INSERT INTO users (user_name, mobile_prefix, phone, password_hash, nickname, is_bind_phone, reg_channel, created_at) VALUES (?, '86', ?, ?, ?, 1, 'dev', ?)",
    )
    .run(phone, phone, hashPassword(PASSWORD), `测速${index}`, new Date().toISOString());
  return phone;
}

/** Signs in through POST /api/web/login and answers the Cookie header the browser would then send. */
async function signIn(origin: string, phone: string): Promise<string> {
  const answer = await fetch(new URL("/api/web/login", origin), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mobile: phone, mobilePrefix: "86", password: PASSWORD }),
    signal: AbortSignal.timeout(15_000),
  });
  const token = new RegExp(`(?:^|[,;]\\s*)${COOKIE_NAMES.token}=([^;,\\s]+)`).exec(answer.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error(`signing in a bench person answered ${answer.status} without a session cookie: ${(await answer.text()).slice(0, 300)}`);
  return `${COOKIE_NAMES.token}=${token}`;
}

/** The Cookie headers of two signed-in people of the same class: the first fills the shared render, the second is measured. */
export async function signedInPeople(origin: string, platform: EmbeddedPlatform): Promise<[string, string]> {
  return [await signIn(origin, createPerson(platform, 1)), await signIn(origin, createPerson(platform, 2))];
}

/** The first link to a detail page that `listPath` shows (the seed decides which items exist). */
export async function firstDetailLink(origin: string, listPath: string, detailPath: string): Promise<string> {
  const html = await (await fetch(new URL(listPath, origin), { signal: AbortSignal.timeout(15_000) })).text();
  const link = new RegExp(`href="(${detailPath}\\?[^"#]+)"`).exec(html)?.[1];
  if (!link) throw new Error(`${listPath} shows no link to ${detailPath}`);
  return link.replaceAll("&amp;", "&");
}
