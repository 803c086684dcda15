/**
 * Add to calendar, remind me, share as a picture and the private calendar feed (ADR 045) on a 390×844 phone, in
 * Chinese and in English: the buttons are 40 px targets whose links answer a calendar file or a poster, the poster opens
 * in an overlay with a download, a reminder puts the live in the person's feed, and a reset feed address stops working.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { planIn } from "./live-helpers";
import { holdSession, logInByCode, platformData, speak } from "./platform-support";

test.use({ viewport: { width: 390, height: 844 } });

async function expectTapTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box, "the target is on the page").not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(40);
  expect(box!.width).toBeGreaterThanOrEqual(40);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

for (const lang of ["zh", "en"] as const) {
  const text = {
    zh: {
      add: "添加到日历",
      remind: "开播提醒",
      reminding: "已设提醒",
      share: "分享海报",
      download: "下载图片",
      close: "关闭",
      create: "生成订阅地址",
      reset: "重置地址",
    },
    en: {
      add: "Add to calendar",
      remind: "Remind me",
      reminding: "Reminder on",
      share: "Share as picture",
      download: "Download picture",
      close: "Close",
      create: "Create my feed address",
      reset: "Reset the address",
    },
  }[lang];
  const suffix = lang === "en" ? "?lang=en" : "";

  test.describe(`calendar and share poster in ${lang}`, () => {
    test(`a live offers its .ics and its poster, which opens in an overlay (${lang})`, async ({ page, request, baseURL }) => {
      await speak(page.context(), baseURL!, lang);
      const plan = await planIn(request, 0);
      await page.goto(`/viewLive?id=${plan.id}`);
      await waitForHydration(page);
      const actions = page.locator(".share-actions");
      const calendar = actions.getByRole("link", { name: text.add });
      await expect(calendar).toHaveAttribute("href", `/calendar/live/${plan.id}.ics${suffix}`);
      await expectTapTarget(calendar);
      await expectTapTarget(actions.getByRole("button", { name: text.remind }));
      const file = await request.get(`/calendar/live/${plan.id}.ics${suffix}`);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const ics = await file.text();
      expect(ics).toContain("BEGIN:VALARM");
      expect(ics).toContain(`SUMMARY:${lang === "en" ? plan.titleEn : plan.title}`.slice(0, 60));
      await screenshot(page, `live-actions-${lang}`);

      const share = actions.getByRole("link", { name: text.share });
      await expectTapTarget(share);
      await share.click();
      const overlay = page.getByRole("dialog");
      const poster = overlay.locator("img.poster-image");
      await expect(poster).toHaveAttribute("src", `/poster/live/${plan.id}.png${suffix}`);
      await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(750);
      const download = overlay.getByRole("link", { name: text.download });
      await expect(download).toHaveAttribute("href", `/poster/live/${plan.id}.png?${lang === "en" ? "lang=en&" : ""}download=1`);
      await expectTapTarget(download);
      const box = await poster.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      await screenshot(page, `live-poster-${lang}`);
      await overlay.getByRole("button", { name: text.close }).click();
      await expect(overlay).toHaveCount(0);
    });

    test(`a conference page links the whole event and each session to a calendar, and papers get a poster (${lang})`, async ({ page, request, baseURL }) => {
      await speak(page.context(), baseURL!, lang);
      await page.goto("/2023ames");
      await waitForHydration(page);
      const event = page.locator(".share-actions").getByRole("link", { name: text.add });
      await expect(event).toHaveAttribute("href", `/calendar/event/900011.ics${suffix}`);
      const slots = page.locator(".agenda a.agenda-calendar");
      expect(await slots.count()).toBeGreaterThan(0);
      await slots.first().scrollIntoViewIfNeeded();
      await expectTapTarget(slots.first());
      const session = await request.get((await slots.first().getAttribute("href"))!);
      expect(session.status()).toBe(200);
      expect(await session.text()).toMatch(/DTSTART:\d{8}T\d{6}Z/);
      await screenshot(page, `agenda-${lang}`);

      const papers = await platformData<{ list: { id: number }[] }>(request, "/mpPaper/searchAll", { pageSize: 1 });
      await page.goto(`/docDetail?id=${papers.list[0].id}`);
      await waitForHydration(page);
      const paperActions = page.locator(".share-actions");
      await expect(paperActions.getByRole("link", { name: text.add })).toHaveCount(0);
      await expect(paperActions.getByRole("link", { name: text.share })).toHaveAttribute("href", `/poster/paper/${papers.list[0].id}.png${suffix}`);
      const png = await request.get(`/poster/paper/${papers.list[0].id}.png${suffix}`);
      expect(png.headers()["content-type"]).toBe("image/png");
    });

    test(`a reminder puts the live in the person's private feed; a reset address stops working (${lang})`, async ({ page, request, baseURL }) => {
      const session = await logInByCode(request);
      await holdSession(page.context(), baseURL!, session);
      await speak(page.context(), baseURL!, lang);
      const plan = await planIn(request, 0);
      await page.goto(`/viewLive?id=${plan.id}`);
      await waitForHydration(page);
      const remind = page.locator(".share-actions").getByRole("button", { name: text.remind });
      await expect(remind).toBeEnabled();
      await remind.click();
      await expect(page.locator(".share-actions").getByRole("button", { name: text.reminding })).toHaveAttribute("aria-pressed", "true");

      await page.goto("/me");
      await waitForHydration(page);
      await page.getByRole("link", { name: lang === "en" ? "My calendar" : "我的日历" }).click();
      await expect(page).toHaveURL(/\/myCalendar$/);
      await waitForHydration(page);
      const feed = page.locator(".calendar-feed");
      await feed.getByRole("button", { name: text.create }).click();
      const subscribe = feed.locator("a.calendar-feed-subscribe");
      await expect(subscribe).toHaveAttribute("href", /^webcal:\/\/127\.0\.0\.1:\d+\/calendar\/feed\/[A-Za-z0-9]{32}\.ics/);
      await expectTapTarget(subscribe);
      const https = (await feed.locator("code.calendar-feed-url").nth(1).textContent())!;
      expect(https).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/calendar/feed/[A-Za-z0-9]{32}\\.ics${lang === "en" ? "\\?lang=en" : ""}$`));
      const listed = await request.get(https);
      expect(listed.status()).toBe(200);
      expect(await listed.text()).toContain(`UID:live-${plan.id}@`);
      await screenshot(page, `feed-${lang}`);

      page.once("dialog", (dialog) => void dialog.accept());
      await feed.getByRole("button", { name: text.reset }).click();
      await expect(feed.locator("code.calendar-feed-url").nth(1)).not.toHaveText(https);
      expect((await request.get(https)).status()).toBe(404);
      const renewed = (await feed.locator("code.calendar-feed-url").nth(1).textContent())!;
      expect(await (await request.get(renewed)).text()).toContain(`UID:live-${plan.id}@`);
    });
  });
}

test("without scripts the calendar and poster are plain links that work", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${baseURL}/scienceMeetingDetail?id=900011`);
  const calendar = page.locator(".share-actions a", { hasText: "添加到日历" });
  await expect(calendar).toHaveAttribute("href", "/calendar/event/900011.ics");
  const poster = page.locator(".share-actions a", { hasText: "分享海报" });
  await expect(poster).toHaveAttribute("href", "/poster/event/900011.png");
  const opened = await page.request.get(`${baseURL}/poster/event/900011.png`);
  expect(opened.headers()["content-type"]).toBe("image/png");
  await context.close();
});
