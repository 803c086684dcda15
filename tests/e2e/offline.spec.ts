/**
 * The installable site and offline reading (ADR 046) in Chromium: the manifests and icons, the worker registering only
 * after hydration, a visited conference (programme, guests, venue map, pictures) opening with the network cut and
 * saying so in zh and en, and a signed-in person's pages gone from the device after logout.
 *
 * Offline, the pages cannot reach the API, the dwell socket or uncached files, so the browser logs failed loads: these
 * tests watch for page errors and hydration problems themselves rather than through the suite's console guard.
 */
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { CACHE_NAMES, resourcesOfPage } from "~/offline/cache-rules";
import { waitForHydration } from "./fixtures";
import { holdSession, logInByCode, speak } from "./platform-support";

// The rest of the suite blocks workers (playwright.config.ts); here the worker is what is tested.
test.use({ serviceWorkers: "allow" });

const HYDRATION_PROBLEM = /hydrat|did not match|Minified React error #(418|419|422|423|425)\b/i;

/** Page errors and hydration warnings on a page; failed loads while offline are expected and not counted. */
function watchPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${error.name}: ${error.message}`));
  page.on("console", (message) => {
    if (HYDRATION_PROBLEM.test(message.text())) problems.push(message.text());
  });
  return problems;
}

async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
}

/** Whether the worker keeps a copy of this page (or file) in the named cache, or in any cache when none is named. */
function keptCopy(page: Page, path: string, cacheName?: string): Promise<boolean> {
  return page.evaluate(
    async ({ path, cacheName }) => {
      const url = new URL(path, location.origin).href;
      const options = { ignoreVary: true };
      const match = cacheName ? await caches.open(cacheName).then((cache) => cache.match(url, options)) : await caches.match(url, options);
      return match !== undefined;
    },
    { path, cacheName },
  );
}

async function expectKept(page: Page, path: string, cacheName?: string): Promise<void> {
  await expect.poll(() => keptCopy(page, path, cacheName), { message: `a kept copy of ${path}`, timeout: 15_000 }).toBe(true);
}

/** Reads a PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

async function manifestOf(request: APIRequestContext, lang: "zh" | "en"): Promise<Manifest> {
  const response = await request.get(`/manifest.${lang}.webmanifest`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  return (await response.json()) as Manifest;
}

async function expectOfflineMark(page: Page, texts: { mark: string; updated: string }): Promise<void> {
  const mark = page.getByTestId("offline-mark");
  await expect(mark).toBeVisible();
  await expect(mark).toContainText(texts.mark);
  await expect(mark).toContainText(texts.updated);
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe("installable site", () => {
  test("each language's manifest names the site, starts at /home, stands alone and lists icons that exist at their sizes", async ({ request, page }) => {
    for (const lang of ["zh", "en"] as const) {
      const manifest = await manifestOf(request, lang);
      expect(manifest.name).toBe(lang === "zh" ? "经管学术圈" : "EconScholar");
      expect(manifest.short_name.length).toBeGreaterThan(0);
      expect(manifest).toMatchObject({ start_url: "/home", scope: "/", display: "standalone", theme_color: "#0f4c81" });
      for (const size of [192, 512]) {
        for (const purpose of ["any", "maskable"]) {
          const icon = manifest.icons.find((entry) => entry.sizes === `${size}x${size}` && entry.purpose === purpose);
          expect(icon, `${lang}: a ${purpose} icon of ${size}px`).toBeDefined();
          const image = await request.get(icon!.src);
          expect(image.status()).toBe(200);
          expect(image.headers()["content-type"]).toBe("image/png");
          expect(pngSize(await image.body())).toEqual({ width: size, height: size });
        }
      }
    }
    // Each page links the manifest of its language, and the theme colour matches it.
    await page.goto("/home");
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.zh.webmanifest");
    await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute("content", "#0f4c81");
    await page.goto("/home?lang=en");
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.en.webmanifest");
  });

  test("the worker registers only after hydration, and no first-load request names it", async ({ page }) => {
    await page.addInitScript(() => {
      const marks = { hydratedAt: 0, registeredAt: 0 };
      (window as unknown as { offlineMarks: typeof marks }).offlineMarks = marks;
      new MutationObserver(() => {
        if (!marks.hydratedAt && document.documentElement.hasAttribute("data-hydrated")) marks.hydratedAt = performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (...args: Parameters<typeof register>) => {
        marks.registeredAt ||= performance.now();
        return register(...args);
      };
    });
    const html = await (await page.request.get("/2023ames")).text();
    expect(html).not.toContain("sw.js");
    await page.goto("/2023ames");
    await waitForHydration(page);
    await waitForWorker(page);
    const marks = await page.evaluate(() => (window as unknown as { offlineMarks: { hydratedAt: number; registeredAt: number } }).offlineMarks);
    expect(marks.hydratedAt).toBeGreaterThan(0);
    expect(marks.registeredAt).toBeGreaterThan(marks.hydratedAt);
    // The page's first load fetched no worker code: its scripts are the ones the HTML names.
    const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    expect(scripts.filter((url) => url.includes("workbox") || url.endsWith("/sw.js"))).toEqual([]);
  });
});

test.describe("a conference offline at the venue", () => {
  test("zh: the programme, guests and venue map of a visited conference, and a meeting's programme reached by a link, open with the network cut", async ({
    page,
    context,
  }) => {
    // Five pages, online then offline, each waiting for hydration.
    test.setTimeout(90_000);
    const problems = watchPageErrors(page);
    await page.goto("/abferac");
    await waitForHydration(page);
    await waitForWorker(page);
    // Rendered "private, no-cache" (its sign-up state is never shared), so kept in the device's personal cache.
    await expectKept(page, "/abferac", CACHE_NAMES.personal);
    await expectKept(page, "/logo.svg");

    // A meeting's programme reached through the list, by a client navigation (the worker keeps its document too).
    await page.goto("/scienceMeetingList");
    await waitForHydration(page);
    await expectKept(page, "/scienceMeetingList", CACHE_NAMES.pages);
    const meetingLink = page.locator('a[href^="/scienceMeetingDetail?id="]').first();
    const meetingPath = (await meetingLink.getAttribute("href"))!;
    await meetingLink.click();
    await expect(page).toHaveURL(meetingPath);
    await expect(page.locator('[data-widget="agenda"]')).toBeVisible();
    await expectKept(page, meetingPath);

    await goOffline(context, page);
    await page.goto("/abferac");
    await waitForHydration(page);
    for (const widget of ["agenda", "eventGuests", "seatMap"]) await expect(page.locator(`[data-widget="${widget}"]`)).toBeVisible();
    await expectOfflineMark(page, { mark: "离线浏览", updated: "最后更新" });
    await expect(page.getByTestId("offline-mark")).toContainText(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（北京时间）/);
    // The header's logo, a picture, comes from the kept copy too.
    expect(
      await page
        .locator("header img")
        .first()
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);

    // Offline, a link to a page whose data cannot be fetched loads its kept document instead.
    await page.goto("/scienceMeetingList");
    await waitForHydration(page);
    await page.locator(`a[href="${meetingPath}"]`).first().click();
    await expect(page).toHaveURL(meetingPath);
    await waitForHydration(page);
    await expect(page.locator('[data-widget="agenda"]')).toBeVisible();
    await expect(page.locator('[data-widget="eventGuests"]')).toBeVisible();
    await expectOfflineMark(page, { mark: "离线浏览", updated: "最后更新" });

    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('[data-widget="agenda"]')).toBeVisible();
    // The copy stays marked as one until the page is loaded from the network again.
    await context.setOffline(false);
    await expect(page.getByTestId("offline-mark")).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("offline-mark")).toBeHidden();
    expect(problems).toEqual([]);
  });

  test("en: a visited conference reloads offline with its programme and the English offline mark", async ({ page, context, baseURL }) => {
    const problems = watchPageErrors(page);
    await speak(context, baseURL!, "en");
    await page.goto("/2023ames");
    await waitForHydration(page);
    await waitForWorker(page);
    await expectKept(page, "/2023ames");

    await goOffline(context, page);
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('[data-widget="agenda"]')).toBeVisible();
    await expect(page.locator('[data-widget="eventGuests"]')).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectOfflineMark(page, { mark: "Offline", updated: "last updated" });
    await expect(page.getByTestId("offline-mark")).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Beijing time\)/);
    expect(problems).toEqual([]);
  });
});

test.describe("nothing personal stays on a shared device", () => {
  test("a signed-in page is kept only in the personal cache, and after logout it is gone and not served offline", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const session = await logInByCode(request);
    await holdSession(context, baseURL!, session);
    await page.goto("/me");
    await waitForHydration(page);
    await waitForWorker(page);
    await expectKept(page, "/me", CACHE_NAMES.personal);
    // A signed-in render never reaches the shared cache, and the worker keeps no API answer.
    expect(await keptCopy(page, "/me", CACHE_NAMES.pages)).toBe(false);
    const keptUrls = await page.evaluate(async () => {
      const names = await caches.keys();
      const lists = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
      return lists.flat();
    });
    expect(keptUrls.filter((url) => new URL(url).pathname.startsWith("/api/") && !new URL(url).pathname.startsWith("/api/file/download"))).toEqual([]);

    await page.goto("/setting");
    await waitForHydration(page);
    await page.locator(".logout-button").click();
    await expect(page).toHaveURL(/\/home$/);
    await waitForHydration(page);
    await expect.poll(() => keptCopy(page, "/me", CACHE_NAMES.personal), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => keptCopy(page, "/me")).toBe(false);

    await goOffline(context, page);
    const offlineVisit = await page.goto("/me").then(
      () => "shown",
      () => "not available",
    );
    expect(offlineVisit).toBe("not available");
  });

  test("the kit's keep-offline message keeps a page in the personal cache, and forget-personal empties it", async ({ page }) => {
    await page.goto("/abfer");
    await waitForHydration(page);
    await waitForWorker(page);
    await page.evaluate(() =>
      navigator.serviceWorker.controller?.postMessage({ type: "keep-offline", urls: ["/2022acde", "https://elsewhere.example/x", "/api/web/isLogin"] }),
    );
    await expectKept(page, "/2022acde", CACHE_NAMES.personal);
    expect(await keptCopy(page, "/api/web/isLogin")).toBe(false);
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: "forget-personal" }));
    // Emptied, the other caches kept. Workbox's expiration may open the personal cache again afterwards, empty.
    await expect
      .poll(() =>
        page.evaluate(async (personal) => {
          const names = await caches.keys();
          const left = names.includes(personal) ? (await (await caches.open(personal)).keys()).length : 0;
          return { otherCaches: names.some((name) => name !== personal), left };
        }, CACHE_NAMES.personal),
      )
      .toEqual({ otherCaches: true, left: 0 });
  });

  test("forgetting while a page is still being kept leaves nothing of it, and a page kept afterwards stays", async ({ page }) => {
    await page.goto("/abfer");
    await waitForHydration(page);
    await waitForWorker(page);
    // A logout on a shared device arriving while the keep it follows is still fetching the page and its pictures.
    await page.evaluate(() => {
      const worker = navigator.serviceWorker.controller;
      worker?.postMessage({ type: "keep-offline", urls: ["/2022acde"] });
      worker?.postMessage({ type: "forget-personal" });
      worker?.postMessage({ type: "keep-offline", urls: ["/about"] });
    });
    await expectKept(page, "/about", CACHE_NAMES.personal);
    const aboutUrl = new URL("/about", page.url()).href;
    const ofAbout = new Set([aboutUrl, ...resourcesOfPage(await (await page.request.get(aboutUrl)).text(), aboutUrl)]);
    const personal = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url), CACHE_NAMES.personal);
    expect(personal.filter((url) => !ofAbout.has(url))).toEqual([]);
  });
});
