/**
 * Every conference and live special route, in Chinese and in English, as a visitor on a phone sees it: the page of
 * its config with the platform's real data (titles, guests, programme), nothing failed or left unresolved, and the
 * language all the way through. Console errors fail any test (fixtures.ts).
 */
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { CJK, PLACEHOLDER } from "./content-support";
import { platformData, speak, type Lang } from "./platform-support";

/** The campaign pages and the fixed ids of the specials their configs name. */
const SPECIALS: Record<string, number> = {
  "/liveSpec": 900001,
  "/liveSpec2": 900002,
  "/liveSpec3": 900003,
  "/liveSpec4": 900004,
  "/liveSpec5": 900005,
  "/liveSpec6": 900006,
  "/abfer": 900007,
  "/abferac": 900008,
  "/2022acde": 900009,
  "/2023CFMEF": 900010,
  "/2023ames": 900011,
};

/** Opens a page, checks what every event page must be, and returns its root. */
async function open(page: Page, path: string, configPath: string, lang: Lang) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  const root = page.locator(`[data-page="${configPath}"]`);
  await expect(root).toBeVisible();
  await expect(root.locator("[data-widget-failed]")).toHaveCount(0);
  await expect(root.locator(".skeleton")).toHaveCount(0);
  const text = await root.innerText();
  expect(text, `${path} (${lang}) shows unresolved text`).not.toMatch(PLACEHOLDER);
  if (lang === "en") expect(text.match(new RegExp(CJK.source, "g")) ?? [], `${path} in English shows Chinese`).toEqual([]);
  else expect(text).toMatch(CJK);
  return root;
}

for (const lang of ["zh", "en"] as const) {
  test.describe(`in ${lang}`, () => {
    test.beforeEach(async ({ context, baseURL }) => speak(context, baseURL!, lang));

    for (const [path, id] of Object.entries(SPECIALS)) {
      test(`${path} shows its special, guests and sign-up`, async ({ page }) => {
        const special = await platformData(page.request, "/special/detail", { id });
        const guests = (await platformData(page.request, "/guest/list", { specialId: id })).list as { authorName: string; authorNameEn: string }[];
        expect(guests.length).toBeGreaterThan(0);
        const root = await open(page, path, path, lang);
        await expect(root.locator(".event-hero h1")).toHaveText(lang === "en" ? special.titleEn : special.title);
        await expect(page).toHaveTitle(lang === "en" ? /^[^\u4e00-\u9fff]+$/ : CJK);
        await expect(root.locator(".event-guest-name")).toHaveText(guests.map((guest) => (lang === "en" ? guest.authorNameEn : guest.authorName)));
        await expect(root.locator("[data-sign-up]")).toHaveCount(1);
        await expect(root.locator(".sponsor-tile").first()).toBeVisible();
      });
    }

    test("/scienceMeetingList lists the upcoming and the past conferences; /scienceMeetingIndex is the same page", async ({ page }) => {
      const upcoming = (await platformData(page.request, "/meeting/list", { status: "0", pageSize: 10 })).list as { title: string; titleEn: string }[];
      const past = (await platformData(page.request, "/meeting/list", { status: "3", pageSize: 10 })).list as { title: string; titleEn: string }[];
      const name = (item: { title: string; titleEn: string }) => (lang === "en" ? item.titleEn : item.title);

      for (const path of ["/scienceMeetingList", "/scienceMeetingIndex"]) {
        const root = await open(page, path, "/scienceMeetingList", lang);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(root.locator(".event-hero h1")).toHaveText(lang === "en" ? "Conferences" : "学术会议");
        // The tabs' lists; the recommended conferences above them are their own list (ADR 082).
        const listed = root.getByRole("tabpanel").locator(".list-title");
        await expect(listed).toHaveText(upcoming.map(name));
        await root.getByRole("tab", { name: lang === "en" ? "Past" : "往届回顾" }).click();
        await expect(page).toHaveURL(/tab=1/);
        await expect(listed).toHaveText(past.map(name));
        await expect(root.locator(".badge").first()).toHaveText(lang === "en" ? "Ended" : "已结束");
      }
    });

    test("/scienceMeetingDetail shows a conference: dates, city, countdown, programme, guests and sign-up", async ({ page }) => {
      const meetings = (await platformData(page.request, "/meeting/list", { status: "0", pageSize: 30 })).list as { id: number; link: string }[];
      const states = await Promise.all(meetings.map((meeting) => platformData(page.request, "/signData/isCanAdd", { specialId: meeting.id })));
      const meeting = meetings[states.findIndex((state) => state.reason === "open")];
      expect(meeting, "an upcoming conference open for sign-up").toBeTruthy();
      const detail = await platformData(page.request, "/special/detail", { id: meeting.id });
      const agenda = (await platformData(page.request, "/special/agenda", { specialId: meeting.id })).list as { title: string; titleEn: string }[];

      const root = await open(page, meeting.link, "/scienceMeetingDetail", lang);
      await expect(root.locator(".event-hero h1")).toHaveText(lang === "en" ? detail.titleEn : detail.title);
      await expect(root.locator('[data-fact="place"] dd')).toHaveText(lang === "en" ? detail.cityEn : detail.city);
      await expect(root.locator('[data-fact="calendar"] dd')).toHaveText(/\d/);
      await expect(root.locator('[role="timer"] [data-unit="days"]')).toHaveText(/^\d+$/);
      await expect(root.locator(".agenda-title")).toHaveText(agenda.map((slot) => (lang === "en" ? slot.titleEn : slot.title)));
      await expect(root.locator("[data-sign-up]")).toHaveAttribute("data-sign-up", "open");
      await expect(root.locator(".event-guest").first()).toBeVisible();
    });
  });
}

test("/scienceMeetingDetail without an id is the not-found page", async ({ page }) => {
  const response = await page.goto("/scienceMeetingDetail");
  expect(response?.status()).toBe(404);
});

test("a past conference kept online shows its replay; a living series shows its player", async ({ page }) => {
  const past = await platformData(page.request, "/special/detail", { id: SPECIALS["/2022acde"] });
  expect(past.status).toBe(4);
  await page.goto("/2022acde");
  await waitForHydration(page);
  await expect(page.locator(".event-hero-badge")).toHaveText("可看回放");
  await expect(page.getByRole("link", { name: "观看回放" })).toHaveAttribute("href", past.liveLink);
  await expect(page.locator("[data-sign-up]")).toHaveAttribute("data-sign-up", "closed");

  await page.goto("/liveSpec2");
  await waitForHydration(page);
  await expect(page.locator(".event-hero-badge.living")).toHaveText("直播中");
  await expect(page.locator("[data-live-status]")).toHaveAttribute("data-live-status", "2");
});
