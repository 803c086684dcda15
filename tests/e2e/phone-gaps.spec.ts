/**
 * Issue 34's last gaps as a person on a 390×844 phone meets them: the circle feed keeps its place on Back and its counts
 * follow a new comment, Back closes the image viewer; the article editor previews a formula and its back-to-top button
 * never sits on 发布 (signed in, where 发布 shows); a new answer is brought into view and the one confirm box answers
 * Escape; the video task's hint on the 6 s seed clip asks for what the clip can give, and watching it counts.
 * Screenshots go to test-results/phone-gaps/ to be looked at.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./accounts-support";
import { logInByCode, platformData, speak } from "./platform-support";

test.use({ viewport: { width: 390, height: 844 } });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/phone-gaps/${name}.png` });

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Whether two boxes share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

test("the circle: the feed keeps its place on Back, counts follow a new comment, and Back closes the image viewer", async ({ page }) => {
  await logInByCode(page.request);
  const feed = await platformData<{ list: { id: number; images: string[]; commentCount: number }[] }>(page.request, "/circle/list", { pageSize: 20 });
  expect(feed.list.length).toBeGreaterThan(11);
  const twelfth = feed.list[11];
  const pictured = feed.list.find((post) => post.images.length > 0)!;

  await open(page, "/circle");
  const posts = page.getByTestId("circle-post");
  await expect(posts).toHaveCount(10);
  await page.locator(".list-footer").scrollIntoViewIfNeeded();
  // A second page: every seeded post (more than ten, fewer than twenty).
  await expect(posts).toHaveCount(feed.list.length);
  const card = posts.nth(11);
  await card.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await card.locator(".circle-feed-text").click();
  await expect(page).toHaveURL(new RegExp(`/circleDetail\\?id=${twelfth.id}$`));
  await waitForHydration(page);

  // A comment: the thread, the post's own count and (below) the feed's card say one more.
  const comments = page.getByTestId("comments");
  await comments.getByRole("button", { name: "写评论…" }).click();
  await comments.getByPlaceholder("写评论…").fill(`双重差分的平行趋势检验怎么做？${Date.now()}`);
  await comments.getByRole("button", { name: "发表", exact: true }).click();
  await expect(page.locator(".toast").filter({ hasText: "评论成功" })).toBeVisible();
  await expect(page.locator(".circle-detail-actions")).toContainText(`评论 ${twelfth.commentCount + 1}`);
  await shot(page, "circle-detail-zh");

  await page.goBack();
  await expect(page).toHaveURL(/\/circle$/);
  await expect(posts).toHaveCount(feed.list.length);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
  await expect(posts.nth(11).locator(".circle-feed-actions")).toContainText(`评论 ${twelfth.commentCount + 1}`);

  await open(page, `/circleDetail?id=${pictured.id}`);
  await page.getByTestId("circle-detail").getByTestId("circle-images").locator("button").first().click();
  const viewer = page.getByTestId("circle-viewer");
  await expect(viewer).toBeVisible();
  await page.goBack();
  await expect(viewer).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/circleDetail\\?id=${pictured.id}$`));
  await expect(page.getByTestId("circle-detail")).toBeVisible();
});

test("writing: a formula is previewed as it will be saved, back-to-top leaves 发布 free, a new answer comes into view", async ({ page, context, baseURL }) => {
  await logInByCode(page.request);
  await open(page, "/essayEdit");
  const text = page.getByRole("textbox", { name: "正文" });
  await text.click();
  await page.keyboard.type("事件研究的系数图。");
  for (let line = 0; line < 30; line++) await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "公式" }).click();
  await page.getByLabel("公式（LaTeX）").fill("\\beta_k = \\frac{1}{N}");
  const preview = page.getByTestId("formula-preview");
  await expect(preview.locator("math mfrac")).toHaveCount(1);
  await shot(page, "formula-preview-zh");
  await page.getByLabel("公式（LaTeX）").fill("\\frac{1}{");
  await expect(preview).toContainText("无法识别此公式");
  await page.getByRole("button", { name: "取消" }).click();

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const backToTop = page.locator(".back-to-top");
  await expect(backToTop).toBeVisible();
  const release = page.getByRole("button", { name: "发布", exact: true });
  await expect(release).toBeInViewport();
  expect(await overlap(backToTop, release)).toBe(false);
  await shot(page, "essay-editor-end-zh");

  await speak(context, baseURL!, "en");
  await open(page, "/qaDetail?id=1");
  await page.getByRole("button", { name: "Write an answer" }).click();
  await page.getByRole("textbox", { name: "Write an answer" }).fill("Cluster at the level where the treatment varies.");
  await page.getByRole("button", { name: "Post answer" }).click();
  const landed = page.locator('.qa-answer[tabindex="-1"]');
  await expect(landed).toContainText("Cluster at the level where the treatment varies.");
  await expect(landed).toBeInViewport();
  await expect(landed).toBeFocused();
  await shot(page, "qa-new-answer-en");

  const remove = landed.getByRole("button", { name: "Delete" });
  await remove.click();
  const ask = landed.getByRole("alertdialog", { name: "Delete" });
  await expect(ask).toContainText("Delete this answer?");
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await shot(page, "confirm-box-en");
  await page.keyboard.press("Escape");
  await expect(ask).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(landed).toHaveCount(1);

  // The video task on the 6 s seed clip: its hint asks for what the clip can give, and watching it through counts.
  await open(page, "/videoDetail?id=301");
  const step = page.getByTestId("task-step");
  await expect(step).toContainText("Play 5 seconds to count towards your points task");
  await shot(page, "video-task-en");
  await page.locator("video").evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await expect(step).toContainText("Counted towards your points task", { timeout: 20_000 });
});
