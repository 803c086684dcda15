/**
 * Seat selection with two people in two browsers: both see a seat free and pick it; the first to confirm gets it,
 * the second is told in plain words and sees it taken, then takes another.
 */
import { test, expect, waitForHydration, watchConsole } from "./fixtures";
import { holdSession, logInByCode, platformData } from "./platform-support";

const SALON = 900003;

test("the second of two people confirming one seat is told, and sees it taken", async ({ browser, baseURL, request }) => {
  const [first, second] = [await logInByCode(request), await logInByCode(request)];
  for (const session of [first, second]) {
    const answer = await (
      await request.post("/api/signData/add", {
        data: { specialId: SALON, realName: "学者", orgName: "上海财经大学", agree: true },
        headers: { token: session.token },
      })
    ).json();
    expect(answer.code, answer.message).toBe(200);
  }
  const seat = (await platformData(request, "/seat/list", { specialId: SALON })).list.find(
    (entry: { row: string; number: number }) => entry.row === "C" && entry.number === 5,
  );
  expect(seat.state).toBe("free");

  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    await holdSession(contexts[0], baseURL!, first);
    await holdSession(contexts[1], baseURL!, second);
    const [pageA, pageB] = await Promise.all(contexts.map((context) => context.newPage()));
    const guards = [watchConsole(pageA), watchConsole(pageB)];
    for (const page of [pageA, pageB]) {
      await page.goto("/liveSpec3");
      await waitForHydration(page);
      await expect(page.locator(".seat-hint")).toHaveText("点击空座位选中，再确认选座");
    }
    const seatOf = (page: typeof pageA, name: string) => page.locator(`.seat-map [data-seat="${name}"]`);

    // Both pick C5 while it is free.
    await seatOf(pageB, "C5").click();
    await expect(seatOf(pageB, "C5")).toHaveAttribute("aria-pressed", "true");
    await expect(pageB.locator(".seat-confirm")).toContainText("已选：C排5座");
    await seatOf(pageA, "C5").click();
    await pageA.locator(".seat-confirm").getByRole("button", { name: "确认选座" }).click();
    await expect(seatOf(pageA, "C5")).toHaveAttribute("data-state", "mine");
    await expect(pageA.locator(".seat-hint")).toHaveText("您的座位：C排5座。点击其他空座位可以更换。");

    // The second confirms a seat that is no longer free.
    await pageB.locator(".seat-confirm").getByRole("button", { name: "确认选座" }).click();
    await expect(pageB.locator('.seat-map [role="alert"]')).toHaveText("该座位刚刚已被他人选择，请选择其他座位");
    await expect(seatOf(pageB, "C5")).toHaveAttribute("data-state", "taken");
    await expect(seatOf(pageB, "C5")).toBeDisabled();
    await expect(seatOf(pageB, "C5")).toHaveAttribute("aria-label", "C排5座 已被选");
    await expect(pageB.locator(".seat-confirm")).toHaveCount(0);

    await seatOf(pageB, "C6").click();
    await pageB.locator(".seat-confirm").getByRole("button", { name: "确认选座" }).click();
    await expect(seatOf(pageB, "C6")).toHaveAttribute("data-state", "mine");
    await expect(pageB.locator('.seat-map [role="alert"]')).toHaveCount(0);

    const mine = async (token: string) => (await platformData(request, "/special/isEnroll", { specialId: SALON }, token)).seat;
    expect(await mine(first.token)).toEqual({ id: seat.id, row: "C", number: 5 });
    expect(await mine(second.token)).toMatchObject({ row: "C", number: 6 });
    for (const guard of guards) expect(guard.problems()).toEqual([]);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test("a visitor tapping a seat is asked to log in", async ({ page }) => {
  await page.goto("/liveSpec3");
  await waitForHydration(page);
  await expect(page.locator(".seat-hint")).toHaveText("登录并报名后即可选座");
  await page.locator('.seat-map [data-state="free"]').first().click();
  await expect(page.locator('dialog[data-dialog="login"]')).toBeVisible();
  await expect(page.locator(".seat-confirm")).toHaveCount(0);
});
