/**
 * Tracking end to end (issue 29, ADR 072): a reader in the messaging app's browser on a phone (390×844) reads /2023ames
 * in English and taps its hero. Nothing is sent while they read; when they leave, the page's batch is handed to the
 * browser's beacon queue (sendBeacon), so the next page never waits for it, and the console's analytics for the page
 * count the view under English and the messaging app, and the tap under the hero widget — in its API and on its screen.
 */
import { chromium, type Page } from "@playwright/test";
import { OPS_LIBRARY_API, TRACKING_BATCH_URL, type AnalyticsReport } from "@contracts/ops-library";
import { test, expect, watchConsole } from "./fixtures";
import { signIn } from "./ops-support";

const PAGE = "/2023ames";
const TRACKING_PATH = TRACKING_BATCH_URL.split("?")[0];
const WECHAT_ON_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47";
const DESK = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 };

/** Beijing's day (YYYY-MM-DD) `offset` days from today's: the range asked covers a run that crosses midnight. */
const beijingDay = (offset: number) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** What the console's API counts for the page today: views in English, views in the messaging app, clicks on `widget`. */
async function counted(operator: Page, widget: string) {
  const answer = await operator.request.get(OPS_LIBRARY_API.analytics, { params: { path: PAGE, from: beijingDay(-1), to: beijingDay(1) } });
  expect(answer.status()).toBe(200);
  const report = (await answer.json()) as AnalyticsReport;
  return {
    english: report.byLang.find((row) => row.lang === "en")?.views ?? 0,
    messaging: report.byAppType.find((row) => row.appType === "messaging")?.views ?? 0,
    clicks: report.widgets.find((row) => row.widget === widget)?.clicks ?? 0,
  };
}

test.use(DESK);

test("a phone's page view and tap leave with sendBeacon on page hide, without holding the page, and the console counts them", async ({ page, baseURL }) => {
  await signIn(page, "publisher", "/ops/analytics");

  // A browser of its own that is the messaging app's everywhere: a page's User-Agent override does not reach a beacon
  // sent as the page goes away, but the browser's own does.
  const launch = test.info().project.use.launchOptions ?? {};
  const messagingApp = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--user-agent=${WECHAT_ON_ANDROID}`] });
  const phone = await messagingApp.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: "block" });
  await phone.addCookies([{ name: "lang", value: "en", url: baseURL ?? "" }]);
  // What the page hands to sendBeacon, kept in the tab's sessionStorage so the next page of the site can read it.
  await phone.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const queued = send(url, data);
      const handed = JSON.parse(sessionStorage.getItem("handedToBeacon") ?? "[]") as unknown[];
      sessionStorage.setItem("handedToBeacon", JSON.stringify([...handed, { url: String(url), body: String(data), queued }]));
      return queued;
    };
  });
  const reader = await phone.newPage();
  const guard = watchConsole(reader);
  const sentWhileReading: string[] = [];
  reader.on("request", (request) => {
    if (request.url().includes(TRACKING_PATH)) sentWhileReading.push(request.url());
  });

  await reader.goto(PAGE);
  const kicker = reader.locator(".event-hero-kicker");
  await expect(kicker).toBeVisible();
  const widget = await kicker.evaluate((element) => {
    const box = element.closest("[data-widget][data-node]");
    return `${box?.getAttribute("data-widget")}@${box?.getAttribute("data-node")}`;
  });
  const before = await counted(page, widget);
  // The sender is its own chunk, started after hydration; the view is queued once it runs.
  await expect.poll(() => reader.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("tracker")))).toBe(true);
  await kicker.click();

  // Leaving: the batch is handed to the browser's beacon queue; the next page does not wait for it.
  await reader.goto("/");
  expect(sentWhileReading).toEqual([]);
  const handed = (await reader.evaluate(() => JSON.parse(sessionStorage.getItem("handedToBeacon") ?? "[]"))) as {
    url: string;
    body: string;
    queued: boolean;
  }[];
  expect(handed).toHaveLength(1);
  expect(handed[0]).toMatchObject({ url: TRACKING_BATCH_URL, queued: true });
  const batch = JSON.parse(handed[0].body) as { lang: string; events: { eventType: string; path: string; dataCode: string }[] };
  expect(batch.lang).toBe("en");
  expect(batch.events).toEqual(
    expect.arrayContaining([
      { eventType: "pageView", path: PAGE, dataCode: "" },
      { eventType: "click", path: PAGE, dataCode: widget },
    ]),
  );

  // Counted in the background once the batch arrived.
  await expect.poll(() => counted(page, widget)).toEqual({ english: before.english + 1, messaging: before.messaging + 1, clicks: before.clicks + 1 });
  expect(guard.problems()).toEqual([]);
  await messagingApp.close();

  // The operator's screen shows the same counts: the tables behind the charts, read as a screen reader would.
  await page.reload();
  await page.getByRole("combobox", { name: "页面" }).selectOption(PAGE);
  const table = (caption: string) => page.locator("table").filter({ has: page.locator("caption", { hasText: caption }) });
  await expect(table("按语言").getByRole("row", { name: /英文/ }).getByRole("cell").first()).toHaveText(String(before.english + 1));
  await expect(table("按访问端").getByRole("row", { name: /微信/ }).getByRole("cell").first()).toHaveText(String(before.messaging + 1));
  await expect(table("各组件点击量").getByRole("row", { name: widget }).getByRole("cell").first()).toHaveText(String(before.clicks + 1));
});
