/**
 * The message centre (ADR 063), two people in two browsers: a direct message arrives live and the header's badge counts
 * it; a block stops the next one with the reason at the field; "mark all read" brings the badge down to nothing.
 */
import { devices } from "@playwright/test";
import { test, expect, waitForHydration, watchConsole } from "./fixtures";
import { holdSession, logInByCode } from "./platform-support";

// Two people, a host and sockets on a machine shared with other work: more room than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("a direct message arrives live, obeys the blacklist, and the badge counts down on read-all", async ({ page, browser, request, baseURL }) => {
  const reader = await logInByCode(request);
  const writer = await logInByCode(request);
  await holdSession(page.context(), baseURL!, reader);
  await page.goto("/messageCenter");
  await waitForHydration(page);
  await expect(page.locator(".message-channels")).toBeVisible();

  const other = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, baseURL });
  await holdSession(other, baseURL!, writer);
  const writerPage = await other.newPage();
  const guard = watchConsole(writerPage);
  try {
    await writerPage.goto(`/messageCenter?channel=user-${reader.user.id}`);
    await waitForHydration(writerPage);
    await writerPage.getByLabel("消息内容").fill("你好，会后能交流一下吗？");
    await writerPage.getByRole("button", { name: "发送" }).click();
    await expect(writerPage.locator(".message-bubble.mine")).toContainText("你好，会后能交流一下吗？");

    // The reader's list and badge learn of it without a reload.
    const channel = page.locator(`[data-channel="user-${writer.user.id}"]`);
    await expect(channel).toHaveAttribute("data-unread", "1", { timeout: 3_000 });
    await expect(page.getByTestId("unread-badge")).toHaveAttribute("data-count", "1");
    await page.screenshot({ path: "test-results/message-centre-zh.png", fullPage: true });

    // The reader blocks the writer: the next message is refused at the field, and what was typed stays.
    const blocked = await request.post("/api/userBlack/add", { headers: { token: reader.token }, data: { userId: writer.user.id } });
    expect((await blocked.json()).code).toBe(200);
    await writerPage.getByLabel("消息内容").fill("还在吗？");
    await writerPage.getByRole("button", { name: "发送" }).click();
    await expect(writerPage.locator(".message-problem")).toHaveText("对方已将你加入黑名单，无法发送");
    await expect(writerPage.getByLabel("消息内容")).toHaveValue("还在吗？");

    // A second unread (a notice: someone followed the reader), then read-all brings the badge down to nothing.
    const follower = await logInByCode(request);
    const followed = await request.post("/api/follow/doFollow", { headers: { token: follower.token }, data: { userId: reader.user.id } });
    expect((await followed.json()).data.followed).toBe(true);
    await expect(page.getByTestId("unread-badge")).toHaveAttribute("data-count", "2", { timeout: 3_000 });
    await page.getByRole("button", { name: "全部已读" }).click();
    await expect(page.getByTestId("unread-badge")).toHaveCount(0);
    await expect(channel).toHaveAttribute("data-unread", "0");
    expect(guard.problems()).toEqual([]);
  } finally {
    await other.close();
  }
});

test("the message centre in English, opened from the personal centre", async ({ page, request, baseURL }) => {
  const reader = await logInByCode(request);
  await holdSession(page.context(), baseURL!, reader);
  await page.context().addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  await page.goto("/me");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL(/\/messageCenter$/);
  await expect(page.locator(".message-channels")).toContainText("No messages yet");
  await page.screenshot({ path: "test-results/message-centre-en.png", fullPage: true });
});
