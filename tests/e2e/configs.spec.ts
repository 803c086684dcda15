/**
 * What page configs do at runtime, with the fixtures served beside the real configs (tests/e2e/fixtures/):
 * a broken config breaks only its own route, a failing data source only its own widget, and a login gate keeps
 * its content out of a visitor's HTML.
 */
import type { APIRequestContext } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

async function apiTitles(request: APIRequestContext, api: string, params: Record<string, unknown> = {}): Promise<string[]> {
  const response = await request.post(`/api${api}`, { data: params });
  const envelope = (await response.json()) as { code: number; data: { list: { title: string }[] } };
  expect(envelope.code).toBe(200);
  const titles = envelope.data.list.map((item) => item.title);
  expect(titles.length).toBeGreaterThan(0);
  return titles;
}

test("a broken config answers 500 with its error page, and other pages keep working", async ({ page, consoleGuard }) => {
  consoleGuard.expectServerError("/e2eBroken");
  const response = await page.goto("/e2eBroken");
  expect(response?.status()).toBe(500);
  await waitForHydration(page);
  const broken = page.locator("[data-broken-config]");
  await expect(broken).toBeVisible();
  await expect(broken).toHaveAttribute("data-broken-config", "/e2eBroken");
  await expect(broken.getByRole("heading", { name: "页面暂不可用" })).toBeVisible();
  await expect(broken).toContainText("此页面的配置有误");
  // Not APP_ENV=production: the problems are listed, with the JSON pointer of the bad prop.
  const problems = broken.locator(".problems li");
  expect(await problems.count()).toBeGreaterThan(0);
  await expect(problems.locator("code").filter({ hasText: /^\/widgets\/0\/props\/tone$/ })).toHaveCount(1);
  // The shell is still there.
  await expect(page.locator("header.site-header")).toBeVisible();
  await expect(page.locator("footer.site-footer")).toBeVisible();

  // Its back-home link works, and /home is fine in the same server run.
  await broken.getByRole("link", { name: "返回首页" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('[data-page="/home"] .list-title').first()).toBeVisible();

  const again = await page.goto("/home");
  expect(again?.status()).toBe(200);
  await expect(page.locator('[data-page="/home"] .banner-slide').first()).toBeVisible();
  await expect(page.locator("[data-broken-config]")).toHaveCount(0);
});

test("a failing data source fails only its own widget", async ({ page }) => {
  const banners = await apiTitles(page.request, "/banner/list");
  const response = await page.goto("/e2eFailingSource");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  const widgets = page.locator('[data-page="/e2eFailingSource"]');
  const failed = widgets.locator("[data-widget-failed]");
  await expect(failed).toHaveCount(1);
  await expect(failed).toHaveAttribute("data-widget-failed", "contentList");
  await expect(failed.locator(".state-notice-text")).toHaveText("内容加载失败，请稍后重试");
  await expect(failed.getByRole("link", { name: "重试" })).toHaveAttribute("href", "/e2eFailingSource");
  // The failing list's own content never shows.
  await expect(page.getByRole("heading", { name: "失败的列表" })).toHaveCount(0);

  const working = widgets.locator(".content-list").filter({ has: page.getByRole("heading", { name: "正常的列表" }) });
  await expect(working).toBeVisible();
  await expect(working.locator(".list-title")).toHaveText(banners);
  // The failed notice comes first, in the failing widget's place.
  const failedBox = (await failed.boundingBox())!;
  const workingBox = (await working.boundingBox())!;
  expect(failedBox.y).toBeLessThan(workingBox.y);
});

test("a login-gated widget is not in a visitor's HTML, and its prompt opens the login dialog", async ({ page }) => {
  const gatedTitles = await apiTitles(page.request, "/mpPaper/searchAll", { pageSize: 3 });

  const served = await page.request.get("/e2eGated");
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain("公开标题");
  expect(html).toContain('data-gate="needLogin"');
  for (const title of gatedTitles) expect(html, `gated title ${title} in the visitor's HTML`).not.toContain(title);

  const paperRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/mpPaper/")) paperRequests.push(request.url());
  });
  await page.goto("/e2eGated");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "公开标题" })).toBeVisible();
  const gate = page.locator('[data-gate="needLogin"]');
  await expect(gate).toBeVisible();
  await expect(gate).toContainText("登录后即可查看此内容");
  for (const title of gatedTitles) await expect(page.getByText(title)).toHaveCount(0);

  const dialog = page.locator('dialog[data-dialog="login"]');
  await expect(dialog).toHaveCount(0);
  await gate.getByRole("button", { name: "登录" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveJSProperty("open", true);
  // Still nothing of the gated content, and the browser never asked for it.
  for (const title of gatedTitles) await expect(page.getByText(title)).toHaveCount(0);
  expect(paperRequests).toEqual([]);
});

test("a paged list loads the next page as its end scrolls into view, each item once, until there are no more", async ({ page }) => {
  const pageSize = 12;
  const answer = await page.request.post("/api/books", { data: { pageSize } });
  const { total } = ((await answer.json()) as { data: { total: number } }).data;
  expect(total, "seeded books fill more than two pages").toBeGreaterThan(2 * pageSize);
  const secondPage = await apiTitles(page.request, "/books", { pageSize, pageNum: 2 });

  await page.goto("/bookList");
  await waitForHydration(page);
  const list = page.locator('[data-page="/bookList"] .list-items > li');
  await expect(list).toHaveCount(pageSize);

  await page.locator(".list-footer").scrollIntoViewIfNeeded();
  await expect(list).toHaveCount(2 * pageSize);
  expect((await list.locator(".list-title").allInnerTexts()).slice(pageSize)).toEqual(secondPage);

  for (let shown = 2 * pageSize; shown < total; shown = await list.count()) {
    await page.locator(".list-footer").scrollIntoViewIfNeeded();
    await expect.poll(() => list.count()).toBeGreaterThan(shown);
  }
  await expect(list).toHaveCount(total);
  await expect(page.locator(".list-footer .no-more")).toHaveText("没有更多了");
  await expect(page.locator(".list-footer .load-more")).toHaveCount(0);
});
