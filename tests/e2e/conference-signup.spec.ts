/**
 * Signing up on a conference page: a visitor is asked to log in; a logged-in user gets the platform's form, cannot
 * send it without accepting the agreement, and is signed up when they do — which a reload still shows. The deadline
 * countdown shows days, hours and minutes.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { holdSession, logInByCode, platformData, speak } from "./platform-support";

const ABFERAC = 900008;
const LIVE_SERIES = 900001;

test("the countdown to the 13 January 18:00 deadline shows days, hours and minutes", async ({ page }) => {
  const special = await platformData(page.request, "/special/detail", { id: ABFERAC });
  expect(special.deadline).toMatch(/-01-13T10:00:00\.000Z$/);
  await page.goto("/abferac");
  await waitForHydration(page);
  const timer = page.locator('.widget-countdown [role="timer"]');
  await expect(timer).toContainText("距报名截止还有");
  const left = Date.parse(special.deadline) - Date.now();
  const [days, hours, minutes] = await Promise.all(
    ["days", "hours", "minutes"].map(async (unit) => Number(await timer.locator(`[data-unit="${unit}"]`).textContent())),
  );
  expect(days).toBe(Math.floor(left / 86_400_000));
  expect(hours).toBe(Math.floor((left % 86_400_000) / 3_600_000));
  expect(Math.abs(minutes - Math.floor((left % 3_600_000) / 60_000))).toBeLessThanOrEqual(1);
  await expect(timer).toHaveText(/\d+天\d{2}小时\d{2}分钟/);
  await expect(page.locator('[data-fact="deadline"] dd')).toHaveText(/1月13日 18:00$/);
});

test("a visitor is asked to log in before signing up", async ({ page }) => {
  await page.goto("/abferac");
  await waitForHydration(page);
  const signUp = page.locator('[data-sign-up="open"]');
  await expect(signUp.locator("form")).toHaveCount(0);
  await signUp.getByRole("button", { name: "登录后报名" }).click();
  await expect(page.locator('dialog[data-dialog="login"]')).toBeVisible();
});

test("a logged-in user must accept the agreement, then is signed up", async ({ page, context, baseURL }) => {
  const session = await logInByCode(page.request);
  await holdSession(context, baseURL!, session);
  const before = await platformData(page.request, "/signData/isCanAdd", { specialId: ABFERAC });

  await page.goto("/abferac");
  await waitForHydration(page);
  const signUp = page.locator("[data-sign-up]");
  const form = signUp.locator("form");
  await expect(form).toBeVisible();
  // Only the user's texts: no schema title or developer description in the form.
  await expect(form).not.toContainText(/Signing up|SpecialSignUpForm/);
  await form.getByLabel("姓名").fill("陈静");
  await form.getByLabel("工作单位").fill("复旦大学经济学院");
  await form.getByLabel("职务/职称").fill("副教授");
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/signData/add")) sent.push(request.url());
  });
  await form.getByRole("button", { name: "提交报名" }).click();
  await expect(form.getByText("请阅读并同意用户协议和隐私政策")).toBeVisible();
  expect(sent).toEqual([]);
  expect((await platformData(page.request, "/signData/isCanAdd", { specialId: ABFERAC }, session.token)).reason).toBe("open");

  const agreement = form.getByRole("checkbox");
  await expect(agreement).not.toBeChecked();
  await expect(form.getByRole("link", { name: "《用户协议》" })).toHaveAttribute("href", "/agreement");
  await agreement.check();
  await form.getByRole("button", { name: "提交报名" }).click();
  await expect(signUp.locator(".sign-up-done")).toContainText("您已成功报名");
  await expect(signUp).toHaveAttribute("data-sign-up", "enrolled");
  await expect(page.locator(".toast-success")).toHaveText("报名成功");
  expect(sent).toHaveLength(1);
  // Signed up, the seat map on the same page opens without a reload.
  await expect(page.locator(".seat-hint")).toHaveText("点击空座位选中，再确认选座");
  await expect(form).toHaveCount(0);

  const after = await platformData(page.request, "/signData/isCanAdd", { specialId: ABFERAC }, session.token);
  expect(after).toMatchObject({ reason: "enrolled", enrolled: true, enrollCount: before.enrollCount + 1 });

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('[data-sign-up="enrolled"] .sign-up-done')).toContainText("您已成功报名");
  await expect(page.locator(".seat-hint")).toHaveText("点击空座位选中，再确认选座");
});

test("one-click sign-up to a live series, in English, also needs the agreement", async ({ page, context, baseURL }) => {
  const session = await logInByCode(page.request);
  await holdSession(context, baseURL!, session);
  await speak(context, baseURL!, "en");
  await page.goto("/liveSpec");
  await waitForHydration(page);
  const form = page.locator("[data-sign-up] form");
  await expect(form).toBeVisible();
  await expect(form.getByRole("textbox")).toHaveCount(0);
  await form.getByRole("button", { name: "Sign up now" }).click();
  await expect(form.getByText("Please read and accept the User Agreement and the Privacy Policy")).toBeVisible();
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Sign up now" }).click();
  await expect(page.locator('[data-sign-up="enrolled"]')).toContainText("You have signed up");
  expect(await platformData(page.request, "/special/isEnroll", { specialId: LIVE_SERIES }, session.token)).toMatchObject({ enrolled: true });
});
