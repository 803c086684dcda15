/**
 * The live pages as a visitor on a phone sees them, in Chinese and in English, filled with the seeded plans and
 * series: /liveIndex, /liveList (tabs by state, series filter, kept alive), /specList (kept alive) and /viewLive
 * in each of the five live states.
 */
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { planIn, plans, type Plan } from "./live-helpers";
import { platformData, speak, type Lang } from "./platform-support";

interface Special {
  id: number;
  title: string;
  titleEn: string;
  planCount: number;
  guestNames: string;
  guestNamesEn: string;
  link: string;
}

const titleOf = (item: { title: string; titleEn: string }, lang: Lang) => (lang === "en" ? item.titleEn : item.title);

async function titles(page: Page, scope = page.locator("main")): Promise<string[]> {
  return (await scope.locator(".live-title").allTextContents()).map((text) => text.trim());
}

for (const lang of ["zh", "en"] as const) {
  const text = {
    zh: {
      page: "学术直播",
      living: "正在直播",
      upcoming: "直播预告",
      specials: "直播专题",
      replays: "精彩回放",
      tabs: ["全部", "直播中", "预告", "回放"],
      series: "直播专题",
      views: "次观看",
    },
    en: {
      page: "Academic live",
      living: "Live now",
      upcoming: "Coming up",
      specials: "Live series",
      replays: "Replays",
      tabs: ["All", "Live now", "Coming up", "Replays"],
      series: "Live series",
      views: "views",
    },
  }[lang];

  test.describe(`live pages in ${lang}`, () => {
    test(`/liveIndex shows live, coming, series and replays from the platform (${lang})`, async ({ page, request, baseURL }) => {
      await speak(page.context(), baseURL!, lang);
      const living = await plans(request, { status: "2", pageSize: 5 });
      const upcoming = await plans(request, { status: "0,1", pageSize: 4 });
      const replays = await plans(request, { status: "4", pageSize: 4 });
      const specials = await platformData<{ list: Special[] }>(request, "/special/liveSpecialList", { pageSize: 3 });

      const response = await page.goto("/liveIndex");
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page).toHaveTitle(new RegExp(text.page));
      await expect(page.locator("html")).toHaveAttribute("lang", lang);

      const posters = page.locator(".banner-carousel .banner-slide img");
      await expect(posters).toHaveCount(living.list.length);
      for (const [index, plan] of living.list.entries()) await expect(posters.nth(index)).toHaveAttribute("alt", titleOf(plan, lang));

      const section = (title: string) => page.locator(".live-list").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
      expect(await titles(page, section(text.living))).toEqual(living.list.slice(0, 3).map((plan) => titleOf(plan, lang)));
      expect(await titles(page, section(text.upcoming))).toEqual(upcoming.list.map((plan) => titleOf(plan, lang)));
      expect(await titles(page, section(text.specials))).toEqual(specials.list.map((special) => titleOf(special, lang)));
      expect(await titles(page, section(text.replays))).toEqual(replays.list.map((plan) => titleOf(plan, lang)));
      await expect(section(text.upcoming).locator(".live-state").first()).toHaveText(lang === "en" ? /Upcoming|Not started/ : /即将开始|未开始/);
      await expect(section(text.living).locator(".live-item").first()).toHaveAttribute("data-live-status", "2");
      const withGuests = specials.list.find((special) => special.guestNames)!;
      await expect(
        section(text.specials)
          .locator(".live-item", { has: page.locator(`a[href="${withGuests.link}"]`) })
          .locator(".live-guests"),
      ).toHaveText(lang === "en" ? withGuests.guestNamesEn : withGuests.guestNames);

      // Every card links to its own page, and the posters really load.
      const firstReplay = section(text.replays).locator("a.live-link").first();
      await expect(firstReplay).toHaveAttribute("href", replays.list[0].link);
      const poster = section(text.living).locator(".live-cover img").first();
      await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
      expect(await page.locator(".link-grid a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
        "/liveList",
        "/specList",
        "/liveList?tab=3",
      ]);
    });

    test(`/liveList pages through plans by state (${lang})`, async ({ page, request, baseURL }) => {
      await speak(page.context(), baseURL!, lang);
      const all = await plans(request, { pageSize: 10 });
      const allTwo = await plans(request, { pageSize: 10, pageNum: 2 });
      const living = await plans(request, { status: "2", pageSize: 10 });
      const replays = await plans(request, { status: "4", pageSize: 10 });

      await page.goto("/liveList");
      await waitForHydration(page);
      await expect(page.getByRole("tab")).toHaveText(text.tabs);
      expect(await titles(page)).toEqual(all.list.map((plan) => titleOf(plan, lang)));

      // The next page loads as the end of the list scrolls into view.
      await page.locator(".live-list .list-footer").scrollIntoViewIfNeeded();
      await expect(page.locator("main .live-item")).toHaveCount(20);
      expect((await titles(page)).slice(10)).toEqual(allTwo.list.map((plan) => titleOf(plan, lang)));

      // Each tab lists its own state from its first page (further pages load as its end shows).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole("tab", { name: text.tabs[1] }).click();
      await expect(page).toHaveURL(/[?&]tab=1/);
      await expect(page.locator("main .live-item").first()).toHaveAttribute("data-live-id", String(living.list[0].id));
      expect((await titles(page)).slice(0, 10)).toEqual(living.list.map((plan) => titleOf(plan, lang)));
      expect(new Set(await page.locator("main .live-item").evaluateAll((items) => items.map((item) => item.getAttribute("data-live-status"))))).toEqual(
        new Set(["2"]),
      );

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole("tab", { name: text.tabs[3] }).click();
      await expect(page).toHaveURL(/[?&]tab=3/);
      await expect(page.locator("main .live-item").first()).toHaveAttribute("data-live-id", String(replays.list[0].id));
      expect((await titles(page)).slice(0, 10)).toEqual(replays.list.map((plan) => titleOf(plan, lang)));
      expect(new Set(await page.locator("main .live-item").evaluateAll((items) => items.map((item) => item.getAttribute("data-live-status"))))).toEqual(
        new Set(["4"]),
      );
    });

    test(`/specList lists the series and a series opens its own lives and guests (${lang})`, async ({ page, request, baseURL }) => {
      await speak(page.context(), baseURL!, lang);
      const specials = await platformData<{ list: Special[]; total: number }>(request, "/special/liveSpecialList", { pageSize: 10 });
      const ours = specials.list.find((special) => special.link.startsWith("/liveList?specialId=")) as Special;
      expect(ours, "a live series on the first page of /specList").toBeDefined();
      const members = await plans(request, { specialId: ours.id, pageSize: 10 });
      const guests = await platformData<{ list: { authorName: string; authorNameEn: string }[] }>(request, "/guest/list", { specialId: ours.id });

      await page.goto("/specList");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: text.series, exact: true })).toBeVisible();
      expect(await titles(page)).toEqual(specials.list.map((special) => titleOf(special, lang)));
      const card = page.locator(".live-item", { has: page.locator(`a[href="${ours.link}"]`) });
      await expect(card.locator(".live-count")).toHaveText(lang === "en" ? `${ours.planCount} lives` : `${ours.planCount}场直播`);

      await card.locator("a").click();
      await expect(page).toHaveURL(new RegExp(`/liveList\\?specialId=${ours.id}$`));
      await expect(page.locator(".hero h1")).toHaveText(titleOf(ours, lang));
      await expect(page.locator(".guest-list .guest-name")).toHaveText(guests.list.map((guest) => (lang === "en" ? guest.authorNameEn : guest.authorName)));
      expect(await titles(page)).toEqual(members.list.map((plan) => titleOf(plan, lang)));
      expect(members.total).toBe(ours.planCount);
    });
  });
}

