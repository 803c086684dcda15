/**
 * The shell and a login gate for a signed-in user. The session is made through the embedded platform's real calls
 * (SMS code from the developer outbox, code login) on the page's own request context, so the HttpOnly cookie the
 * answer sets is the browser's, as after the login dialog; the dialog's own flow is another suite's subject.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { logInByCode } from "./platform-support";

test("a signed-in user has the avatar link to /me and sees login-gated content", async ({ page }) => {
  await logInByCode(page.request);

  await page.goto("/home");
  await waitForHydration(page);
  const header = page.locator("header.site-header");
  const avatar = header.getByRole("link", { name: "我的" });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute("href", "/me");
  await expect(avatar.locator("img")).toBeVisible();
  await expect(header.getByRole("button", { name: "登录" })).toHaveCount(0);
  await avatar.click();
  await expect(page).toHaveURL(/\/me$/);

  // The gated widget: in the signed-in user's HTML, and on the page, with no prompt.
  const served = await page.request.get("/e2eGated");
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toContain("private");
  const html = await served.text();
  expect(html).not.toContain('data-gate="needLogin"');
  await page.goto("/e2eGated");
  await waitForHydration(page);
  await expect(page.locator("[data-gate]")).toHaveCount(0);
  const titles = page.locator('[data-page="/e2eGated"] .list-title');
  await expect(titles).toHaveCount(3);
  for (const title of await titles.allTextContents()) {
    expect(title.trim().length).toBeGreaterThan(0);
    expect(html).toContain(title.trim());
  }
});
