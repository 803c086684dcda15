/**
 * Staff management and the audit log in the console (issue 28, ADR 078), one journey: an admin adds a person, who sets
 * their password through the one-time link and signs in; staff screens are refused to them; the admin disables them
 * and their session ends at once; the admin finds it all in the audit log, filtered by person, in Chinese and English.
 */
import { test, expect } from "./fixtures";
import { OPS_API } from "@contracts/ops";
import { LAPTOP, signIn } from "./ops-support";

test.use(LAPTOP);

test("an admin adds a person who sets their own password, then disables them and reads the audit log", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const clerk = `e2e-clerk${Date.now().toString(36)}`;
  const password = "a sentence I remember";
  await signIn(page, "admin");
  await page.getByRole("link", { name: "员工", exact: true }).click();
  await expect(page.getByRole("heading", { name: "员工管理" })).toBeVisible();

  await page.getByLabel("用户名", { exact: true }).fill("9 lives");
  await page.getByRole("button", { name: "添加并生成链接" }).click();
  await expect(page.locator("#ops-staff-name-error")).toHaveText(/小写字母开头/);
  await page.getByLabel("用户名", { exact: true }).fill(clerk);
  await page.getByLabel("角色", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "添加并生成链接" }).click();
  const url = await page.getByTestId("ops-staff-link").inputValue();
  expect(url).toMatch(/\/ops\/password\?token=[A-Za-z0-9]{32}$/);
  await expect(page.getByTestId(`ops-staff-${clerk}`)).toContainText("等待本人设置密码");
  await page.screenshot({ path: testInfo.outputPath("staff-zh.png") });

  // The person, in a browser of their own: the link, a password typed twice, then the login page.
  const theirs = await browser.newContext({ ...LAPTOP, baseURL: testInfo.project.use.baseURL });
  const person = await theirs.newPage();
  await person.goto(new URL(url).pathname + new URL(url).search);
  await expect(person.getByRole("heading", { name: new RegExp(clerk) })).toBeVisible();
  await person.getByLabel("新密码", { exact: true }).fill(password);
  await person.getByLabel("再次输入新密码").fill("something else entirely");
  await person.getByRole("button", { name: "设置密码" }).click();
  await expect(person.locator("#ops-repeat-error")).toHaveText("两次输入的密码不一致");
  await person.getByLabel("再次输入新密码").fill(password);
  await person.getByRole("button", { name: "设置密码" }).click();
  await expect(person.getByRole("heading", { name: "密码已设置" })).toBeVisible();
  await person.screenshot({ path: testInfo.outputPath("password-set-zh.png") });
  await person.getByRole("link", { name: "登录" }).click();
  await person.getByLabel("用户名").fill(clerk);
  await person.getByLabel("密码").fill(password);
  await person.getByRole("button", { name: "登录", exact: true }).click();
  await expect(person.getByTestId("ops-who")).toContainText(clerk);
  await expect(person.getByRole("link", { name: "员工", exact: true })).toHaveCount(0);
  expect((await person.request.get(OPS_API.staff)).status()).toBe(403);

  // Disabled: the person's session ends at once.
  await page.getByTestId(`ops-staff-${clerk}`).getByRole("button", { name: "停用" }).click();
  await expect(page.getByTestId(`ops-staff-${clerk}`)).toContainText("已停用");
  expect((await person.request.get(OPS_API.me)).status()).toBe(401);
  await theirs.close();

  // The audit log, filtered by the person: their refused call and the admin's changes, in words.
  await page.getByRole("link", { name: "操作日志" }).click();
  await page.getByLabel("操作人").fill(clerk);
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${clerk}`));
  const log = page.getByTestId("ops-audit");
  // Their three entries and nobody else's: the refusal, the sign-in and the password they set.
  await expect(log.locator("tbody tr")).toHaveCount(3);
  await expect(log.locator("tbody tr").filter({ hasNotText: clerk })).toHaveCount(0);
  await expect(log.getByRole("row").filter({ hasText: "无权操作被拒绝" })).toContainText("只有管理员可以管理员工");
  await expect(log.getByRole("row").filter({ hasText: "设置了密码" })).toContainText("首次设置");
  await page.screenshot({ path: testInfo.outputPath("audit-zh.png"), fullPage: true });
  await page.getByLabel("操作人").fill("e2e-admin");
  await page.getByLabel("操作", { exact: true }).selectOption("staffDisabled");
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(log.getByRole("row").filter({ hasText: clerk }).filter({ hasText: "停用了员工" })).toHaveCount(1);
  await expect(log.locator("tbody tr").filter({ hasNotText: "停用了员工" })).toHaveCount(0);

  // The admin publishes too: a scheduled publish of the live version tomorrow, listed, then cancelled.
  await page.goto("/ops/edit?path=%2F2023ames");
  await page.getByRole("tab", { name: "版本历史" }).click();
  const schedule = page.getByRole("region", { name: "定时发布" });
  await schedule.getByLabel("发布内容").selectOption({ index: 0 });
  await schedule.getByLabel("上线时间（北京时间）").fill("2020-01-01T09:00");
  await schedule.getByRole("button", { name: "安排定时发布" }).click();
  await expect(schedule.getByRole("alert")).toHaveText("请选择一个将来的北京时间");
  // A minute of its own per run, so a retry against the same server finds its own schedule, not an earlier run's.
  const day = 1 + (Math.floor(Date.now() / 1000) % 28);
  const minute = String(Math.floor(Date.now() / 60_000) % 60).padStart(2, "0");
  await schedule.getByLabel("上线时间（北京时间）").fill(`2099-04-${String(day).padStart(2, "0")}T09:${minute}`);
  await schedule.getByRole("button", { name: "安排定时发布" }).click();
  const waiting = schedule
    .getByTestId("ops-schedules")
    .getByRole("listitem")
    .filter({ hasText: `2099年4月${day}日 09:${minute}` });
  await expect(waiting).toContainText("等待上线");
  await page.screenshot({ path: testInfo.outputPath("schedule-zh.png"), fullPage: true });
  await waiting.getByRole("button", { name: "取消" }).click();
  await expect(waiting).toContainText("已取消");
  await page.goto("/ops/audit?actor=e2e-admin&action=staffDisabled");

  await page.getByRole("button", { name: "Switch to English" }).click();
  await expect(log.getByRole("row").filter({ hasText: clerk })).toContainText("disabled a staff member");
  await page.screenshot({ path: testInfo.outputPath("audit-en.png"), fullPage: true });
  await page.getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page.getByTestId(`ops-staff-${clerk}`)).toContainText("disabled");
  await page.screenshot({ path: testInfo.outputPath("staff-en.png"), fullPage: true });
});
