/**
 * The live room's discussion over the chat socket: anyone reads; a visitor is offered the login, a logged-in user
 * who is not a verified scholar the verification; two verified scholars in two browsers talk to each other, and the
 * room keeps its history, its size limit and its rate limit.
 */
import { devices, type Browser, type Page } from "@playwright/test";
import { test, expect, waitForHydration, watchConsole } from "./fixtures";
import { becomeScholar, planIn } from "./live-helpers";
import { holdSession, logInByCode, type Session } from "./platform-support";

async function openDiscussion(page: Page, planId: number) {
  await page.goto(`/viewLive?id=${planId}&tab=2`);
  await waitForHydration(page);
  await expect(page.locator(".live-chat")).toHaveAttribute("data-chat-status", "open");
}

/** A second browser (its own storage and cookies), watched for console errors like the fixture's page. */
async function browserFor(browser: Browser, baseURL: string, session: Session) {
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL });
  await holdSession(context, baseURL, session);
  const page = await context.newPage();
  const guard = watchConsole(page);
  return { context, page, guard };
}

test("a visitor reads the discussion and is offered the login to join it", async ({ page, request }) => {
  const plan = await planIn(request, 2);
  await openDiscussion(page, plan.id);
  await expect(page.locator(".live-chat-online")).toHaveText(/^\d+人在线$/);
  const gate = page.locator(".live-chat-gate");
  await expect(gate).toHaveAttribute("data-gate", "needLogin");
  await expect(gate).toContainText("登录后参与讨论");
  await expect(page.locator(".live-chat textarea")).toHaveCount(0);
  await gate.getByRole("button", { name: "登录" }).click();
  await expect(page.locator('dialog[data-dialog="login"]')).toBeVisible();
});

test("a visitor in English is offered the login in English", async ({ page, request, baseURL }) => {
  const plan = await planIn(request, 2);
  await page.context().addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  await openDiscussion(page, plan.id);
  await expect(page.locator(".live-chat-gate")).toContainText("Log in to join the discussion");
  await expect(page.locator(".live-chat h2")).toHaveText("Discussion");
});

test("a logged-in user who is not a verified scholar reads, and is offered the verification", async ({ page, request, baseURL }) => {
  const plan = await planIn(request, 2);
  const member = await logInByCode(request);
  expect(member.user.authorCode).toBeNull();
  await holdSession(page.context(), baseURL!, member);
  await openDiscussion(page, plan.id);
  const gate = page.locator(".live-chat-gate");
  await expect(gate).toHaveAttribute("data-gate", "needVerify");
  await expect(gate).toContainText("仅认证学者可参与讨论");
  await gate.getByRole("button", { name: "去认证" }).click();
  await expect(page.locator('dialog[data-dialog="verify"]')).toBeVisible();
  await expect(page.locator('dialog[data-dialog="login"]')).toHaveCount(0);
});

test.describe("two verified scholars", () => {
  let first: Session;
  let second: Session;
  /** Sends only in the rate-limit test, so no earlier message counts in its window. */
  let third: Session;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    first = await becomeScholar(request, await logInByCode(request), "周明远");
    second = await becomeScholar(request, await logInByCode(request), "陈思源");
    third = await becomeScholar(request, await logInByCode(request), "林晓岚");
    await request.dispose();
  });

  test("talk to each other live, and the room keeps what they said", async ({ page, browser, request, baseURL }) => {
    const plan = await planIn(request, 2, 1);
    await holdSession(page.context(), baseURL!, first);
    await openDiscussion(page, plan.id);
    const other = await browserFor(browser, baseURL!, second);
    try {
      await openDiscussion(other.page, plan.id);
      await expect(page.locator(".live-chat-online")).toHaveText("2人在线");

      const question = `请问识别策略如何处理内生性？#${Date.now()}`;
      await page.getByLabel("发言内容").fill(question);
      await expect(page.locator(".chat-counter")).toHaveText(`${Array.from(question).length}/500`);
      await page.getByRole("button", { name: "发送" }).click();
      await expect(page.getByLabel("发言内容")).toHaveValue("");

      const received = other.page.locator(".chat-message", { hasText: question });
      await expect(received).toBeVisible();
      await expect(received.locator(".chat-author")).toHaveText("周明远");
      await expect(received).not.toHaveClass(/mine/);
      const sent = page.locator(".chat-message", { hasText: question });
      await expect(sent).toHaveClass(/mine/);
      await expect(sent.locator(".chat-mine")).toHaveText("我");

      const answer = "我们用工具变量，并做了安慰剂检验。";
      await other.page.getByLabel("发言内容").fill(answer);
      await other.page.getByRole("button", { name: "发送" }).click();
      const reply = page.locator(".chat-message", { hasText: answer });
      await expect(reply).toBeVisible();
      await expect(reply.locator(".chat-author")).toHaveText("陈思源");

      // A newcomer (a visitor) gets both as history, in order.
      const visitor = await browser.newContext({ ...devices["Pixel 7"], baseURL });
      const visitorPage = await visitor.newPage();
      const visitorGuard = watchConsole(visitorPage);
      await openDiscussion(visitorPage, plan.id);
      await expect(visitorPage.locator(".chat-message", { hasText: answer })).toBeVisible();
      const texts = await visitorPage.locator(".chat-text").allTextContents();
      expect(texts.slice(-2)).toEqual([question, answer]);
      await expect(page.locator(".live-chat-online")).toHaveText("3人在线");
      await visitor.close();
      expect(visitorGuard.problems()).toEqual([]);
      await expect(page.locator(".live-chat-online")).toHaveText("2人在线");
    } finally {
      await other.context.close();
    }
    expect(other.guard.problems()).toEqual([]);
  });

  test("a message is at most 500 characters, and a sixth message within 10 s is refused", async ({ page, request, baseURL }) => {
    const plan = await planIn(request, 2, 2);
    await holdSession(page.context(), baseURL!, third);
    await openDiscussion(page, plan.id);
    const input = page.getByLabel("发言内容");
    await input.fill("长".repeat(600));
    await expect(input).toHaveValue("长".repeat(500));
    await expect(page.locator(".chat-counter")).toHaveText("500/500");

    const send = page.getByRole("button", { name: "发送" });
    for (let index = 1; index <= 5; index++) {
      await input.fill(`第${index}条：关于利率传导的补充`);
      await send.click();
      await expect(page.locator(".chat-message.mine", { hasText: `第${index}条：` })).toBeVisible();
      await expect(input).toHaveValue("");
    }
    await input.fill("第6条：这一条太快了");
    await send.click();
    await expect(page.locator(".live-chat-error")).toHaveText(/^发言太频繁，请\d+秒后再试$/);
    await expect(input).toHaveValue("第6条：这一条太快了");
    await expect(page.locator(".chat-message", { hasText: "第6条" })).toHaveCount(0);
  });
});
