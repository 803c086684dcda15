/**
 * The video pages on a phone, in Chinese and English, with the embedded platform's seeded videos: index, series,
 * lists with type filters, the detail page with its player (speed), praise/collect/share and comments, and the notes.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { openPage } from "./content-support";
import { holdSession, logInByCode, platformData, speak, type Lang } from "./platform-support";

interface Item {
  id: number;
  title: string;
  titleEn: string;
  specialId?: number;
  [key: string]: unknown;
}

async function seeded(request: Parameters<typeof platformData>[0]) {
  const video = (await platformData<{ list: Item[] }>(request, "/video/list", { pageSize: 1 })).list[0];
  const detail = await platformData<Item & { specialId: number; praiseCount: number; collectCount: number }>(request, "/video/getVideoDetail", {
    id: video.id,
  });
  const special = await platformData<Item>(request, "/video/getVideoSpecialDetail", { id: detail.specialId });
  const types = (await platformData<{ list: { id: number; name: string; nameEn: string }[] }>(request, "/video/types")).list;
  const specials = await platformData<{ list: Item[]; total: number }>(request, "/video/getVideoSpecialList", { pageSize: 10 });
  const doc = await platformData<Item & { notes: { heading: string; headingEn: string }[] }>(request, "/video/getVideoDoc", { id: video.id });
  return { video: detail, special, types, specials, doc };
}

for (const lang of ["zh", "en"] as Lang[]) {
  test(`every video page renders its seeded data in ${lang}`, async ({ page, context, baseURL }) => {
    const { video, special, types, specials, doc } = await seeded(page.request);
    await speak(context, baseURL!, lang);
    const title = (item: Item) => (lang === "zh" ? item.title : item.titleEn);
    const other = (item: Item) => (lang === "zh" ? item.titleEn : item.title);
    const typeName = (type: { name: string; nameEn: string }) => (lang === "zh" ? type.name : type.nameEn);

    await openPage(
      page,
      "/videoIndex",
      lang,
      [typeName(types[0]), title(specials.list[0]), lang === "zh" ? "专题课程" : "Video series"],
      [other(specials.list[0])],
    );
    await openPage(page, "/videoSpecialList", lang, [title(specials.list[0]), title(specials.list[1])], [other(specials.list[0])]);
    await openPage(page, `/videoListBySpecial?id=${special.id}`, lang, [title(special), title(video)], [other(video)]);
    await openPage(page, "/videoList", lang, [typeName(types[1]), title(video)], [other(video)]);
    await openPage(page, `/videoDetail?id=${video.id}`, lang, [title(video), lang === "zh" ? "倍速" : "Speed"], [other(video)]);
    await expect(page.locator("video")).toHaveAttribute("src", String(video.videoUrl));
    await openPage(page, `/videoDoc?id=${video.id}`, lang, [title(doc), lang === "zh" ? doc.notes[1].heading : doc.notes[1].headingEn], [other(doc)]);
  });
}

test("the video plays and changes speed", async ({ page }) => {
  const { video } = await seeded(page.request);
  await page.goto(`/videoDetail?id=${video.id}`);
  await waitForHydration(page);
  const player = page.locator("video.video-element");
  await expect(player).toBeVisible();
  // Muted playback is what browsers allow without a gesture.
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);

  const speed = page.getByRole("group", { name: "倍速" });
  await expect(speed.getByRole("button")).toHaveText(["0.75x", "1x", "1.25x", "1.5x", "2x"]);
  await expect(speed.getByRole("button", { name: "1x", exact: true })).toHaveAttribute("aria-pressed", "true");
  await speed.getByRole("button", { name: "1.5x" }).click();
  await expect(speed.getByRole("button", { name: "1.5x" })).toHaveAttribute("aria-pressed", "true");
  await expect(speed.getByRole("button", { name: "1x", exact: true })).toHaveAttribute("aria-pressed", "false");
  expect(await player.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
  const before = await player.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(before + 0.3);
  expect(await player.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
});

test("a type filter narrows /videoList and keeps the choice in the address", async ({ page }) => {
  const { types } = await seeded(page.request);
  const type = types[2];
  const expected = await platformData<{ list: Item[]; total: number }>(page.request, "/video/list", { typeId: type.id, pageSize: 10 });
  await page.goto("/videoList");
  await waitForHydration(page);
  const chips = page.locator(".filter-chips");
  await expect(chips.locator('[aria-current="page"]')).toHaveText("全部");
  await chips.getByRole("link", { name: type.name }).click();
  await expect(page).toHaveURL(new RegExp(`/videoList\\?typeId=${type.id}$`));
  await expect(chips.locator('[aria-current="page"]')).toHaveText(type.name);
  // The list starts again from the type's first page (a short grid goes on loading the next one by itself).
  const titles = () => page.locator(".content-list .list-title").allTextContents();
  await expect.poll(async () => (await titles()).slice(0, 10)).toEqual(expected.list.map((item) => item.title));
  await chips.getByRole("link", { name: "全部" }).click();
  await expect(page).toHaveURL(/\/videoList$/);
  const all = await platformData<{ list: Item[] }>(page.request, "/video/list", { pageSize: 10 });
  await expect.poll(async () => (await titles()).slice(0, 10)).toEqual(all.list.map((item) => item.title));
});

test("the index's type chips open /videoList with that type", async ({ page }) => {
  const { types } = await seeded(page.request);
  await page.goto("/videoIndex");
  await waitForHydration(page);
  await page.locator(".filter-chips").getByRole("link", { name: types[0].name }).click();
  await expect(page).toHaveURL(new RegExp(`/videoList\\?typeId=${types[0].id}$`));
  await expect(page.locator('[data-page="/videoList"] .filter-chips [aria-current="page"]')).toHaveText(types[0].name);
});

test("a visitor who praises, collects or comments gets the login dialog", async ({ page }) => {
  const { video } = await seeded(page.request);
  await page.goto(`/videoDetail?id=${video.id}`);
  await waitForHydration(page);
  const dialog = page.locator('dialog[data-dialog="login"]');
  for (const name of [/^点赞/, /^收藏/]) {
    await page.locator(".action-bar").getByRole("button", { name }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  await page.getByRole("button", { name: "写评论…" }).click();
  await expect(dialog).toBeVisible();
  const after = await platformData<{ praiseCount: number }>(page.request, "/video/getVideoDetail", { id: video.id });
  expect(after.praiseCount).toBe(video.praiseCount);
});

test("a signed-in user praises and collects, with counts, and it stays after a reload", async ({ page, context, baseURL }) => {
  const { video } = await seeded(page.request);
  const session = await logInByCode(page.request);
  await holdSession(context, baseURL!, session);
  const before = await platformData<{ praiseCount: number; collectCount: number }>(page.request, "/video/getVideoDetail", { id: video.id });
  await page.goto(`/videoDetail?id=${video.id}`);
  await waitForHydration(page);
  const bar = page.locator(".action-bar");
  const praise = bar.locator(".action-praise");
  const collect = bar.locator(".action-collect");
  await expect(praise).toHaveAttribute("aria-pressed", "false");
  await praise.click();
  await expect(praise).toHaveAttribute("aria-pressed", "true");
  await expect(praise).toContainText("已点赞");
  await expect(praise.locator(".action-count")).toHaveText(before.praiseCount + 1 >= 10_000 ? /万$/ : String(before.praiseCount + 1));
  await collect.click();
  await expect(collect).toHaveAttribute("aria-pressed", "true");
  await expect(collect).toContainText("已收藏");

  await page.reload();
  await waitForHydration(page);
  await expect(bar.locator(".action-praise")).toHaveAttribute("aria-pressed", "true");
  await expect(bar.locator(".action-collect")).toHaveAttribute("aria-pressed", "true");
  await bar.locator(".action-praise").click();
  await expect(bar.locator(".action-praise")).toHaveAttribute("aria-pressed", "false");
  const after = await platformData<{ praiseCount: number; collectCount: number }>(page.request, "/video/getVideoDetail", { id: video.id });
  expect(after).toMatchObject({ praiseCount: before.praiseCount, collectCount: before.collectCount + 1 });
});

test("share copies the page link and says so", async ({ page, context }) => {
  const { video } = await seeded(page.request);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/videoDetail?id=${video.id}`);
  await waitForHydration(page);
  await page.locator(".action-bar").getByRole("button", { name: "分享" }).click();
  await expect(page.locator(".toast").filter({ hasText: "复制成功" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test("a signed-in user comments (checked by the form schema), sees it listed, and deletes it", async ({ page, context, baseURL }) => {
  const { video } = await seeded(page.request);
  const session = await logInByCode(page.request);
  await holdSession(context, baseURL!, session);
  await page.goto(`/videoDetail?id=${video.id}`);
  await waitForHydration(page);
  const comments = page.locator(".video-comments");
  const total = Number((await comments.locator(".comment-total").textContent())?.trim());

  await comments.getByRole("button", { name: "写评论…" }).click();
  const box = comments.locator("textarea");
  await expect(box).toBeVisible();
  await comments.getByRole("button", { name: "发表" }).click();
  await expect(comments.getByText("请输入评论内容")).toBeVisible();
  await box.fill("长".repeat(501));
  await comments.getByRole("button", { name: "发表" }).click();
  await expect(comments.getByText("评论内容不能超过500个字符")).toBeVisible();

  const text = `方法讲得很清楚 ${Date.now()}`;
  await box.fill(text);
  await comments.getByRole("button", { name: "发表" }).click();
  await expect(page.locator(".toast").filter({ hasText: "评论成功" })).toBeVisible();
  const mine = comments.locator(".comment").filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(comments.locator(".comment-total")).toHaveText(String(total + 1));
  await expect(box).toHaveCount(0);

  // Stored: it is there after a reload too, with its delete button for its author.
  await page.reload();
  await waitForHydration(page);
  await expect(mine).toBeVisible();
  await mine.getByRole("button", { name: "删除" }).click();
  // Issue 34: deleting asks first.
  await mine.getByRole("alertdialog", { name: "删除" }).getByRole("button", { name: "确认删除" }).click();
  await expect(page.locator(".toast").filter({ hasText: "评论已删除" })).toBeVisible();
  await expect(mine).toHaveCount(0);
  const list = await platformData<{ list: { content: string }[] }>(page.request, "/video/videoCommentList", { videoId: video.id, pageSize: 50 });
  expect(list.list.some((comment) => comment.content === text)).toBe(false);
});

test("the series list is kept alive: after a second page and a visit to a series, back shows the same items and scroll", async ({ page }) => {
  const { specials } = await seeded(page.request);
  expect(specials.total).toBeGreaterThan(10);
  await page.goto("/videoSpecialList");
  await waitForHydration(page);
  const items = page.locator('[data-page="/videoSpecialList"] .list-item');
  await expect(items).toHaveCount(10);
  await page.locator(".list-footer").scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(20);
  const twelfth = items.nth(11);
  await twelfth.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  const title = (await twelfth.locator(".list-title").textContent())!.trim();
  await twelfth.locator("a").click();
  await expect(page).toHaveURL(/\/videoListBySpecial\?id=\d+$/);
  await expect(page.locator(".detail-title")).toHaveText(title);
  await page.goBack();
  await expect(page).toHaveURL(/\/videoSpecialList$/);
  await expect(items).toHaveCount(20);
  await expect(items.nth(11).locator(".list-title")).toHaveText(title);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
});

test.describe("inside the messaging app's browser", () => {
  test.use({
    userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47",
  });

  test("share asks for the share signature of the page URL and shows how to share from the app's menu", async ({ page }) => {
    const { video } = await seeded(page.request);
    const signature = page.waitForRequest((request) => request.url().endsWith("/api/wechat/getShare"));
    await page.goto(`/videoDetail?id=${video.id}`);
    await waitForHydration(page);
    const request = await signature;
    expect(request.postDataJSON()).toEqual({ url: page.url() });
    const answer = (await (await request.response())!.json()) as { code: number; data: { signature: string } };
    expect(answer.code).toBe(200);
    expect(answer.data.signature).toMatch(/^[0-9a-f]{40}$/);

    await page.locator(".action-bar").getByRole("button", { name: "分享" }).click();
    const hint = page.getByRole("dialog", { name: "分享" });
    await expect(hint).toContainText("点击右上角“···”，分享给朋友或朋友圈");
    await hint.getByRole("button", { name: "知道了" }).click();
    await expect(hint).toHaveCount(0);
    await expect(page.locator(".toast")).toHaveCount(0);
  });
});
