/**
 * The engagement loop as a member meets it (ADR 020): signing in for points, a task finished by reading a paper,
 * points exchanged in the mall and found in the ledger, a membership bought and a code redeemed (and refused the
 * second time), and a gift card given by one user and received by another.
 */
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { dialog } from "./accounts-support";
import { holdSession, logInByCode } from "./platform-support";

async function givePoints(page: Page, userName: string, points: number): Promise<void> {
  expect((await page.request.post("/dev/points", { form: { userName, points: String(points) } })).ok()).toBe(true);
}

/** Pays the order the confirmation page placed, in the payment simulator, and comes back to the pay-status page. */
async function payAtCashier(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dev\/pay\?paymentNo=/);
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(page).toHaveURL(/\/orderAck\?orderNo=\d+$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "支付成功" })).toBeVisible();
}

test("signing in shows the streak and the toast; reading a paper finishes a task with the task toast", async ({ page }) => {
  await page.clock.install();
  await logInByCode(page.request);
  await page.goto("/welfareCenter");
  await waitForHydration(page);
  // A first visit shows the feature guide once.
  const guide = page.locator(".function-guide");
  await expect(guide).toContainText("玩转福利中心");
  await guide.getByRole("button", { name: "知道了" }).click();
  await expect(guide).toHaveCount(0);
  await page.getByRole("switch", { name: "每天 20:00 提醒我签到" }).check();
  await expect(page.locator(".toast").filter({ hasText: "已开启，每天 20:00 提醒签到" })).toBeVisible();
  await expect(page.getByText("今天签到，开启连续签到")).toBeVisible();
  await expect(page.getByTestId("points-balance")).toHaveText("0");
  await page.getByRole("button", { name: "签到 +5" }).click();
  await expect(page.locator(".toast").filter({ hasText: "签到成功，获得 5 积分" })).toBeVisible();
  await expect(page.getByText("已连续签到 1 天")).toBeVisible();
  await expect(page.getByRole("button", { name: "今日已签到" })).toBeDisabled();
  await expect(page.locator(".signin-day.signed")).toHaveCount(1);
  await expect(page.getByTestId("points-balance")).toHaveText("5");

  const reading = page.locator(".task").filter({ hasText: "阅读论文" });
  await expect(reading).toContainText("0/1");
  await reading.getByRole("link", { name: "去完成" }).click();
  await expect(page).toHaveURL(/\/docList$/);
  await waitForHydration(page);
  await page.locator(".list-item").first().click();
  await expect(page).toHaveURL(/\/docDetail\?id=\d+$/);
  await waitForHydration(page);
  // 15 seconds on the page count one paper read.
  await page.clock.runFor(16_000);
  const toast = dialog(page, "taskToast");
  await expect(toast).toContainText("+10 积分");
  await expect(toast).toContainText("阅读论文");
  await page.clock.runFor(3_000);
  await expect(toast).toHaveCount(0);

  await page.goto("/welfareCenter");
  await waitForHydration(page);
  await expect(page.locator(".task").filter({ hasText: "阅读论文" })).toContainText("已完成");
  await expect(page.getByRole("switch", { name: "每天 20:00 提醒我签到" })).toBeChecked();
  await expect(page.locator(".function-guide")).toHaveCount(0);
  await expect(page.getByTestId("points-balance")).toHaveText("15");
});

test("points buy a good in the mall: the exchange, the stock and the ledger agree", async ({ page }) => {
  const session = await logInByCode(page.request);
  await givePoints(page, session.user.userName, 1_000);
  const saved = await page.request.post("/api/userAddress/operation", {
    data: { receiver: "王芳", phone: "13700137000", provinceCode: "110000", cityCode: "110000", districtCode: "110108", detail: "中关村大街59号" },
  });
  expect((await saved.json()).code).toBe(200);

  await page.goto("/pointMall");
  await waitForHydration(page);
  await expect(page.getByTestId("points-balance")).toHaveText("1000");
  const tote = page.locator(".point-grid li").filter({ hasText: "帆布托特包" });
  const stockBefore = Number(/剩余 (\d+) 件/.exec((await tote.textContent()) ?? "")![1]);
  await tote.click();
  await expect(page).toHaveURL(/\/pointGoodsDetail\?id=\d+$/);
  await waitForHydration(page);
  await page.getByRole("link", { name: "立即兑换" }).click();
  await expect(page).toHaveURL(/\/exchangeAck\?id=\d+$/);
  await waitForHydration(page);
  await expect(page.locator(".confirm-address")).toContainText("王芳 13700137000");
  await expect(page.locator(".confirm-sum")).toContainText("400");
  await page.getByRole("button", { name: "确认兑换" }).click();
  await expect(page).toHaveURL(/\/pointExchangeDetail\?exchangeNo=\d+$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "待发货" })).toBeVisible();
  await expect(page.locator(".exchange-detail")).toContainText("中关村大街59号");

  await page.goto("/pointLog");
  await waitForHydration(page);
  await expect(page.locator(".list-item").first()).toContainText("积分兑换");
  await expect(page.locator(".list-item").first()).toContainText("余额 400");
  await expect(page.locator(".list-amount").first()).toHaveText("−600 积分");
  await expect(page.locator(".list-amount").nth(1)).toHaveText("+1000 积分");

  await page.goto("/pointMall");
  await waitForHydration(page);
  await expect(page.locator(".point-grid li").filter({ hasText: "帆布托特包" })).toContainText(`剩余 ${stockBefore - 1} 件`);
  // The tote is one per person: a second one is refused before it can be tried.
  await page.locator(".point-grid li").filter({ hasText: "帆布托特包" }).click();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "已兑换" })).toBeDisabled();
});

