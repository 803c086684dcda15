/**
 * Buying goods: the confirmation asks for a delivery address, the address list opened from it (?prePage=) adds one
 * with the province–city–district picker and, chosen, returns to the order; paid, the order confirmation says so.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { logInByCode } from "./platform-support";

test("an address added and chosen from the order's address list comes back to the order, which is then paid", async ({ page }) => {
  await logInByCode(page.request);
  const goods = (await (await page.request.get("/api/goods/list")).json()).data.list as { id: number; title: string }[];
  const bag = goods.find((item) => item.title.includes("托特包"))!;
  await page.goto(`/goodsDetail?id=${bag.id}`);
  await waitForHydration(page);
  await page
    .locator(".product-buy")
    .getByRole("link", { name: /立即购买/ })
    .click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "+" }).click();
  await expect(page.locator(".confirm-pay strong")).toHaveText("¥118.00");

  await page.getByRole("link", { name: /添加收货地址/ }).click();
  await expect(page).toHaveURL(/\/addressList\?prePage=[A-Za-z0-9_-]+$/);
  await waitForHydration(page);
  await page.getByRole("link", { name: "新增收货地址" }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请填写收货人")).toBeVisible();
  await page.getByLabel("收货人").fill("赵六");
  await page.getByLabel("手机号码").fill("1380013");
  await page.getByLabel("省份").selectOption({ label: "广东省" });
  await page.getByLabel("城市").selectOption({ label: "广州市" });
  await page.getByLabel("区县").selectOption({ label: "天河区" });
  await page.getByLabel("详细地址").fill("天河路385号");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请输入正确的手机号码")).toBeVisible();
  // What was typed stays; only the phone is corrected.
  await expect(page.getByLabel("详细地址")).toHaveValue("天河路385号");
  await page.getByLabel("手机号码").fill("13800138000");
  await page.getByRole("button", { name: "保存" }).click();

  await expect(page).toHaveURL(/\/addressList\?prePage=[A-Za-z0-9_-]+$/);
  const card = page.locator(".address-card").filter({ hasText: "赵六" });
  await expect(card).toContainText("广东省广州市天河区 天河路385号");
  await expect(card).toContainText("默认");
  await card.getByRole("button", { name: /使用此地址/ }).click();
  await expect(page).toHaveURL(new RegExp(`/goodsConfirm\\?id=${bag.id}&addressId=\\d+$`));
  await waitForHydration(page);
  await expect(page.locator(".confirm-address")).toContainText("赵六 13800138000");

  await page.getByRole("button", { name: "+" }).click();
  await page.getByRole("button", { name: "提交订单并支付" }).click();
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(page).toHaveURL(/\/orderAck\?orderNo=\d+$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "支付成功" })).toBeVisible();
  await expect(page.getByText("我们会尽快为您发货")).toBeVisible();
});
