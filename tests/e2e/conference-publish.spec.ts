/**
 * A campaign page's publish window, decided on the server's clock (fixtures e2eConference*.json, served beside the
 * real configs): before it opens a clear "not yet open" page with the date; after it ends either the "ended" notice
 * or, with afterUntil "keep", the page itself with its replay.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { platformData } from "./platform-support";

test("before its window opens a page says when it will", async ({ page }) => {
  const response = await page.goto("/e2eConferenceLater");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  const notice = page.getByRole("alert");
  await expect(notice.getByRole("heading", { name: "页面尚未开放" })).toBeVisible();
  await expect(notice).toContainText("本页面将于 2099年1月1日 09:00 开放，敬请期待。");
  await expect(page.locator(".event-hero")).toHaveCount(0);
});

test("after its window a closed page shows the ended notice and none of its content", async ({ page }) => {
  const html = await (await page.request.get("/e2eConferenceEnded")).text();
  expect(html).not.toContain("2023计量经济学会亚洲会议");
  await page.goto("/e2eConferenceEnded");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "活动已结束" })).toBeVisible();
  await expect(page.locator(".event-hero")).toHaveCount(0);
});

test("after its window a page kept with afterUntil 'keep' shows the replay", async ({ page }) => {
  const special = await platformData(page.request, "/special/detail", { id: 900011 });
  await page.goto("/e2eConferenceReplay");
  await waitForHydration(page);
  await expect(page.locator(".event-hero h1")).toHaveText(special.title);
  await expect(page.locator(".event-hero-badge")).toHaveText("可看回放");
  const replay = page.getByRole("link", { name: "观看回放" });
  await expect(replay).toHaveAttribute("href", special.liveLink);
  await replay.click();
  await expect(page).toHaveURL(new RegExp(`/viewLive\\?id=${special.livePlanId}$`));
});
