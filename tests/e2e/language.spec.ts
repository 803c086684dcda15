/** The header's language toggle: zh by default, English after a tap, remembered across reloads, and back. */
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

async function langCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === "lang")?.value;
}

test("language defaults to zh and the header toggle switches to English and back", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  const html = page.locator("html");
  const header = page.locator("header.site-header");
  const toggle = page.getByTestId("lang-toggle");
  const tabs = page.locator(".tabs").first().getByRole("tab");

  // Default: Chinese, whatever the browser's own language.
  await expect(html).toHaveAttribute("lang", "zh");
  await expect(header.getByRole("button", { name: "登录" })).toBeVisible();
  await expect(header.getByRole("link", { name: "打开App" })).toBeVisible();
  await expect(toggle).toHaveText("EN");
  await expect(tabs).toHaveText(["直播", "会议", "视频", "论文"]);
  await expect(page).toHaveTitle(/首页 · 经管学术圈/);
  expect(await langCookie(page)).toBeUndefined();

  // To English.
  await toggle.click();
  await expect(html).toHaveAttribute("lang", "en");
  await expect(header.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Open app" })).toBeVisible();
  await expect(header.getByRole("link", { name: "EconScholar" })).toBeVisible();
  await expect(toggle).toHaveText("中文");
  await expect(tabs).toHaveText(["Live", "Meetings", "Videos", "Papers"]);
  await expect(page.locator("footer.site-footer")).toContainText("About us");
  await expect(page.getByRole("link", { name: "Conferences" })).toBeVisible();
  await expect(page).toHaveTitle(/Home · EconScholar/);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");
  expect(await langCookie(page)).toBe("en");

  // The server renders English after a reload.
  const reloaded = await page.reload();
  const served = await reloaded!.text();
  expect(served).toContain('<html lang="en"');
  expect(served).toContain("Log in");
  await waitForHydration(page);
  await expect(html).toHaveAttribute("lang", "en");
  await expect(header.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(tabs).toHaveText(["Live", "Meetings", "Videos", "Papers"]);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");
  expect(await langCookie(page)).toBe("en");

  // English stays while navigating inside the app.
  await page.locator("footer.site-footer").getByRole("link", { name: "About us" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(html).toHaveAttribute("lang", "en");
  await expect(header.getByRole("button", { name: "Log in" })).toBeVisible();
  await header.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // And back to Chinese.
  await toggle.click();
  await expect(html).toHaveAttribute("lang", "zh");
  await expect(header.getByRole("button", { name: "登录" })).toBeVisible();
  await expect(toggle).toHaveText("EN");
  await expect(tabs).toHaveText(["直播", "会议", "视频", "论文"]);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("zh");
  expect(await langCookie(page)).toBe("zh");
  await page.reload();
  await expect(html).toHaveAttribute("lang", "zh");
  await expect(header.getByRole("button", { name: "登录" })).toBeVisible();
});

test("the 404 page follows the chosen language", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  await page.getByTestId("lang-toggle").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const response = await page.goto("/no-such-page-en");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
});

test("a page's data follows a language switch: the contest's name is read again in the new language (issue 34)", async ({ page }) => {
  await page.goto("/jdds");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "经管好书阅读大赛", level: 1 })).toBeVisible();
  await page.getByTestId("lang-toggle").click();
  await expect(page.getByRole("heading", { name: "Economics Reading Contest", exact: true, level: 1 })).toBeVisible();
  await page.getByTestId("lang-toggle").click();
  await expect(page.getByRole("heading", { name: "经管好书阅读大赛", exact: true, level: 1 })).toBeVisible();
});
