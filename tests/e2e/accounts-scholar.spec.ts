/**
 * The scholar verification flow of spec §4 and §6, end to end: a visitor gets the login dialog, a phone user the
 * offer to verify; /authentication takes the application (the free-text rule on the research field), the institutional
 * email is confirmed from the outbox, the developer review approves it, and the author code opens the scholar gate.
 */
import { test, expect, waitForHydration, confirmationPath, dialog, fieldErrors, loginByApi, newEmail, registerByApi, useSession } from "./accounts-support";

test("visitor → the login dialog on a scholars-only page", async ({ page }) => {
  await page.goto("/e2eScholar");
  await waitForHydration(page);
  await expect(dialog(page, "login").getByRole("heading", { name: "登录" })).toBeVisible();
  await expect(dialog(page, "login").locator(".dialog-lead")).toHaveText("登录后即可继续");
  await dialog(page, "login").getByRole("button", { name: "关闭" }).click();
  const gate = page.locator('[data-gate="needLogin"]');
  await expect(gate).toBeVisible();
  await expect(page.getByText("认证学者讨论区")).toHaveCount(0);
  await gate.getByRole("button", { name: "登录" }).click();
  await expect(dialog(page, "login")).toBeVisible();
});

test("apply, confirm the email, get approved, and the author code opens the gate", async ({ page, context, baseURL }) => {
  const { phone, password } = await registerByApi(page.request);
  const session = await loginByApi(page.request, phone, password);
  await useSession(page, context, baseURL!, session, "/e2eScholar");

  // Never applied (isPass -1): the verify dialog offers verification.
  const verify = dialog(page, "verify");
  await expect(verify.locator("[data-step]")).toHaveAttribute("data-step", "-1");
  await expect(verify).toContainText("该功能仅向认证学者开放，完成学者认证即可使用。");
  await verify.getByRole("button", { name: "去认证" }).click();
  await expect(page).toHaveURL(/\/authentication$/);
  const section = page.locator(".scholar-verification");
  await expect(section).toHaveAttribute("data-state", "none");
  await expect(section.getByRole("status")).toContainText("您还不是认证学者");

  // The form: required fields, and the research field's limit of 50 where a word or a number counts as one.
  await section.getByRole("button", { name: "提交认证" }).click();
  await expect(fieldErrors(section)).toHaveText(["请输入真实姓名", "请输入邮箱", "请输入所在机构", "请输入研究领域"]);
  await section.getByLabel(/^真实姓名/).fill("王小明");
  const email = newEmail();
  await section.getByLabel(/^机构邮箱/).fill(email);
  await section.getByLabel(/^所在机构/).fill("北京大学经济学院");
  await section.getByLabel(/^研究领域/).fill("经".repeat(51));
  await expect(fieldErrors(section)).toHaveText(["不能超过50个字（一个英文单词或一个数字算一个字）"]);
  await expect(section.locator(".counted .count")).toHaveText("51/50");
  // 50 English words are 50, however many letters they have.
  await section.getByLabel(/^研究领域/).fill(Array.from({ length: 50 }, () => "economics").join(" "));
  await expect(section.locator(".counted .count")).toHaveText("50/50");
  await expect(fieldErrors(section)).toHaveCount(0);
  await section.getByLabel(/^研究领域/).fill("labour economics 2024 劳动经济学");
  await section.getByLabel(/^工作经历/).fill("2015-2020 北京大学 助理教授");
  await section.getByLabel(/^教育经历/).fill("2010-2015 清华大学 博士");
  await section.getByLabel(/^个人简介/).fill("研究劳动经济学与人口迁移。");
  await section.getByRole("button", { name: "提交认证" }).click();
  await expect(section).toHaveAttribute("data-state", "emailPending");
  await expect(section.getByRole("status")).toContainText(`确认邮件已发送至 ${email}`);

  // Email pending (3): the gate's dialog says so.
  await page.goto("/e2eScholar");
  await expect(dialog(page, "verify").locator("[data-step]")).toHaveAttribute("data-step", "3");

  // The confirmation link → pending review (0).
  await page.goto(await confirmationPath(page.request, email));
  await expect(page).toHaveURL(/\/emailVerifyResult\?status=success$/);
  await page.goto("/authentication");
  await expect(page.locator(".scholar-verification")).toHaveAttribute("data-state", "pending");

  // Declined with a reason (1), shown on /authentication with the form to apply again.
  const userId = session.user.id;
  const declined = await page.request.post(`/dev/claims/${userId}`, { form: { decision: "decline", reason: "请使用机构邮箱" }, maxRedirects: 0 });
  expect(declined.status()).toBe(303);
  await page.reload();
  const again = page.locator(".scholar-verification");
  await expect(again).toHaveAttribute("data-state", "declined");
  await expect(again.getByRole("status")).toContainText("原因：请使用机构邮箱");
  // Issue 34: the form comes back with what was sent, to be corrected rather than typed again.
  await expect(again.getByRole("status")).toContainText("下方是您上次提交的资料");
  await expect(again.getByLabel(/^机构邮箱/)).toHaveValue(email);
  await expect(again.getByLabel(/^工作经历/)).toHaveValue("2015-2020 北京大学 助理教授");
  await page.goto("/e2eScholar");
  await expect(dialog(page, "verify")).toContainText("原因：请使用机构邮箱");
  await page.goto("/authentication");
  const form = page.locator(".scholar-verification");
  await form.getByLabel(/^真实姓名/).fill("王小明");
  const second = newEmail();
  await form.getByLabel(/^机构邮箱/).fill(second);
  await form.getByLabel(/^所在机构/).fill("北京大学经济学院");
  await form.getByLabel(/^研究领域/).fill("劳动经济学");
  await form.getByRole("button", { name: "提交认证" }).click();
  await expect(form).toHaveAttribute("data-state", "emailPending");
  await page.goto(await confirmationPath(page.request, second));

  // Approved (2) by the developer review: the flow fetches and stores the author code, and the gate opens.
  expect((await page.request.post(`/dev/claims/${userId}`, { form: { decision: "approve" }, maxRedirects: 0 })).status()).toBe(303);
  await page.goto("/e2eScholar");
  await waitForHydration(page);
  await expect(page.getByText("认证学者讨论区")).toBeVisible();
  await expect(page.locator("dialog.dialog")).toHaveJSProperty("open", false);
  const authorCode = await page.evaluate(() => JSON.parse(localStorage.getItem("userObj") ?? "{}").authorCode);
  expect(authorCode).toBe(`A${200000 + userId}`);

  // The personal centre marks the verified scholar; /authentication shows the code.
  await page.goto("/me");
  await expect(page.locator(".scholar-mark")).toHaveAttribute("data-verified", "true");
  await expect(page.locator(".scholar-mark")).toHaveText("已认证学者");
  await page.goto("/authentication");
  await expect(page.locator(".scholar-verification")).toHaveAttribute("data-state", "approved");
  await expect(page.locator(".scholar-verification").getByRole("status")).toContainText(`学者编号：${authorCode}`);
});

test("the warning to complete person verification first leads to /authentication", async ({ page, context, baseURL }) => {
  const { phone, password } = await registerByApi(page.request);
  const session = await loginByApi(page.request, phone, password);
  await useSession(page, context, baseURL!, session);
  await page.goto("/e2eVerifyWarning");
  await expect(page.locator(".toast-error").filter({ hasText: "请先完成学者认证" })).toBeVisible();
  await expect(page).toHaveURL(/\/authentication$/);
  await expect(page.locator(".scholar-verification")).toHaveAttribute("data-state", "none");
});
