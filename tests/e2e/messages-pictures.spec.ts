/**
 * Issue 31's last parts in one journey (ADR 092): a picture sent in a direct message arrives live in the other person's
 * open conversation and opens full size; the emoji panel in a comment box puts an emoji at the caret.
 */
import { devices } from "@playwright/test";
import sharp from "sharp";
import { test, expect, waitForHydration, watchConsole } from "./fixtures";
import { holdSession, logInByCode } from "./platform-support";

// Two people and a socket on a machine shared with other work: more room than the default.
test.describe.configure({ timeout: 90_000 });

test("a picture in a direct message arrives live; an emoji goes in at a comment's caret", async ({ page, browser, request, baseURL }) => {
  const reader = await logInByCode(request);
  const writer = await logInByCode(request);
  await holdSession(page.context(), baseURL!, reader);
  await page.goto(`/messageCenter?channel=user-${writer.user.id}`);
  await waitForHydration(page);

  const other = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, baseURL });
  await holdSession(other, baseURL!, writer);
  const writerPage = await other.newPage();
  const guard = watchConsole(writerPage);
  try {
    await writerPage.goto(`/messageCenter?channel=user-${reader.user.id}`);
    await waitForHydration(writerPage);
    const photo = await sharp({ create: { width: 640, height: 480, background: "#3a7bd5", channels: 3 } })
      .jpeg()
      .toBuffer();
    await writerPage.locator(".message-picture input[type=file]").setInputFiles({ name: "chart.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(writerPage.locator(".message-bubble.mine .message-thumb img")).toBeVisible();

    // The reader's open conversation shows it without a reload, stored by the upload's pipeline, and opens it full size.
    const thumb = page.locator(".message-bubble.theirs .message-thumb");
    await expect(thumb).toBeVisible({ timeout: 3_000 });
    await expect(thumb.locator("img")).toHaveAttribute("src", /^\/api\/file\/download\?name=[a-f0-9]{32}\.jpg$/);
    await thumb.click();
    const viewer = page.locator("dialog.message-viewer");
    await expect(viewer.locator("img")).toBeVisible();
    await page.screenshot({ path: "test-results/dm-picture-open-zh.png" });
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);

    // Emoji in a circle post's comment box: typed text keeps its place around the emoji put at the caret.
    await writerPage.goto("/circleDetail?id=1");
    await waitForHydration(writerPage);
    await writerPage.locator(".comments-open").click();
    const box = writerPage.locator(".comments-form textarea");
    await box.fill("好文章");
    await box.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(1, 1));
    await writerPage.locator(".comments-form .emoji-toggle").click();
    const first = writerPage.locator(".comments-form .emoji-choice").first();
    const emoji = (await first.textContent()) ?? "";
    await first.press("Enter");
    await expect(box).toHaveValue(`好${emoji}文章`);
    await expect(box).toBeFocused();
    await writerPage.screenshot({ path: "test-results/comment-emoji-zh.png" });
    expect(guard.problems()).toEqual([]);
  } finally {
    await other.close();
  }
});
