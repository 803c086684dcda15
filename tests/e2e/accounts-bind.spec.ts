/**
 * Binding a phone (spec §4, §6, §8) for a WeChat account: the gate before verified actions, a wrong code (code 0:
 * the server's message), a number another account holds (another code: the service-contact view with copy-text,
 * save-image and "bind another phone"), then success with the new session and the task toast.
 */
import {
  test,
  expect,
  waitForHydration,
  createPhoneUser,
  dialog,
  latestCode,
  freshPhone,
  loginByApi,
  registerByApi,
  sendCodeInForm,
  storedSession,
  useSession,
  wechatByApi,
} from "./accounts-support";

test("a wx account meets the bind dialog before verified actions; code 0 and other codes; then it binds", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.clock.install();
  const session = await wechatByApi(page.request);
  await useSession(page, context, baseURL!, session, "/e2eScholar");

  // The scholar gate asks a wx user to bind first (spec §6).
  const bind = dialog(page, "bindPhone");
  await expect(bind).toBeVisible();
  await expect(bind.locator(".account-dialog")).toHaveAttribute("data-forced", "false");
  await expect(bind.locator(".dialog-lead")).toHaveText("为了您的账号安全，请先绑定手机号");
  await expect(page.locator('[data-gate="needBind"]')).toBeVisible();

  // A wrong code: code 0, the server's message as an error; what was typed stays.
  const phone = freshPhone();
  await bind.getByLabel(/^手机号/).fill(phone);
  await sendCodeInForm(page, bind);
  const right = await latestCode(page.request, phone);
  await bind.getByLabel(/^验证码/).fill(right === "000000" ? "111111" : "000000");
  await bind.getByRole("button", { name: "绑定", exact: true }).click();
  await expect(page.locator(".toast-error").filter({ hasText: "验证码错误或已失效" })).toBeVisible();
  await expect(bind.getByLabel(/^手机号/)).toHaveValue(phone);

  // A number that belongs to another account: the platform answers code 2 → service contact.
  const { phone: taken } = await createPhoneUser(page.request);
  await bind.getByLabel(/^手机号/).fill(taken);
  // The send button waits 60 s between codes: the page's clock moves on.
  await page.clock.runFor(61_000);
  await sendCodeInForm(page, bind);
  await bind.getByLabel(/^验证码/).fill(await latestCode(page.request, taken));
  await bind.getByRole("button", { name: "绑定", exact: true }).click();
  const contact = bind.locator('[data-view="service-contact"]');
  await expect(contact).toBeVisible();
  await expect(contact.getByRole("alert")).toHaveText("该手机号已绑定其他账号，请联系客服处理或更换手机号");
  await contact.getByRole("button", { name: "复制" }).click();
  await expect(page.locator(".toast").filter({ hasText: "复制成功" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("econscholar_kf");
  await contact.getByRole("button", { name: "保存图片" }).click();
  await expect(page.locator(".toast").filter({ hasText: "长按图片保存到手机" })).toBeVisible();
  await expect.poll(() => contact.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(contact.getByRole("link", { name: "400-800-2026" })).toHaveAttribute("href", "tel:400-800-2026");

  // "Bind another phone" returns to the form without the refused number.
  await contact.getByRole("button", { name: "使用其他手机号绑定" }).click();
  await expect(bind.getByLabel(/^手机号/)).toHaveValue("");

  const fresh = freshPhone();
  await bind.getByLabel(/^手机号/).fill(fresh);
  await page.clock.runFor(61_000);
  await sendCodeInForm(page, bind);
  await bind.getByLabel(/^验证码/).fill(await latestCode(page.request, fresh));
  const reloaded = page.waitForEvent("load", { timeout: 10_000 });
  await bind.getByRole("button", { name: "绑定", exact: true }).click();
  const toast = dialog(page, "taskToast");
  await expect(toast).toContainText("+50 积分");
  const stored = await storedSession(page);
  expect(stored.token).not.toBe(session.token);
  expect(stored.user?.isBindPhone).toBe(true);
  expect(stored.user?.userName).toBe(session.user.userName);
  // The old token was replaced by the new session.
  const old = await page.request.get("/api/web/isLogin", { headers: { token: session.token } });
  expect((await old.json()).code).toBe(10001);
  // Module 3: the toast closes after 3 s and the page reloads.
  await page.clock.runFor(3_000);
  await reloaded;
  await waitForHydration(page);
  await expect(page.locator('[data-gate="needBind"]')).toHaveCount(0);
});

test("a phone user never sees the bind dialog and an email account does", async ({ page, context, baseURL }) => {
  const { phone, password } = await registerByApi(page.request);
  await useSession(page, context, baseURL!, await loginByApi(page.request, phone, password), "/e2eScholar");
  // Logged in with a phone but not a scholar: the verify dialog, not the bind one.
  await expect(dialog(page, "verify")).toBeVisible();
  await expect(page.locator('[data-gate="needVerify"]')).toBeVisible();
});
