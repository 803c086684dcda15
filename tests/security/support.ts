/**
 * What the attack suite shares: people made through the platform's own calls (each from an address of its own, as
 * the limits per address expect of separate people), the trap every attacked page gets, and the figures it prints.
 */
import { createHash } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { sessionOf, type Session } from "../e2e/platform-support";

let personCounter = 0;

export interface Person extends Session {
  address: string;
  headers: Record<string, string>;
}

/** A phone account made by the developer tools and logged in by password from its own address. */
export async function newPerson(request: APIRequestContext): Promise<Person> {
  personCounter++;
  const phone = `159${String(Date.now()).slice(-4)}${String(personCounter).padStart(4, "0")}`;
  const address = `198.18.${Math.floor(personCounter / 250)}.${(personCounter % 250) + 1}`;
  const created = await request.post("/dev/users", { form: { userName: phone, password: "attack123", action: "create" } });
  expect(created.ok(), `account ${phone}`).toBe(true);
  const login = await request.post("/api/web/login", {
    data: { mobile: phone, mobilePrefix: "86", password: "attack123" },
    headers: { "X-Forwarded-For": address },
  });
  const session = await sessionOf(login, 100000);
  return { ...session, address, headers: { token: session.token, "X-Forwarded-For": address } };
}

/** Gives a person a delivery address in Beijing (what an order of goods needs); the platform's answer. */
export function addAddress(request: APIRequestContext, person: Person): Promise<{ code: number; data?: any }> {
  return callAs(request, person, "/userAddress/operation", {
    receiver: "张三",
    phone: "13800138000",
    provinceCode: "110000",
    cityCode: "110000",
    districtCode: "110108",
    detail: "颐和园路5号",
  });
}

/** Calls the API as a person; the envelope's code. */
export async function callAs(
  request: APIRequestContext,
  person: Person | null,
  path: string,
  body: Record<string, unknown>,
): Promise<{ code: number; data?: any }> {
  const answer = await request.post(`/api${path}`, { data: body, headers: person?.headers ?? {} });
  return (await answer.json()) as { code: number; data?: unknown };
}

/**
 * Installed before any page script: alert, confirm, prompt, string timers and fetches to the marker host are counted
 * instead of run, and every CSP violation is recorded. eval and Function stay the browser's own (the test driver needs
 * them): the CSP refuses code from strings, and each refusal is a recorded violation. A payload that ran shows up by number.
 */
export async function installTrap(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const hits: string[] = [];
    const violations: string[] = [];
    Object.defineProperty(window, "__attack", { value: { hits, violations } });
    const hit = (kind: string, detail: unknown) => hits.push(`${kind}:${String(detail).slice(0, 80)}`);
    window.alert = (message?: unknown) => hit("alert", message);
    window.confirm = (message?: string) => {
      hit("confirm", message);
      return false;
    };
    window.prompt = (message?: string) => {
      hit("prompt", message);
      return null;
    };
    const realTimeout = window.setTimeout;
    window.setTimeout = ((handler: unknown, ...rest: unknown[]) => {
      if (typeof handler === "string") return hit("setTimeout", handler);
      return realTimeout(handler as () => void, ...(rest as [number]));
    }) as typeof window.setTimeout;
    const realFetch = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes("x.invalid")) hit("fetch", url);
      return realFetch(input, init);
    };
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
}

export interface Sprung {
  hits: string[];
  violations: string[];
}

/** What the trap caught on a page, after it settled. */
export async function sprung(page: Page): Promise<Sprung> {
  await page.waitForLoadState("load");
  await page.waitForTimeout(150);
  return page.evaluate(() => (window as unknown as { __attack: Sprung }).__attack);
}

/** Runs the work over a few pages of one context at once. */
export async function inParallel<T>(items: T[], workers: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(workers, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index], index);
      }
    }),
  );
}

/** One block of figures at the end of a part of the suite. */
export function printFigures(title: string, rows: Record<string, number | string>): void {
  const width = Math.max(...Object.keys(rows).map((key) => key.length));
  console.log([`\n${title}`, ...Object.entries(rows).map(([key, value]) => `  ${key.padEnd(width)}  ${value}`)].join("\n"));
}

/** An element a payload would have made: an event handler attribute, or a script URL in an attribute that loads or navigates. */
const LIVE_MARKUP = /<[a-z][a-z0-9]*\b[^>]*(\son[a-z]+\s*=|\s(href|src|action|formaction|data|xlink:href)\s*=\s*["']?\s*(javascript|vbscript|data):)/i;

/** What page loads with the trap found: executions and CSP violations by page, and pages whose server HTML held live markup. */
export interface XssTally {
  pages: number;
  executions: string[];
  violations: string[];
  liveInHtml: string[];
}

export function newXssTally(): XssTally {
  return { pages: 0, executions: [], violations: [], liveInHtml: [] };
}

/**
 * Opens each path in the context with the trap installed, four at a time, and adds what it finds to the tally.
 * `settle` waits for what a page loads after hydration (comments fetched in the browser) before the trap is read.
 */
export async function visitWithTrap(context: BrowserContext, paths: string[], tally: XssTally, settle?: (page: Page) => Promise<void>): Promise<void> {
  await installTrap(context);
  await inParallel(paths, 4, async (path) => {
    const page = await context.newPage();
    const response = await page.goto(path);
    const html = response && (response.headers()["content-type"] ?? "").includes("text/html") ? await response.text() : "";
    // Our own scripts (with the response's nonce, or on a public page named by hash in its policy, ADR 030) and quoted
    // attribute values (escaped text shown in a field) are not markup a payload made.
    const policy = response?.headers()["content-security-policy"] ?? "";
    const ours = (tag: string, body: string) => tag.includes("nonce=") || policy.includes(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    const markup = html
      .replace(/(<script[^>]*>)([\s\S]*?)<\/script>/g, (script, tag: string, body: string) => (ours(tag, body) ? "" : script))
      .replace(/"[^"]*"|'[^']*'/g, '""');
    if (LIVE_MARKUP.test(markup)) tally.liveInHtml.push(path);
    await settle?.(page);
    const caught = await sprung(page);
    tally.pages++;
    tally.executions.push(...caught.hits.map((hit) => `${path} ${hit}`));
    tally.violations.push(...caught.violations.map((violation) => `${path} ${violation}`));
    await page.close();
  });
}
