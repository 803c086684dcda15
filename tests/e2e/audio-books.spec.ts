/**
 * Audio books as a listener meets them (ADR 022): a chapter plays on while the listener browses other pages (the mini
 * player brings them back), speed and transcript seeking work, a reload resumes where the platform saved the
 * position, and a locked chapter is unlocked with points.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { logInByCode } from "./platform-support";

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector("audio")!;
    return { ms: audio.currentTime * 1000, paused: audio.paused, rate: audio.playbackRate };
  });

/** Whether a tap at the element's centre reaches it, not a layer fixed over it. */
const uncovered = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });

async function openBook(page: Page, title: string): Promise<void> {
  await page.goto("/bookIndex");
  await waitForHydration(page);
  await page.locator(".list-item").filter({ hasText: title }).first().click();
  await expect(page).toHaveURL(/\/bookAudioDetail\?id=\d+$/);
  await waitForHydration(page);
}

test("a chapter plays on across pages, changes speed, seeks from the transcript and resumes after a reload", async ({ page }) => {
  await logInByCode(page.request);
  await openBook(page, "货币的逻辑");
  await page.getByRole("link", { name: "开始收听" }).click();
  await expect(page).toHaveURL(/\/bookAudioPlay\?id=\d+&chapterId=\d+$/);
  await expect(page.getByRole("heading", { name: "第一讲 货币是什么" })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).ms, { message: "the chapter plays" }).toBeGreaterThan(1_000);

  await page.getByLabel("倍速").selectOption("1.5");
  expect((await audioState(page)).rate).toBe(1.5);

  // Away to other pages: the shell's player goes on, and its bar leads back.
  await page.locator("header.site-header").getByRole("link", { name: "首页" }).click();
  await expect(page).toHaveURL(/\/home/);
  const dock = page.locator(".audio-dock");
  await expect(dock).toContainText("第一讲 货币是什么");
  const before = (await audioState(page)).ms;
  await expect.poll(async () => (await audioState(page)).ms).toBeGreaterThan(before + 500);
  expect((await audioState(page)).paused).toBe(false);
  await dock.getByRole("link").click();
  await expect(page).toHaveURL(/\/bookAudioPlay\?/);
  await expect(dock).toHaveCount(0);
  await expect(page.locator(".audio-transcript li.current")).toHaveCount(1);

  // A tap on a sentence seeks there, and the transcript follows.
  const sentence = page.locator(".audio-transcript li").nth(3);
  await sentence.getByRole("button").click();
  await expect(sentence).toHaveClass(/current/);
  await page.getByRole("button", { name: "暂停" }).click();
  const paused = await audioState(page);
  expect(paused.paused).toBe(true);

  // Pausing saved the position; a reload (no gesture, so nothing plays by itself) starts there.
  let saved = 0;
  await expect
    .poll(async () => {
      const id = new URL(page.url()).searchParams.get("id");
      saved = (await (await page.request.get(`/api/booksDetail?id=${id}`)).json()).data.resume?.positionMs ?? 0;
      return Math.abs(saved - paused.ms);
    })
    .toBeLessThan(1_000);
  await page.reload();
  await waitForHydration(page);
  await expect.poll(async () => Math.abs((await audioState(page)).ms - saved)).toBeLessThan(1_000);
  await expect(page.locator(".audio-transcript li").nth(3)).toHaveClass(/current/);
});

