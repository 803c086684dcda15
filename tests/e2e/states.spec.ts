/**
 * Issue 34 (ADR 079): what a person meets where content is not there. A visitor on a signed-in page is asked to log
 * in (no placeholder forever); an order, exchange or gift card that does not exist is told as not found (the pay
 * pages stop asking at once); a link cut short says so; losing the network between pages is told inside the shell
 * and mended when it comes back; a slow navigation shows a progress bar.
 */
import { test as base } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { holdSession, logInByCode, speak } from "./platform-support";

/** What Chromium and React Router log for the requests that could not go out while offline. */
const OFFLINE_LINES = /ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/;
const NOT_FOUND = { zh: "没有找到这项内容", en: "We could not find this" };

test("a visitor is asked to log in where the data is the signed-in person's, and a link cut short says so", async ({ page }) => {
  await page.goto("/pointNgc");
  await waitForHydration(page);
  await expect(page.locator('[data-widget-failed], [data-gate="needLogin"]')).toHaveCount(1);
  await expect(page.locator('[data-gate="needLogin"]').getByRole("button", { name: "登录" })).toBeVisible();
  await expect(page.locator(".skeleton")).toHaveCount(0);

  await page.goto("/bookShareCoupon");
  await expect(page.locator('[data-state="notFound"]')).toContainText(NOT_FOUND.zh);
});

test("an order, exchange or gift card that does not exist is told as not found, and the pay pages stop asking", async ({ page, context, baseURL }) => {
  await holdSession(context, baseURL!, await logInByCode(page.request));
  for (const path of ["/myOrderDetail?orderNo=E2E404", "/pointExchangeDetail?exchangeNo=E2E404", "/vipGetDonate?code=E2E404"]) {
    await page.goto(path);
    await waitForHydration(page);
    const notFound = page.locator('[data-state="notFound"]');
    await expect(notFound, path).toContainText(NOT_FOUND.zh);
    await expect(page.getByText("内容加载失败")).toHaveCount(0);
    await expect(notFound.getByRole("link", { name: "重试" })).toHaveCount(0);
  }

  // The pay pages ask once, hear "no such order" and stop: the clock runs a minute on and no second question is sent.
  await page.clock.install();
  for (const path of ["/orderAck?orderNo=E2E404", "/boutiquePay?orderNo=E2E404"]) {
    let asked = 0;
    const count = (request: { url: () => string }) => request.url().includes("/api/order/getPaystatus") && asked++;
    page.on("request", count);
    await page.goto(path);
    await expect(page.locator('[data-state="notFound"]'), path).toContainText(NOT_FOUND.zh);
    await page.clock.runFor(60_000);
    expect(asked, path).toBe(1);
    page.off("request", count);
  }
});

/**
 * Without the suite's console guard: Chromium and React Router log the page data and route manifest they could not fetch
 * offline, on purpose here; any other console error still fails the test.
 */
base("the network lost between pages is told in the shell and mended when it returns; a slow page shows progress", async ({ page, context, baseURL }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && !OFFLINE_LINES.test(message.text()) && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  await speak(context, baseURL!, "en");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/home");
  await waitForHydration(page);

  // Every page's data held back 1.5 s: past 300 ms the bar shows, with its name, and goes when the page is in.
  await page.route("**/*.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByRole("link", { name: "About us" }).click();
  const progress = page.getByRole("progressbar", { name: "Opening the page" });
  await expect(progress).toBeVisible();
  // Asked for less motion: the bar stands still.
  expect(await progress.locator(".navigation-progress-bar").evaluate((bar) => getComputedStyle(bar).animationName)).toBe("none");
  await expect(page).toHaveURL(/\/about$/, { timeout: 10_000 });
  await expect(progress).toHaveCount(0);
  await page.unroute("**/*.data*");

  await context.setOffline(true);
  await page.getByRole("link", { name: "Privacy policy" }).click();
  const failed = page.locator("[data-navigation-failed]");
  await expect(failed).toHaveAttribute("data-navigation-failed", "offline");
  await expect(failed).toContainText("You are offline");
  await expect(page.locator(".site-header").first()).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);

  await context.setOffline(false);
  await expect(failed).toHaveCount(0);
  await expect(page.locator('[data-page="/privacy"]')).toBeVisible();
  expect(errors).toEqual([]);
});
