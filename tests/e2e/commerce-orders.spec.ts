/**
 * Coupons and orders as a buyer meets them (ADR 018): claim a coupon in the centre and find it in My coupons; an
 * order placed with it waits in My orders, is paid through the payment simulator and comes back paid; another is
 * cancelled. The order is placed through the engine's call as the purchase pages will place it.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { logInByCode } from "./platform-support";

/** The seeded tote bag (platform/shop/seed.server.ts, the fifth product): ¥59.00, in stock. */
const TOTE_BAG = 5;

/** Goods are delivered: the buyer's first address, made through the address book's call. */
async function addressOf(request: APIRequestContext): Promise<number> {
  const answer = await request.post("/api/userAddress/operation", {
    data: { receiver: "王五", phone: "13700137000", provinceCode: "310000", cityCode: "310000", districtCode: "310104", detail: "漕溪北路88号" },
  });
  return ((await answer.json()) as { data: { id: number } }).data.id;
}

async function placeOrder(request: APIRequestContext, body: Record<string, unknown>): Promise<{ orderNo: string; totalFen: number }> {
  const addressId = await addressOf(request);
  const answer = await request.post("/api/order/confirmPay", {
    data: { productId: TOTE_BAG, addressId, idempotencyKey: randomBytes(12).toString("hex"), ...body },
  });
  const envelope = (await answer.json()) as { code: number; message: string; data: { orderNo: string; totalFen: number } };
  expect(envelope.code, envelope.message).toBe(200);
  return envelope.data;
}

test("a coupon claimed in the centre is in My coupons and pays part of an order, paid through the cashier", async ({ page }) => {
  await logInByCode(page.request);
  await page.goto("/me");
  await waitForHydration(page);
  await page.getByRole("link", { name: "领券中心" }).click();
  await expect(page).toHaveURL(/\/getCoupon$/);
  const merch = page.locator(".coupon").filter({ hasText: "周边好物 满100减10" });
  await merch.getByRole("button", { name: "立即领取" }).click();
  await expect(page.locator(".toast").filter({ hasText: "领取成功" })).toBeVisible();
  await expect(merch.getByRole("button", { name: "已领取" })).toBeDisabled();

  await page.getByRole("link", { name: "我的优惠券" }).click();
  await expect(page).toHaveURL(/\/myCoupon$/);
  const usable = page.locator(".coupon-usable").filter({ hasText: "周边好物 满100减10" });
  await expect(usable).toBeVisible();
  await expect(usable).toContainText("¥10.00");
  await expect(usable).toContainText("满¥100.00可用");

  const coupons = (await (await page.request.get("/api/coupon/myCouponList")).json()).data.usable as { userCouponId: number }[];
  const order = await placeOrder(page.request, { quantity: 2, userCouponId: coupons[0].userCouponId });
  expect(order.totalFen).toBe(2 * 5_900 - 1_000);

  await page.goto("/myOrder?state=1");
  await waitForHydration(page);
  const card = page.locator(".order-card").filter({ hasText: order.orderNo });
  await expect(card).toContainText("待支付");
  await expect(card).toContainText("¥108.00");
  await expect(card.getByRole("button", { name: "去支付" })).toBeVisible();
  await card.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/myOrderDetail\\?orderNo=${order.orderNo}$`));
  await expect(page.getByRole("heading", { name: "待支付" })).toBeVisible();
  await expect(page.locator(".order-lines")).toContainText("-¥10.00");

  await page.getByRole("button", { name: "去支付" }).click();
  await expect(page).toHaveURL(/\/dev\/pay\?paymentNo=/);
  await expect(page.locator("dd.code")).toHaveText("¥108.00");
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.locator("[data-status]")).toHaveText("succeeded");
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(page).toHaveURL(new RegExp(`/myOrderDetail\\?orderNo=${order.orderNo}$`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "已支付" })).toBeVisible();
  await expect(page.locator(".order-history")).toContainText("支付成功");
  // The goods' delivery address, the municipality written once.
  await expect(page.locator(".order-address")).toContainText("上海市徐汇区 漕溪北路88号");

  // After-sales (ADR 080): the refund request says what is missing at its field, then waits for an operator.
  await page.getByRole("button", { name: "申请退款" }).click();
  const form = page.locator(".refund-form");
  await expect(form).toContainText("¥108.00");
  await form.getByRole("button", { name: "提交申请" }).click();
  await expect(form.getByRole("alert")).toHaveText("请选择退款原因");
  await form.getByLabel("不想要了").check();
  await form.getByLabel("补充说明（选填）").fill("买重了一个");
  await form.getByRole("button", { name: "提交申请" }).click();
  await expect(page.getByRole("heading", { name: "退款审核中" })).toBeVisible();
  await page.goto("/dev/outbox");
  await page.locator(`[data-refund-order="${order.orderNo}"]`).getByRole("button", { name: "Approve" }).click();
  await expect(page.locator(`[data-refund-order="${order.orderNo}"]`)).toHaveCount(0);
  await page.goto("/myOrder?state=4");
  await waitForHydration(page);
  await expect(page.locator(".order-card").filter({ hasText: order.orderNo })).toContainText("已退款");
  await page.goto("/me");
  await waitForHydration(page);
  await expect(page.locator(".order-state").filter({ hasText: "退款/售后" })).toContainText("1");

  // The coupon stays spent after the refund, as for an operator's refund (ADR 040).
  await page.goto("/myCoupon?state=1");
  await waitForHydration(page);
  await expect(page.locator(".coupon-used").filter({ hasText: "周边好物 满100减10" })).toBeVisible();
});

test("an unpaid order is cancelled from its page; My orders files it under Cancelled, in English too", async ({ page, context, baseURL }) => {
  await logInByCode(page.request);
  await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  const order = await placeOrder(page.request, {});
  await page.goto(`/myOrderDetail?orderNo=${order.orderNo}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Awaiting payment" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel order" }).click();
  // Cancelling asks first; keeping the order changes nothing.
  await page.getByRole("alertdialog").getByRole("button", { name: "Keep it" }).click();
  await expect(page.getByRole("heading", { name: "Awaiting payment" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("heading", { name: "Cancelled" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await page.goto("/myOrder?state=5");
  await waitForHydration(page);
  await expect(page.locator(".order-card").filter({ hasText: order.orderNo })).toContainText("Cancelled");
});

test("orders and coupons are the signed-in viewer's own: a visitor is asked to log in", async ({ page }) => {
  for (const path of ["/myOrder", "/myCoupon", "/getCoupon"]) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('[data-gate="needLogin"]').first()).toBeVisible();
  }
});
