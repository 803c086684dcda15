/**
 * Voting as people meet it (ADR 021): a voter spends today's tickets and is told when they run out; a visitor opening a
 * shared entry sees it with its count and is asked to log in to vote; the reading contest's home shows its stages and
 * leads to an entry's vote page and to the last edition's winners.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { dialog } from "./accounts-support";
import { logInByCode } from "./platform-support";

interface Board {
  entries: { id: number; title: string; votes: number }[];
}

test("a voter spends today's 3 tickets and is told when none are left", async ({ page }) => {
  await logInByCode(page.request);
  await page.goto("/bookVote");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "年度经管好书评选" })).toBeVisible();
  await expect(page.getByTestId("vote-tickets").first()).toHaveText("今日剩余 3/3 票");

  const entry = page.getByTestId("vote-entry").first();
  const count = entry.getByTestId("vote-count");
  const before = Number(await count.textContent());
  for (const left of [2, 1, 0]) {
    await entry.getByRole("button", { name: "投票" }).click();
    await expect(page.locator(".toast").filter({ hasText: `投票成功，今日还剩 ${left} 票` })).toBeVisible();
    await expect(page.getByTestId("vote-tickets").first()).toHaveText(`今日剩余 ${left}/3 票`);
  }
  await expect(count).toHaveText(String(before + 3));

  await entry.getByRole("button", { name: "投票" }).click();
  await expect(page.locator(".toast").filter({ hasText: "今天的 3 票已用完，明天再来吧" })).toBeVisible();
  await expect(count).toHaveText(String(before + 3));

  // The counts are the server's: a reload shows the same.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("vote-tickets").first()).toHaveText("今日剩余 0/3 票");
  await expect(page.getByTestId("vote-entry").first().getByTestId("vote-count")).toHaveText(String(before + 3));
});

test("a visitor opening a shared entry sees it with its count and is asked to log in to vote", async ({ page }) => {
  const board = (await (await page.request.get("/api/voteVideo/detail")).json()) as { data: Board };
  const shared = board.data.entries[0];
  await page.goto(`/shareVideoVotePage?id=${shared.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: shared.title })).toBeVisible();
  await expect(page.getByText("你的好友正在为这个作品拉票，每人每天可投 5 票")).toBeVisible();
  await expect(page.getByTestId("vote-count")).toHaveText(String(shared.votes));
  await expect(page.locator("video")).toHaveCount(1);
  await page.getByRole("button", { name: "登录后投票" }).click();
  await expect(dialog(page, "login")).toBeVisible();
});

test("the contest home shows its stages and leads to an entry's vote page and the last edition's winners", async ({ page }) => {
  await page.goto("/jdds");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "经管好书阅读大赛", level: 1 })).toBeVisible();
  const stages = page.getByTestId("contest-stages").locator("li");
  await expect(stages).toHaveCount(3);
  await expect(stages.nth(0)).toContainText("作品征集");
  await expect(stages.nth(0)).toContainText("已结束");
  await expect(stages.nth(1)).toContainText("大众投票");
  await expect(stages.nth(1)).toContainText("进行中");
  await expect(stages.nth(2)).toContainText("未开始");
  await expect(page.getByTestId("contest-winners")).toContainText("一等奖");

  const first = page.locator(".contest-entry").first();
  const title = (await first.locator(".contest-entry-title").textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/readMatchVideoVoteDetail\?id=\d+$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(/^参赛者：/)).toBeVisible();
  await expect(page.locator("video")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "登录后投票" })).toBeEnabled();
  await page.getByRole("link", { name: "查看全部作品" }).click();
  await expect(page).toHaveURL(/\/jdds$/);
  await waitForHydration(page);
  await page.getByRole("link", { name: "往届回顾" }).click();
  await expect(page).toHaveURL(/\/readMatchCase$/);
  await expect(page.getByRole("heading", { name: "首届经管好书阅读大赛 · 获奖作品" })).toBeVisible();
  await expect(page.getByText("其他参赛作品")).toBeVisible();
});