test("the mini player brings its own texts, not the root's data, and follows a language switch while it plays", async ({ page }) => {
  // Only the dock reads the audio texts, and it mounts after hydration: /home's data carries none of them.
  expect(await (await page.request.get("/home.data")).text()).not.toContain("正在播放");

  await logInByCode(page.request);
  await openBook(page, "货币的逻辑");
  await page.getByRole("link", { name: "开始收听" }).click();
  await expect.poll(async () => (await audioState(page)).ms, { message: "the chapter plays" }).toBeGreaterThan(500);
  await page.locator("header.site-header").getByRole("link", { name: "首页" }).click();
  await expect(page).toHaveURL(/\/home/);
  const dock = page.getByRole("complementary", { name: "正在播放" });
  await expect(dock).toContainText("第一讲 货币是什么");
  await expect(dock.getByRole("button", { name: "暂停" })).toBeVisible();

  // The bar stays through the switch: its English texts are fetched before the switched page renders.
  await page.evaluate(() => {
    const seen = window as unknown as { dockGone?: boolean };
    seen.dockGone = false;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>(".audio-dock");
      if (!bar || getComputedStyle(bar).display === "none") seen.dockGone = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByTestId("lang-toggle").click();
  const englishDock = page.getByRole("complementary", { name: "Now playing" });
  await expect(englishDock.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(page.locator("header.site-header").getByRole("link", { name: "Home" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { dockGone?: boolean }).dockGone)).toBe(false);
  const before = (await audioState(page)).ms;
  await expect.poll(async () => (await audioState(page)).ms, { message: "the switch did not stop playback" }).toBeGreaterThan(before + 300);

  await page.getByTestId("lang-toggle").click();
  await expect(page.getByRole("complementary", { name: "正在播放" }).getByRole("button", { name: "暂停" })).toBeVisible();
  expect((await audioState(page)).paused).toBe(false);

  // Issue 34: while it plays, the mini player covers neither 写文章 nor the editor's 存草稿/发布 bar (one stack of
  // fixed layers, ADR 059), and it can be closed.
  await page.locator('main a[href="/essayList"]').first().click();
  const write = page.locator("a.essay-write");
  await expect(write).toBeVisible();
  expect(await uncovered(write), "写文章 is under a fixed layer").toBe(true);
  await write.click();
  await expect(page).toHaveURL(/\/essayEdit/);
  const save = page.getByRole("button", { name: "存草稿" });
  await expect(save).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  for (const button of [save, page.getByRole("button", { name: "发布", exact: true })])
    expect(await uncovered(button), "the editor's bar is covered").toBe(true);
  await page.getByRole("complementary", { name: "正在播放" }).getByRole("button", { name: "关闭播放器" }).click();
  await expect(page.getByRole("complementary", { name: "正在播放" })).toHaveCount(0);
  expect((await audioState(page)).paused).toBe(true);
});

test("a locked chapter says how to unlock it; points unlock the whole book", async ({ page }) => {
  const session = await logInByCode(page.request);
  expect((await page.request.post("/dev/points", { form: { userName: session.user.userName, points: "150" } })).ok()).toBe(true);
  await openBook(page, "行为金融学三讲");
  await expect(page.locator(".audio-book-chapters li").nth(1)).toContainText("未解锁");
  await page.getByRole("link", { name: "开始收听" }).click();
  await expect(page).toHaveURL(/\/bookAudioPlay\?/);
  await page.locator(".audio-chapters li").nth(1).getByRole("button").click();
  await expect(page.getByRole("heading", { name: "本章需解锁后收听" })).toBeVisible();
  await page.getByRole("link", { name: "去解锁" }).click();
  await expect(page).toHaveURL(/\/bookUnlock\?id=\d+$/);
  await waitForHydration(page);
  await expect(page.getByText("需要 80 积分，当前 150 积分")).toBeVisible();
  await page.getByRole("button", { name: "用 80 积分解锁" }).click();
  await expect(page).toHaveURL(/\/bookAudioDetail\?id=\d+$/);
  await waitForHydration(page);
  await expect(page.getByText("已用积分解锁")).toBeVisible();
  await expect(page.locator(".audio-book-chapters")).not.toContainText("未解锁");
  await page.locator(".audio-book-chapters li").nth(2).click();
  await expect(page.getByRole("heading", { name: "第三讲 羊群效应" })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).ms).toBeGreaterThan(500);

  await page.goto("/pointLog");
  await waitForHydration(page);
  await expect(page.locator(".list-item").first()).toContainText("解锁有声书");
  await expect(page.locator(".list-amount").first()).toHaveText("−80 积分");
});

test("a locked chapter tapped while the page's own chapter is still loading stays locked when that answer arrives", async ({ page }) => {
  await logInByCode(page.request);
  await openBook(page, "行为金融学三讲");
  // The page's own chapter answers slowly, as on a poor network; the listener taps a locked chapter meanwhile.
  let first = true;
  await page.route(/\/booksPlay\?/, async (route) => {
    const slow = first;
    first = false;
    if (slow) await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.getByRole("link", { name: "开始收听" }).click();
  await expect(page).toHaveURL(/\/bookAudioPlay\?/);
  await waitForHydration(page);
  await page.locator(".audio-chapters li").nth(1).getByRole("button").click();
  const notice = page.getByRole("heading", { name: "本章需解锁后收听" });
  await expect(notice).toBeVisible();
  await expect.poll(() => first, { message: "the page's own chapter was asked for" }).toBe(false);
  await page.waitForTimeout(3_500);
  await expect(notice).toBeVisible();
  await expect(page.getByRole("link", { name: "去解锁" })).toBeVisible();
});
