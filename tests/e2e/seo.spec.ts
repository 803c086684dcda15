/**
 * What search engines and link previews read from a page's head (ADR 031), and the language URL its alternates
 * name: `?lang=en` opens the English page, and the pages after it stay English.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { test, expect, waitForHydration } from "./fixtures";

const videoList = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "page-configs", "videoList.json"), "utf8")) as {
  description: { zh: string; en: string };
};

test("a list page carries its description, canonical URL, language alternates and share card", async ({ page, baseURL }) => {
  await page.goto("/videoList?utm_source=newsletter");
  // PUBLIC_ORIGIN of the test server is its default, http://localhost:<port>.
  const origin = `http://localhost:${new URL(baseURL!).port}`;
  const head = page.locator("head");
  await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", videoList.description.zh);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/videoList`);
  await expect(head.locator('link[rel="alternate"][hreflang="zh"]')).toHaveAttribute("href", `${origin}/videoList`);
  await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${origin}/videoList?lang=en`);
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${origin}/videoList`);
  await expect(head.locator('meta[property="og:description"]')).toHaveAttribute("content", videoList.description.zh);
  // A list is about no one picture: shared, it shows the site's card.
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute("content", `${origin}/share.png`);
  expect((await page.request.get("/share.png")).headers()["content-type"]).toBe("image/png");
  // The first thumbnail leads (preloaded, fetched first), the rest keep their box before they arrive.
  const first = page.locator(".list-image").first();
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await expect(first).toHaveAttribute("width", "640");
  await expect(head.locator(`link[rel="preload"][as="image"][href="${await first.getAttribute("src")}"]`)).toHaveCount(1);
});

test("?lang=en opens a detail page in English, named by its item, and the next page stays English", async ({ page, baseURL }) => {
  await page.goto("/videoList");
  const link = page.locator('a[href^="/videoDetail?id="]').first();
  const href = (await link.getAttribute("href"))!;
  const origin = `http://localhost:${new URL(baseURL!).port}`;

  await page.goto(`${href}&lang=en`);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const title = (await page.locator(".detail-title").textContent())!.trim();
  await expect(page).toHaveTitle(`${title} · EconScholar`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${origin}${href}&lang=en`);
  await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", title);
  await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
  // Crawlers draw no SVG: the poster is shared as the 1200×630 JPEG made from it, in the page's language.
  const shared = (await page.locator('head meta[property="og:image"]').getAttribute("content"))!;
  expect(shared).toMatch(new RegExp(`^${origin}/media/share\\.jpg\\?src=%2Fmedia%2Fposter%2F\\d+\\.svg&lang=en$`));
  const picture = await page.request.get(shared.replace(origin, ""));
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");
  expect(await sharp(await picture.body()).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");

  await page.goto("/videoList");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${origin}/videoList?lang=en`);
});

test("a page that is not there is kept out of the index", async ({ page }) => {
  await page.goto("/no-such-page-here");
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
});