test("a bought membership shows its expiry; a code adds days once and is refused the second time", async ({ page }) => {
  await logInByCode(page.request);
  await page.goto("/vipIndex");
  await waitForHydration(page);
  await expect(page.getByTestId("member-status")).toHaveText("开通会员，畅享全部权益");
  await page.locator(".member-cards li").filter({ hasText: "月度会员" }).click();
  await expect(page).toHaveURL(/\/vipCard\?id=\d+$/);
  await waitForHydration(page);
  await expect(page.locator(".confirm-pay strong")).toHaveText("¥30.00");
  await page.getByRole("button", { name: "提交订单并支付" }).click();
  await payAtCashier(page);
  // A new member without an address is asked to bind one (spec §4, interest 8), which leads to the address list.
  const prompt = dialog(page, "vipAddress");
  await expect(prompt).toContainText("您是会员，可领取会员专属礼品");
  await prompt.getByRole("button", { name: "去绑定" }).click();
  await expect(page).toHaveURL(/\/addressList/);
  await waitForHydration(page);
  await page.goto("/vipIndex");
  await waitForHydration(page);
  await expect(page.getByTestId("member-status")).toContainText("剩余 30 天");

  const { codes } = (await (await page.request.post("/dev/memberCodes", { form: { count: "1", days: "90" } })).json()) as { codes: string[] };
  await page.getByRole("link", { name: "兑换会员" }).click();
  await expect(page).toHaveURL(/\/vipExchange$/);
  await waitForHydration(page);
  const field = page.getByLabel(/^兑换码/);
  await field.fill("abc");
  await page.getByRole("button", { name: "立即兑换" }).click();
  await expect(page.getByText("兑换码为 12 位字母和数字，请核对后重新输入")).toBeVisible();
  const typed = `${codes[0].slice(0, 4)}-${codes[0].slice(4, 8)}-${codes[0].slice(8)}`.toLowerCase();
  await field.fill(typed);
  await page.getByRole("button", { name: "立即兑换" }).click();
  await expect(page.getByText(/兑换成功，会员有效期至 \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await page.getByRole("link", { name: "查看我的会员" }).click();
  await waitForHydration(page);
  await expect(page.getByTestId("member-status")).toContainText("剩余 120 天");

  await page.goto("/vipExchange");
  await waitForHydration(page);
  await page.getByLabel(/^兑换码/).fill(codes[0]);
  await page.getByRole("button", { name: "立即兑换" }).click();
  await expect(page.getByText("该兑换码已被使用")).toBeVisible();
  await expect(page.getByLabel(/^兑换码/)).toHaveValue(codes[0]);

  await page.goto("/vipExchangeLog");
  await waitForHydration(page);
  await expect(page.locator(".list-amount")).toHaveText(["+90 天"]);
  await page.goto("/vipOpenLog");
  await waitForHydration(page);
  await expect(page.locator(".list-item")).toContainText(["月度会员"]);
});

test("a gift card bought by one user is received by a friend from its link, once", async ({ page, browser, baseURL, request }) => {
  await logInByCode(page.request);
  await page.goto("/vipDonate");
  await waitForHydration(page);
  await expect(page.getByText("还没有赠送过会员卡")).toBeVisible();
  await page.locator(".gift-offers li").filter({ hasText: "月度会员赠送卡" }).click();
  await expect(page).toHaveURL(/\/vipCard\?id=\d+$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "提交订单并支付" }).click();
  await payAtCashier(page);
  await page.getByRole("link", { name: "去分享赠送卡" }).click();
  await expect(page).toHaveURL(/\/vipDonate$/);
  await waitForHydration(page);
  const gift = page.locator(".gift").first();
  await expect(gift).toContainText("前可领取");
  const code = ((await gift.locator("code").textContent()) ?? "").replaceAll("-", "");
  expect(code).toMatch(/^[A-Z0-9]{12}$/);
  // The giver is not a member: the card is for a friend.
  expect((await (await page.request.get("/api/members/interests")).json()).data.membership.isVip).toBe(false);

  const friend = await browser.newContext({ baseURL });
  try {
    await holdSession(friend, baseURL!, await logInByCode(request));
    const friendPage = await friend.newPage();
    await friendPage.goto(`/vipGetDonate?code=${code}`);
    await waitForHydration(friendPage);
    await expect(friendPage.getByText(/送你一张会员卡/)).toBeVisible();
    await expect(friendPage.getByText("30 天会员")).toBeVisible();
    await friendPage.getByRole("button", { name: "立即领取" }).click();
    await expect(friendPage.getByText(/领取成功，会员有效期至/)).toBeVisible();
    await friendPage.reload();
    await waitForHydration(friendPage);
    await expect(friendPage.getByText("这张会员卡已被领取")).toBeVisible();
  } finally {
    await friend.close();
  }

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(".gift").first()).toContainText(/已被 .+ 领取/);
  await expect(page.locator(".gift").first().getByRole("button", { name: "复制领取链接" })).toHaveCount(0);
});