test("/liveList is kept alive: coming back restores the loaded pages and the scroll position", async ({ page }) => {
  await page.goto("/liveList");
  await waitForHydration(page);
  await page.locator(".live-list .list-footer").scrollIntoViewIfNeeded();
  await expect(page.locator("main .live-item")).toHaveCount(20);
  const target = page.locator("main .live-item").nth(15);
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  const title = (await target.locator(".live-title").textContent())!.trim();
  const loaded = await titles(page);
  await target.locator("a").click();
  await expect(page).toHaveURL(/\/viewLive\?id=\d+$/);
  await expect(page.locator(".live-info h1")).toHaveText(title);
  await page.goBack();
  await expect(page).toHaveURL(/\/liveList$/);
  // Both pages are back at once, at the same place; being near the end, the list may go on to load the next.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  const restored = await titles(page);
  expect(restored.length).toBeGreaterThanOrEqual(20);
  expect(restored.slice(0, 20)).toEqual(loaded.slice(0, 20));
  await expect(page.locator("main .live-item").nth(15).locator(".live-title")).toHaveText(title);
});

test("/specList is kept alive: the series loaded so far and the place are back after opening one", async ({ page, request }) => {
  const { total } = await platformData<{ total: number }>(request, "/special/liveSpecialList", { pageSize: 10 });
  expect(total).toBeGreaterThan(10);
  await page.goto("/specList");
  await waitForHydration(page);
  await page.locator(".live-list .list-footer").scrollIntoViewIfNeeded();
  await expect(page.locator("main .live-item")).toHaveCount(Math.min(total, 20));
  const loaded = await titles(page);
  const target = page.locator("main .live-item", { has: page.locator('a[href^="/liveList?specialId="]') }).last();
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await target.locator("a").click();
  await expect(page).toHaveURL(/\/liveList\?specialId=\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/specList$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  const restored = await titles(page);
  expect(restored.length).toBeGreaterThanOrEqual(Math.min(total, 20));
  expect(restored.slice(0, 20)).toEqual(loaded.slice(0, 20));
});

test.describe("/viewLive in each live state", () => {
  const now = () => Date.now();

  async function open(page: Page, plan: Plan) {
    const response = await page.goto(`/viewLive?id=${plan.id}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator(".live-player")).toHaveAttribute("data-live-status", String(plan.status));
    await expect(page.locator(".live-info h1")).toHaveText(plan.title);
  }

  async function countdownMinutes(page: Page): Promise<number> {
    const [days, hours, minutes] = await Promise.all(
      ["days", "hours", "minutes"].map(async (unit) => Number(await page.locator(`.live-countdown [data-unit="${unit}"]`).textContent())),
    );
    return days * 1440 + hours * 60 + minutes;
  }

  test("not started: poster and a countdown to the start", async ({ page, request }) => {
    const plan = await planIn(request, 0);
    const { startTime } = await platformData<{ startTime: string }>(request, "/live/playInfo", { id: plan.id });
    await open(page, plan);
    await expect(page.locator(".live-info .badge")).toHaveText("未开始");
    await expect(page.locator(".live-overlay")).toContainText("距开播还有");
    const expected = Math.floor((Date.parse(startTime) - now()) / 60_000);
    expect(Math.abs((await countdownMinutes(page)) - expected)).toBeLessThanOrEqual(1);
    expect(expected).toBeGreaterThan(24 * 60);
    await expect(page.locator(".live-screen video")).toHaveCount(0);
    await expect(page.locator(".live-poster")).toBeVisible();
  });

  test("upcoming: a countdown of hours and minutes", async ({ page, request }) => {
    const plan = await planIn(request, 1);
    const { startTime } = await platformData<{ startTime: string }>(request, "/live/playInfo", { id: plan.id });
    await open(page, plan);
    await expect(page.locator(".live-info .badge")).toHaveText("即将开始");
    const expected = Math.floor((Date.parse(startTime) - now()) / 60_000);
    expect(Math.abs((await countdownMinutes(page)) - expected)).toBeLessThanOrEqual(1);
    await expect(page.locator(".live-screen video")).toHaveCount(0);
  });

  test("living: the stream plays by itself, muted, with the LIVE flag", async ({ page, request }) => {
    const plan = await planIn(request, 2);
    await open(page, plan);
    await expect(page.locator(".live-flag")).toHaveText("LIVE");
    const video = page.locator("video.live-video");
    await expect(video).toHaveAttribute("src", "/media/clip.mp4");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(await video.evaluate((element: HTMLVideoElement) => ({ muted: element.muted, loop: element.loop, paused: element.paused }))).toEqual({
      muted: true,
      loop: true,
      paused: false,
    });
    await expect(page.locator(".live-problem")).toHaveCount(0);
  });

  test("over: no player, and the replay is announced", async ({ page, request }) => {
    const plan = await planIn(request, 3);
    await open(page, plan);
    await expect(page.locator(".live-overlay")).toContainText("直播已结束");
    await expect(page.locator(".live-overlay")).toContainText("回放正在整理中");
    await expect(page.locator(".live-screen video")).toHaveCount(0);
  });

  test("replay: the recording plays from the start when asked, with its controls", async ({ page, request }) => {
    const plan = await planIn(request, 4);
    await open(page, plan);
    await expect(page.locator(".live-flag")).toHaveText("回放");
    const video = page.locator("video.live-video");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => ({ paused: element.paused, loop: element.loop, controls: element.controls }))).toEqual({
      paused: true,
      loop: false,
      controls: true,
    });
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(1);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
  });

  test("guests and the introduction come from the plan, in English too", async ({ page, request, baseURL }) => {
    const plan = await planIn(request, 4, 1);
    const guests = await platformData<{ list: { authorNameEn: string; orgNameEn: string; role: string }[] }>(request, "/guest/list", { planId: plan.id });
    const detail = await platformData<{ summaryEn: string }>(request, "/plan/detail", { id: plan.id });
    await speak(page.context(), baseURL!, "en");
    await page.goto(`/viewLive?id=${plan.id}`);
    await waitForHydration(page);
    await expect(page.getByRole("tab")).toHaveText(["About", "Guests", "Discussion"]);
    await expect(page.locator(".rich-text")).toHaveText(detail.summaryEn);
    await page.getByRole("tab", { name: "Guests" }).click();
    await expect(page.locator(".guest-name")).toHaveText(guests.list.map((guest) => new RegExp(`^${guest.authorNameEn}`)));
    await expect(page.locator(".guest-org")).toHaveText(guests.list.map((guest) => guest.orgNameEn));
    await expect(page.locator(".guest-role").first()).toHaveText("Speaker");
    await expect(page.locator(".live-info h1")).toHaveText(plan.titleEn);
    await expect(page.locator(".live-info .badge")).toHaveText("Replay");
  });

  test("a plan that does not exist, or no id at all, is not found", async ({ page }) => {
    expect((await page.goto("/viewLive"))?.status()).toBe(404);
    const missing = await page.goto("/viewLive?id=99999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.locator(".live-chat")).toHaveCount(0);
  });
});
