/**
 * The lucky draw as a player meets it: a chance earned by sharing the draw, a turn whose highlight runs round and lands
 * on the prize the platform drew, and that prize in My prizes, where a physical prize gets its delivery address.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { logInByCode } from "./platform-support";

test("a chance from sharing wins a physical prize, which is claimed with an address in My prizes", async ({ page }) => {
  await logInByCode(page.request);
  // The developer tools tune the odds as operations would, so that this turn lands on a physical prize.
  expect((await page.request.post("/dev/luckyDraw", { form: { kind: "physical", weight: "1000000" } })).ok()).toBe(true);

  await page.goto("/luckyDraw");
  await waitForHydration(page);
  await expect(page.locator(".lucky-cell")).toHaveCount(8);
  await expect(page.locator(".lucky-chances")).toHaveText("0");
  const share = page.locator(".lucky-task").filter({ hasText: "分享抽奖活动" });
  await share.getByRole("button", { name: "去分享" }).click();
  await share.getByRole("button", { name: "领取" }).click();
  await expect(page.locator(".toast").filter({ hasText: "获得1次抽奖机会" })).toBeVisible();
  await expect(page.locator(".lucky-chances")).toHaveText("1");
  await expect(share.getByRole("button", { name: "已领取" })).toBeDisabled();
  await expect(page.getByRole("radio", { name: "用抽奖机会（剩1次）" })).toBeChecked();

  await page.getByRole("button", { name: /抽奖\s*1次机会\/次/ }).click();
  await expect(page.locator(".lucky-cell-active")).toHaveCount(1);
  const landed = page.locator(".lucky-cell-landed");
  await expect(landed).toHaveCount(1, { timeout: 10_000 });
  await expect(landed).toHaveClass(/lucky-physical/);
  const prize = (await landed.locator("span").first().textContent()) ?? "";
  await expect(page.locator(".lucky-result")).toContainText(`恭喜获得 ${prize}`);
  await expect(page.locator(".lucky-chances")).toHaveText("0");

  await page.locator(".lucky-result").getByRole("link", { name: "去填写地址" }).click();
  await expect(page).toHaveURL(/\/myluckyDraw$/);
  await waitForHydration(page);
  const item = page.locator(".prize").filter({ hasText: prize });
  await expect(item.locator(".prize-status")).toHaveText("待填写地址");
  await item.getByRole("button", { name: "填写收货地址" }).click();
  await expect(item.locator(".prize-no-address")).toHaveText("还没有收货地址");
  await expect(item.getByRole("link", { name: "新增收货地址" })).toHaveAttribute("href", /^\/addressAddOrEdit\?prePage=/);

  const saved = await page.request.post("/api/userAddress/operation", {
    data: { receiver: "赵敏", phone: "13700137001", provinceCode: "310000", cityCode: "310000", districtCode: "310104", detail: "漕溪北路99号" },
  });
  expect((await saved.json()).code).toBe(200);
  await item.getByRole("button", { name: "取消" }).click();
  await item.getByRole("button", { name: "填写收货地址" }).click();
  await expect(item.getByRole("radio", { name: /赵敏/ })).toBeChecked();
  await item.getByRole("button", { name: "确认地址" }).click();
  await expect(page.locator(".toast").filter({ hasText: "已提交收货地址" })).toBeVisible();
  await expect(item.locator(".prize-status")).toHaveText("待发货");
  await expect(item.locator(".prize-ship-to")).toContainText("赵敏 13700137001");
  await expect(item.getByRole("button", { name: "填写收货地址" })).toHaveCount(0);

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(".prize").filter({ hasText: prize }).locator(".prize-status")).toHaveText("待发货");
});
