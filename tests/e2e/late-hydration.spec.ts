/**
 * Widgets hydrating late (ADR 037): a page's widgets below its first two and every schema form are server-rendered,
 * but their code is not in the first load. These tests hold that code back to show that meanwhile the page is whole
 * (no skeleton replaces the server's HTML, whatever the page updates after its own hydration), what a user types is
 * kept, and the widget is live once its code arrives.
 */
import type { Page, Route } from "@playwright/test";
import { expect, freshPhone, test, waitForHydration } from "./accounts-support";

/** Script files the page's HTML asks for in its first load. */
async function firstLoadScripts(page: Page): Promise<Set<string>> {
  const hrefs = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  return new Set(hrefs);
}

/** Holds back every widget file outside the first load until `release` is called. */
async function holdLateCode(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { held: [] as string[], firstLoad: new Set<string>(), release: () => release() };
  await page.route(/\/assets\/widgets-[^/]+\.js$/, async (route: Route) => {
    const path = new URL(route.request().url()).pathname;
    if (state.firstLoad.size && !state.firstLoad.has(path)) {
      state.held.push(path);
      await released;
    }
    await route.continue();
  });
  return state;
}

test("a form hydrating late keeps its server HTML and what was typed until its code arrives, then validates live", async ({ page }) => {
  const late = await holdLateCode(page);
  const html = await (await page.request.get("/register")).text();
  late.firstLoad = new Set([...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].flatMap((tag) => /\bhref="([^"]+)"/.exec(tag[0])?.[1] ?? []));
  expect(
    [...late.firstLoad].some((href) => href.includes("register-form")),
    "the form's code is not in the first load",
  ).toBe(false);

  await page.goto("/register");
  await waitForHydration(page, undefined, { lateWidgets: false });
  await expect.poll(() => late.held.length).toBeGreaterThan(0);
  const form = page.locator('[data-widget="registerForm"]');
  await expect(form).toHaveAttribute("data-hydrate", "late");

  const phone = freshPhone();
  await page.getByLabel(/^手机号/).fill(phone);
  await page.getByLabel(/^密码/).fill("abc12345");
  // The page's clock and session effects ran after its own hydration; none of them reached the waiting form.
  await page.waitForTimeout(500);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByLabel(/^手机号/)).toHaveValue(phone);
  await expect(form).toHaveAttribute("data-hydrate", "late");

  late.release();
  await expect(form).toHaveAttribute("data-hydrate", "live");
  await waitForHydration(page);
  await expect(page.getByLabel(/^手机号/)).toHaveValue(phone);
  await page.getByLabel(/^确认密码/).fill("abc12346");
  await page.getByRole("button", { name: "注册", exact: true }).click();
  await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
  await expect(page.getByLabel(/^手机号/)).toHaveValue(phone);
});

test("a conference page's first load leaves its lower widgets out, and they come alive after hydration", async ({ page }) => {
  await page.goto("/2023ames");
  const firstLoad = [...(await firstLoadScripts(page))];
  expect(firstLoad.some((href) => /widgets-.*sign-up/.test(href))).toBe(false);
  const lateWidgets = page.locator("[data-hydrate]");
  expect(await lateWidgets.count()).toBeGreaterThan(3);
  await waitForHydration(page);
  await expect(page.locator('[data-hydrate="late"]')).toHaveCount(0);
  await expect(page.locator('[data-hydrate="live"]')).toHaveCount(await lateWidgets.count());
  await expect(page.locator('[data-widget="signUpForm"]')).toBeVisible();
});
