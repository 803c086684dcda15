/** Routing rules of spec §2: redirects, the unknown-path page, scroll on navigation, and the stored previous page. */
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** What a <Link> in the app does: a client-side navigation through the app's router. */
async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate(async (target) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter;
    await router.navigate(target);
  }, to);
}
const stored = (page: Page) => page.evaluate(() => ({ fromPage: localStorage.getItem("fromPage"), fromQuery: localStorage.getItem("fromQuery") }));

test.describe("redirects", () => {
  test("a path with Mobile drops its last six characters and keeps the query", async ({ page }) => {
    const response = await page.goto("/xyzMobile?a=1");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/xyz");
    expect(url.search).toBe("?a=1");
    // The redirect itself was a 302 from the Mobile path.
    const redirectedFrom = response!.request().redirectedFrom();
    expect(redirectedFrom).not.toBeNull();
    expect(new URL(redirectedFrom!.url()).pathname).toBe("/xyzMobile");
    expect((await redirectedFrom!.response())!.status()).toBe(302);
    // /xyz is unknown: the 404 page.
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  });

  test("/appDownload goes to /toApp with its query", async ({ page }) => {
    await page.goto("/appDownload?from=ad");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/toApp");
    expect(url.search).toBe("?from=ad");
  });

  test("/ goes to /home", async ({ page }) => {
    await page.goto("/?x=1");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/home?x=1");
  });

  test("a Mobile path reached by an in-app navigation is redirected too", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    await navigateInApp(page, "/homeMobile?tab=2");
    await expect(page).toHaveURL(/\/home\?tab=2$/);
    await expect(page.locator('[data-page="/home"]')).toBeVisible();
  });
});

test.describe("unknown path", () => {
  test("answers 404 with the not-found page inside the shell, and its link goes home", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.locator("header.site-header")).toBeVisible();
    await expect(page.locator("footer.site-footer")).toBeVisible();
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.getByText("您访问的页面不存在或已被移除。")).toBeVisible();
    await expect(page).toHaveTitle(/页面不存在/);
    await page.screenshot({ path: "/tmp/e2e-404.png" });

    const back = page.locator("main").getByRole("link", { name: "返回首页" });
    await expect(back).toHaveAttribute("href", "/home");
    await back.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('[data-page="/home"] .banner-slide').first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "页面不存在" })).toHaveCount(0);
  });

  test("a client-side navigation to an unknown path shows the same page", async ({ page }) => {
    // No link of ours leads to an unknown path (check:configs, SmartLink); a page withdrawn while a visitor's page was
    // open still can, so the router is asked to go there as such a link would.
    await page.goto("/home");
    await waitForHydration(page);
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate("/e2eNoSuchPage"),
    );
    await expect(page).toHaveURL(/\/e2eNoSuchPage$/);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.locator("footer.site-footer")).toBeVisible();
  });
});

test.describe("detail pages of items that do not exist", () => {
  const missing = [
    "/docDetail?id=99999999",
    "/bookDetail?id=99999999",
    "/videoDetail?id=99999999",
    "/videoDoc?id=99999999",
    "/videoListBySpecial?id=99999999",
    "/scienceMeetingDetail?id=99999999",
    "/person?authorCode=nobody",
    "/viewLive?id=99999999",
  ];
  for (const path of missing) {
    test(`${path} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
      await expect(page.locator("[data-widget-failed]")).toHaveCount(0);
    });
  }
});

test.describe("scroll on navigation", () => {
  test("/home keeps its scroll position when the reader comes back", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    await page.mouse.wheel(0, 700);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
    // Let the position settle, then remember where the reader was.
    await expect
      .poll(async () => {
        const before = await scrollY(page);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        return (await scrollY(page)) === before;
      })
      .toBe(true);
    const kept = await scrollY(page);

    // A list item of the hot reports (below the fold) navigates to another page, which starts at the top.
    const link = page
      .locator(".content-list")
      .filter({ has: page.getByRole("heading", { name: "热门研报" }) })
      .locator("a.list-link")
      .first();
    await expect(link).toBeInViewport();
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname + url.search === href);
    await expect(page.locator('[data-page="/home"]')).toHaveCount(0);
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('[data-page="/home"]')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(kept - 30);
    expect(Math.abs((await scrollY(page)) - kept)).toBeLessThanOrEqual(30);
  });

  test("/home keeps its scroll position after a footer link", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const footerAbout = page.locator("footer.site-footer").getByRole("link", { name: "关于我们" });
    await footerAbout.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    const kept = await scrollY(page);
    await footerAbout.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(kept - 30);
    expect(Math.abs((await scrollY(page)) - kept)).toBeLessThanOrEqual(30);
  });

  test("other navigations scroll to the top", async ({ page }) => {
    // From /home (kept alive) to a page that is not kept alive: top.
    await page.goto("/home");
    await waitForHydration(page);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await page.locator(".link-grid").getByRole("link", { name: "学者" }).click();
    await expect(page).toHaveURL(/\/authorList$/);
    await expect.poll(() => scrollY(page)).toBe(0);

    // From far down a long page that is not kept alive: the footer's link lands at the top of the next page.
    await page.goto("/privacy");
    await waitForHydration(page);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
    const about = page.locator("footer.site-footer").getByRole("link", { name: "关于我们" });
    await about.scrollIntoViewIfNeeded();
    await about.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => scrollY(page)).toBe(0);

    // Going back to a page that is not kept alive starts at the top as well.
    await page.goBack();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.locator('[data-page="/privacy"]')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});

test.describe("previous page", () => {
  test("fromPage and fromQuery hold the previous page's path and query on every path change", async ({ page }) => {
    await page.goto("/home?channel=abc");
    await waitForHydration(page);
    // The first page has no previous one.
    expect(await stored(page)).toEqual({ fromPage: null, fromQuery: null });

    await page.locator(".link-grid").getByRole("link", { name: "学术会议" }).click();
    await expect(page).toHaveURL(/\/scienceMeetingList$/);
    await expect.poll(() => stored(page)).toEqual({ fromPage: "/home", fromQuery: "channel=abc" });

    await page.locator("header.site-header").getByRole("link", { name: "搜索" }).click();
    await expect(page).toHaveURL(/\/searchPage\?searchType=0$/);
    await expect.poll(() => stored(page)).toEqual({ fromPage: "/scienceMeetingList", fromQuery: "" });

    await page.locator("header.site-header").getByRole("link", { name: "首页" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => stored(page)).toEqual({ fromPage: "/searchPage", fromQuery: "searchType=0" });

    // Back navigation is a path change too.
    await page.goBack();
    await expect(page).toHaveURL(/\/searchPage\?searchType=0$/);
    await expect.poll(() => stored(page)).toEqual({ fromPage: "/home", fromQuery: "" });
  });

  test("a change of query alone on the same path does not overwrite them", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    await page.locator("footer.site-footer").getByRole("link", { name: "关于我们" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => stored(page)).toEqual({ fromPage: "/home", fromQuery: "" });
    await navigateInApp(page, "/about?section=2");
    await expect(page).toHaveURL(/\/about\?section=2$/);
    await expect(page.locator("footer.site-footer")).toBeVisible();
    expect(await stored(page)).toEqual({ fromPage: "/home", fromQuery: "" });
  });
});
