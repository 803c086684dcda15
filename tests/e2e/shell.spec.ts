/** The shared interface around every page (spec §2): header, back-to-top button and footer. */
import { test, expect, waitForHydration } from "./fixtures";
import { holdSession, logInByCode, speak } from "./platform-support";

const scrollY = (page: import("@playwright/test").Page) => page.evaluate(() => window.scrollY);

test.describe("back to top", () => {
  test("appears after 200 px of scrolling and takes the reader back up", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "回到顶部" });
    await expect(button).toHaveCount(0);

    // Not yet at 150 px.
    await page.mouse.wheel(0, 150);
    await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(150);
    await expect(button).toHaveCount(0);

    // Past 200 px it shows, fixed in the lower corner of the screen.
    await page.mouse.wheel(0, 450);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(200);
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y).toBeGreaterThan(viewport.height / 2);

    await button.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test("is labelled in English when the page is", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
    await page.goto("/home");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    const button = page.getByRole("button", { name: "Back to top" });
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});

test.describe("header", () => {
  test("has logo, language toggle, open-app, search, login and home", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const header = page.locator("header.site-header");
    await expect(header).toBeVisible();
    await expect(header.getByRole("link", { name: "经管学术圈" })).toHaveAttribute("href", "/home");
    await expect(header.locator(".logo img")).toBeVisible();
    await expect(header.getByTestId("lang-toggle")).toBeVisible();
    await expect(header.getByRole("link", { name: "打开App" })).toHaveAttribute("href", "/toApp");
    await expect(header.getByRole("link", { name: "搜索" })).toHaveAttribute("href", /^\/searchPage/);
    await expect(header.getByRole("button", { name: "登录" })).toBeVisible();
    await expect(header.getByRole("link", { name: "首页" })).toHaveAttribute("href", "/home");
    // A visitor has no avatar.
    await expect(header.getByRole("link", { name: "我的" })).toHaveCount(0);
    // Everything fits on one phone-width line.
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(headerBox.height).toBeLessThan(80);
  });

  // Issue 34: the English brand was cut to "Ec···" (then "EconScho···" beside a signed-in avatar at 390 px).
  test("the brand shows its whole name or the logo alone, never a clipped name, in English as a visitor and signed in", async ({ page, context, baseURL }) => {
    await speak(context, baseURL!, "en");
    const clipped = async () => {
      const found: string[] = [];
      for (const width of [320, 360, 390, 430]) {
        await page.setViewportSize({ width, height: 844 });
        const cut = await page
          .locator("header.site-header .logo span")
          .evaluate((name) => getComputedStyle(name).display !== "none" && name.scrollWidth > name.clientWidth);
        if (cut) found.push(`${width} px`);
      }
      return found;
    };
    await page.goto("/home");
    await waitForHydration(page);
    expect(await clipped(), "as a visitor").toEqual([]);
    await holdSession(context, baseURL!, await logInByCode(page.request));
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator("header.site-header").getByRole("link", { name: "Me", exact: true })).toBeVisible();
    expect(await clipped(), "signed in").toEqual([]);
  });

  test("login opens the login dialog", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const dialog = page.locator('dialog[data-dialog="login"]');
    await expect(dialog).toHaveCount(0);
    await page.locator("header.site-header").getByRole("button", { name: "登录" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveJSProperty("open", true);
    await dialog.getByRole("button", { name: "关闭" }).click();
    await expect(page.locator("dialog.dialog")).toHaveJSProperty("open", false);
  });

  test("open-app goes to /toApp, search to the search page, home back home", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const header = page.locator("header.site-header");

    await header.getByRole("link", { name: "打开App" }).click();
    await expect(page).toHaveURL(/\/toApp$/);
    await expect(header).toBeVisible();

    await header.getByRole("link", { name: "首页" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('[data-page="/home"]')).toBeVisible();

    await header.getByRole("link", { name: "搜索" }).click();
    await expect(page).toHaveURL(/\/searchPage\?searchType=0$/);

    await header.getByRole("link", { name: "经管学术圈" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('[data-page="/home"]')).toBeVisible();
  });
});

test.describe("footer", () => {
  test("has customer service, feedback, solutions and about", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const footer = page.locator("footer.site-footer");
    await footer.scrollIntoViewIfNeeded();
    await expect(footer).toBeVisible();
    const phone = footer.getByRole("link", { name: /客服热线/ });
    await expect(phone).toHaveAttribute("href", "tel:400-800-2026");
    await expect(phone).toContainText("400-800-2026");
    await expect(footer.getByRole("button", { name: "意见反馈" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "解决方案" })).toHaveAttribute("href", "/program");
    await expect(footer.getByRole("link", { name: "关于我们" })).toHaveAttribute("href", "/about");

    // Feedback opens the feedback dialog.
    await footer.getByRole("button", { name: "意见反馈" }).click();
    const dialog = page.locator('dialog[data-dialog="feedback"]');
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "关闭" }).click();
    await expect(page.locator("dialog.dialog")).toHaveJSProperty("open", false);

    await footer.getByRole("link", { name: "解决方案" }).click();
    await expect(page).toHaveURL(/\/program$/);
    await expect(page.locator("footer.site-footer")).toBeVisible();

    await page.locator("footer.site-footer").getByRole("link", { name: "关于我们" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("header.site-header")).toBeVisible();
  });

  test("the follow-us carousel has three QR slides switched by its dots", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const carousel = page.locator(".follow-us");
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toContainText("关注我们");
    const slides = carousel.locator(".qr-slide");
    const dots = carousel.locator(".qr-dots button");
    const track = carousel.locator(".qr-track");
    await expect(slides).toHaveCount(3);
    await expect(dots).toHaveCount(3);
    await expect(slides.locator("figcaption")).toHaveText(["微信公众号", "官方微博", "下载App"]);
    for (const image of await slides.locator("img").all()) {
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
    }

    for (const index of [2, 0, 1]) {
      await dots.nth(index).click();
      await expect(track).toHaveAttribute("data-slide", String(index));
      await expect(dots.nth(index)).toHaveAttribute("aria-current", "true");
      await expect(slides.nth(index)).toHaveAttribute("aria-hidden", "false");
      // The chosen slide is the one in view inside the carousel.
      await expect
        .poll(async () => {
          const slide = (await slides.nth(index).boundingBox())!;
          const frame = (await carousel.boundingBox())!;
          return slide.x >= frame.x - 1 && slide.x + slide.width <= frame.x + frame.width + 1;
        })
        .toBe(true);
    }
  });

  test("the follow-us carousel moves on by itself", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const track = page.locator(".follow-us .qr-track");
    await expect(track).toHaveAttribute("data-slide", "0");
    await expect(track).toHaveAttribute("data-slide", "1", { timeout: 5_000 });
  });
});
