/**
 * The live room talking back (ADR 081), one journey each: a verified scholar asks in the discussion, with an emoji
 * from the panel, and the room's robot answers, marked as a robot, in Chinese and after a language switch in English; a reader shares a personal
 * invite link, a friend comes through it, and the reader sees them counted once.
 */
import { devices } from "@playwright/test";
import { test, expect, waitForHydration, watchConsole } from "./fixtures";
import { becomeScholar, planIn } from "./live-helpers";
import { holdSession, logInByCode } from "./platform-support";

const SHOTS = "test-results/live-robot-invite";

test.use({ viewport: { width: 390, height: 844 } });
// Each journey makes its people the way users become them (a scholar claim, logins): more than one page load.
test.describe.configure({ timeout: 60_000 });

test("the room's robot answers a question about the replay in the discussion", async ({ page, request, baseURL }) => {
  const plan = await planIn(request, 2, 2);
  const scholar = await becomeScholar(request, await logInByCode(request), "许知远");
  await holdSession(page.context(), baseURL!, scholar);
  await page.goto(`/viewLive?id=${plan.id}&tab=2`);
  await waitForHydration(page);
  await expect(page.locator(".live-chat")).toHaveAttribute("data-chat-status", "open");
  await page.getByLabel("发言内容").fill("请问这场有回放吗？");
  // An emoji from the panel, picked with the keyboard, goes at the end of the text.
  await page.getByRole("button", { name: "表情" }).click();
  await page.getByRole("button", { name: "感谢" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("发言内容")).toHaveValue("请问这场有回放吗？🙏");
  await page.getByRole("button", { name: "发送" }).click();
  await expect(page.locator(".chat-message.mine .chat-text")).toHaveText("请问这场有回放吗？🙏");
  const reply = page.locator(".chat-message.robot");
  await expect(reply).toHaveCount(1);
  await expect(reply.locator(".chat-author")).toHaveText("直播小助手");
  await expect(reply.locator(".chat-robot")).toHaveText("机器人自动回复");
  await expect(reply.locator(".chat-text")).toContainText("回放会在本页面提供");
  await page.locator(".live-chat").screenshot({ path: `${SHOTS}/robot-zh.png` });

  await page.context().addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  await page.reload();
  await expect(page.locator(".live-chat")).toHaveAttribute("data-chat-status", "open");
  const history = page.locator(".chat-message.robot");
  await expect(history.locator(".chat-author")).toHaveText("Live assistant");
  await expect(history.locator(".chat-text")).toContainText("the replay is offered on this page");
  await page.locator(".live-chat").screenshot({ path: `${SHOTS}/robot-en.png` });
});

test("a friend comes through my invite link and I see them counted once", async ({ page, browser, request, baseURL }) => {
  const plan = await planIn(request, 0);
  const reader = await logInByCode(request);
  await holdSession(page.context(), baseURL!, reader);
  await page.goto(`/viewLive?id=${plan.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "邀请好友" }).click();
  const link = await page.getByLabel("我的专属邀请链接").inputValue();
  expect(link).toMatch(new RegExp(`/viewLive\\?id=${plan.id}&invite=[A-Za-z0-9_-]{8,24}$`));
  await expect(page.getByText("还没有人通过你的链接进入，把链接分享出去吧")).toBeVisible();

  const friend = await browser.newContext({ ...devices["Pixel 7"], baseURL });
  await holdSession(friend, baseURL!, await logInByCode(request));
  const friendPage = await friend.newPage();
  const friendGuard = watchConsole(friendPage);
  await friendPage.goto(link);
  await waitForHydration(friendPage);
  await expect(friendPage.getByText("你已通过好友的邀请进入直播间")).toBeVisible();
  await friendPage.reload();
  await waitForHydration(friendPage);
  await friend.close();
  expect(friendGuard.problems()).toEqual([]);

  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: "邀请好友" }).click();
  await expect(page.getByRole("heading", { name: "通过我的链接进入（1人）" })).toBeVisible();
  await page.locator(".live-invite").screenshot({ path: `${SHOTS}/invite-zh.png` });
  await page.context().addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Invite friends" }).click();
  await expect(page.getByRole("heading", { name: "Came through my link (1)" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/invite-en-page.png`, fullPage: true });
});
