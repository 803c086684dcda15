/**
 * The home page as a visitor on a phone sees it: banners, quick entries, the tabbed lists filled with the
 * seeded content, and tabs that switch between them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Locator } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

interface SourceConfig {
  api: string;
  method?: "GET" | "POST";
  params?: Record<string, unknown>;
}

const home = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "page-configs", "home.json"), "utf8")) as {
  data: Record<string, SourceConfig>;
};

/** What the platform API answers for one of the home page's sources: the titles the page should list. */
async function seededTitles(request: APIRequestContext, name: string): Promise<string[]> {
  const source = home.data[name];
  const response = await request.post(`/api${source.api}`, { data: source.params ?? {} });
  expect(response.ok()).toBe(true);
  const envelope = (await response.json()) as { code: number; data: { list: { title: string }[] } };
  expect(envelope.code).toBe(200);
  const titles = envelope.data.list.map((item) => item.title);
  expect(titles.length, `seeded items of ${source.api}`).toBeGreaterThan(0);
  return titles;
}

async function visibleTitles(panel: Locator): Promise<string[]> {
  return (await panel.locator(".list-title").allTextContents()).map((text) => text.trim());
}

test("/ lands on /home", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  expect(new URL(page.url()).pathname).toBe("/home");
  await expect(page.locator('[data-page="/home"]')).toBeVisible();
  await expect(page).toHaveTitle(/首页/);
});

test("home shows the seeded banners, whose art carries its own text, titled for screen readers", async ({ page }) => {
  const titles = await seededTitles(page.request, "banners");
  await page.goto("/home");
  const slides = page.locator(".banner-carousel .banner-slide");
  await expect(slides).toHaveCount(titles.length);
  expect(titles.length).toBeGreaterThan(1);
  await expect(page.locator(".banner-carousel .banner-caption")).toHaveCount(0);
  const first = slides.first();
  await expect(first).toBeVisible();
  const image = first.locator("img");
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("alt", titles[0]);
  // The image really loaded (the embedded platform draws posters; a broken src has no natural width).
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  const box = await image.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.width).toBeGreaterThan(viewport.width * 0.9);
  expect(box!.height).toBeGreaterThan(100);
});

test("home shows the quick-entry grid", async ({ page }) => {
  await page.goto("/home");
  const entries = page.locator(".link-grid a.link-grid-item");
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toBeVisible();
  const labels = (await entries.locator(".link-grid-label").allTextContents()).map((text) => text.trim());
  expect(labels).toEqual([
    "直播",
    "学术会议",
    "视频",
    "论文与文献",
    "学术圈",
    "文章",
    "问答",
    "招聘",
    "图书",
    "有声书",
    "学者",
    "精品课程",
    "领券中心",
    "分享好课",
    "会员",
    "积分商城",
    "福利中心",
    "好书投票",
    "阅读大赛",
    "幸运抽奖",
  ]);
  await expect(page.getByRole("link", { name: "学术会议" })).toHaveAttribute("href", "/scienceMeetingList");
  // Four columns: the first four entries share a row, the fifth starts the next one.
  const top = await Promise.all([0, 3, 4].map(async (index) => (await entries.nth(index).boundingBox())!.y));
  expect(Math.abs(top[0] - top[1])).toBeLessThan(2);
  expect(top[2]).toBeGreaterThan(top[0] + 20);
});

test("home tabs list the seeded items, and each tab shows its own", async ({ page }) => {
  const [lives, meetings, videos, papers] = await Promise.all(["lives", "meetings", "videos", "papers"].map((name) => seededTitles(page.request, name)));
  await page.goto("/home");
  await waitForHydration(page);
  const tabs = page.locator(".tabs").first();
  const panel = tabs.getByRole("tabpanel");
  const tabList = tabs.getByRole("tab");
  await expect(tabList).toHaveText(["直播", "会议", "视频", "论文"]);
  await expect(tabs.getByRole("tab", { name: "直播" })).toHaveAttribute("aria-selected", "true");

  // The first tab comes rendered from the server, with the seeded live plans.
  await expect(panel.locator(".list-title").first()).toBeVisible();
  expect(await visibleTitles(panel)).toEqual(lives);

  const expected: [string, string[]][] = [
    ["会议", meetings],
    ["视频", videos],
    ["论文", papers],
    ["直播", lives],
  ];
  for (const [label, titles] of expected) {
    await tabs.getByRole("tab", { name: label }).click();
    await expect(tabs.getByRole("tab", { name: label })).toHaveAttribute("aria-selected", "true");
    await expect(panel.locator(".list-title")).toHaveText(titles);
    expect(titles.every((title) => title.length > 0)).toBe(true);
  }
  // Different sources, different items.
  expect(new Set([lives[0], meetings[0], videos[0], papers[0]]).size).toBe(4);

  // The chosen tab is in the address, so coming back from an item finds it still chosen.
  await tabs.getByRole("tab", { name: "视频" }).click();
  await expect(page).toHaveURL(/\/home\?tab=2$/);
  await panel.locator(".list-link").first().click();
  await expect(page).toHaveURL(/\/videoDetail\?/);
  await page.goBack();
  await expect(tabs.getByRole("tab", { name: "视频" })).toHaveAttribute("aria-selected", "true");
  await expect(panel.locator(".list-title")).toHaveText(videos);
});

test("home lists the hot reports below the tabs", async ({ page }) => {
  await page.goto("/home");
  const reports = page.locator(".content-list").filter({ has: page.getByRole("heading", { name: "热门研报" }) });
  await expect(reports).toBeVisible();
  expect((await visibleTitles(reports)).filter(Boolean).length).toBeGreaterThan(0);
});

test("the server-rendered widgets are complete in the HTML and stay in place while the page hydrates", async ({ page }) => {
  // Records every widget node taken out of the document from the very start of the page.
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { __removedWidgets: string[] }).__removedWidgets = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (!(node instanceof Element)) continue;
          const widgets = node.matches("[data-widget]") ? [node] : Array.from(node.querySelectorAll("[data-widget]"));
          for (const widget of widgets) removed.push(widget.getAttribute("data-widget") ?? "?");
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto("/home");
  // The server sends every widget in place: no pending Suspense boundary, no hidden segment for a script to move
  // in later (which would show skeletons first, and forever without JavaScript).
  const html = await response!.text();
  expect(html).not.toContain("<!--$?-->");
  expect(html).not.toMatch(/<div hidden id="S:/);
  expect(html).not.toContain("skeleton");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".skeleton")).toHaveCount(0);
  await expect(page.locator(".banner-slide").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __removedWidgets: string[] }).__removedWidgets)).toEqual([]);
});

test("home screenshot looks like a phone page", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  await expect(page.locator(".banner-slide img").first()).toBeVisible();
  await page.screenshot({ path: "/tmp/e2e-home.png" });
  await page.screenshot({ path: "/tmp/e2e-home-full.png", fullPage: true });
  // Nothing overflows the phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("list thumbnails keep the 16:9 shape of their art, however many lines the text beside them takes", async ({ page }) => {
  const ratios = async (selector: string) => {
    const images = page.locator(selector);
    await expect(images.first()).toBeVisible();
    const boxes = await images.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()).filter((box) => box.width > 0));
    expect(boxes.length).toBeGreaterThan(1);
    return boxes.map((box) => box.width / box.height);
  };
  await page.goto("/home");
  for (const ratio of await ratios(".content-list .list-image")) expect(ratio).toBeCloseTo(16 / 9, 1);
  await page.goto("/liveIndex");
  for (const ratio of await ratios(".live-list .live-cover")) expect(ratio).toBeCloseTo(16 / 9, 1);
});
