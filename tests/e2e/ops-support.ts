/** Signing in to the operations console as the suite's staff (tests/e2e/ops-staff.ts, made by serve.ts). */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, watchConsole } from "./fixtures";
import { OPS_TEST_STAFF } from "./ops-staff";

export type StaffName = keyof typeof OPS_TEST_STAFF;

/** A desk, not a phone: the console is for a laptop (1280) or a tablet (820). */
export const LAPTOP = { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 };
export const TABLET = { viewport: { width: 820, height: 1180 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 };

/** Goes to a console page as a visitor, is sent to the login page, signs in and lands back where it started. */
export async function signIn(page: Page, who: StaffName, start = "/ops"): Promise<void> {
  const staff = OPS_TEST_STAFF[who];
  await page.goto(start);
  await expect(page).toHaveURL(/\/ops\/login\?next=/);
  await page.getByLabel("用户名").fill(staff.username);
  await page.getByLabel("密码").fill(staff.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.getByTestId("ops-who")).toContainText(staff.username);
}

/** A path no other test (nor a retry of this one) uses. */
export function freshPagePath(prefix: string): string {
  return `/${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** An instant as a page config writes it: ISO with Beijing's offset, to the second. */
export function beijingIso(instant: number): string {
  return `${new Date(instant + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/**
 * A console page in a browser of its own whose refusals are part of the test (a wrong password answered 401, a
 * session that ended): the browser logs a failed-resource line for each, which the suite's guard would count. This
 * page is watched the same way, except for 401 answers of the console's API; anything else still fails the test.
 */
export async function pageExpecting401(browser: Browser, testInfo: TestInfo, device: object) {
  const context = await browser.newContext({ ...device, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const guard = watchConsole(page);
  const problems = () =>
    guard.problems().filter((problem) => !(/status of 401 \(Unauthorized\)/.test(problem.text) && new URL(problem.url).pathname.startsWith("/ops/api/")));
  return { page, context, problems };
}

export interface SecondNode {
  origin: string;
  /** Waits until it answers (a fresh platform seeds first), at most 90 s. */
  ready(): Promise<void>;
  stop(): void;
}

/**
 * A second server node as a deployment of two runs it: its own process, port and platform, the first node's console
 * store (CONSOLE_DATABASE_FILE), so a publish on the first must reach it (issue 28). Started early: it seeds meanwhile.
 */
export function startSecondNode(testInfo: TestInfo): SecondNode {
  const firstData = process.env.E2E_DATA_DIR;
  if (!firstData) throw new Error("E2E_DATA_DIR is set by playwright.config.ts");
  const port = Number(new URL(String(testInfo.project.use.baseURL)).port) + 5;
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/e2e/serve.ts"], {
    cwd: join(import.meta.dirname, "..", ".."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      E2E_PORT: String(port),
      E2E_DATA_DIR: mkdtempSync(join(tmpdir(), "e2e-node2-")),
      CONSOLE_DATABASE_FILE: join(firstData, "console.sqlite"),
      E2E_JOINS_STORE: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return {
    origin,
    async ready() {
      await expect.poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [500] }).toBe(200);
    },
    stop: () => void child.kill("SIGTERM"),
  };
}
