/**
 * Coupons that activities give: a friend opens a help link and helps from the page, two more help, and the owner
 * finds the coupon unlocked; a new member takes the welcome gift from the coupon centre.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { holdSession, logInByCode } from "./platform-support";

test("three friends' help unlocks the owner's coupon", async ({ page, browser, baseURL, request }) => {
  await logInByCode(page.request);
  await page.goto("/getCoupon");
  await waitForHydration(page);
  await page.getByRole("link", { name: "好友助力领券" }).click();
  await expect(page).toHaveURL(/\/helpCoupon$/);
  await expect(page.locator(".help-count")).toHaveText("已有0/3位好友助力");
  await expect(page.getByRole("button", { name: "复制链接邀请好友" })).toBeVisible();
  const { code } = (await (await page.request.post("/api/activityGiveCoupon/addGiveLink")).json()).data as { code: string };

  const friend = await browser.newContext({ baseURL });
  try {
    await holdSession(friend, baseURL!, await logInByCode(request));
    const friendPage = await friend.newPage();
    await friendPage.goto(`/helpCoupon?code=${code}`);
    await waitForHydration(friendPage);
    await expect(friendPage.getByRole("heading", { name: /邀请你助力/ })).toBeVisible();
    await friendPage.getByRole("button", { name: "为TA助力" }).click();
    await expect(friendPage.locator(".help-count")).toHaveText("已有1/3位好友助力");
    await expect(friendPage.getByRole("button", { name: "你已助力" })).toBeDisabled();
    for (let index = 0; index < 2; index++) {
      const other = await logInByCode(request);
      const helped = await request.post("/api/coupon/addActivityCouponFromGiveLink", { data: { code }, headers: { token: other.token } });
      expect((await helped.json()).code).toBe(200);
    }
    // The coupon is the owner's: the helper is thanked, never told it went into their own coupons.
    await friendPage.reload();
    await waitForHydration(friendPage);
    await expect(friendPage.locator(".help-unlocked")).toHaveText(/的优惠券已解锁，谢谢你的助力$/);
  } finally {
    await friend.close();
  }

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(".help-unlocked")).toHaveText("优惠券已解锁，已放入“我的优惠券”");
  await page.getByRole("link", { name: "查看我的优惠券" }).click();
  await waitForHydration(page);
  await expect(page.locator(".coupon-usable").filter({ hasText: "好友助力 课程立减30元" })).toBeVisible();
});

test("a new member takes the welcome gift once from the coupon centre", async ({ page }) => {
  await logInByCode(page.request);
  await page.goto("/getCoupon");
  await waitForHydration(page);
  await expect(page.locator(".newcomer-gift")).toContainText("新人礼 无门槛立减10元");
  await page.getByRole("button", { name: "领取新人礼" }).click();
  await expect(page.locator(".toast").filter({ hasText: "新人礼已放入" })).toBeVisible();
  await expect(page.locator(".newcomer-gift")).toHaveCount(0);
  await page.goto("/myCoupon");
  await waitForHydration(page);
  await expect(page.locator(".coupon-usable").filter({ hasText: "新人礼 无门槛立减10元" })).toContainText("¥10.00");
  await page.goto("/getCoupon");
  await waitForHydration(page);
  await expect(page.locator(".coupon-centre").first()).toBeVisible();
  await expect(page.locator(".newcomer-gift")).toHaveCount(0);
});
