/**
 * Registration (spec §4) and the validation messages of spec §5 in zh and en, as the forms show them; what the user
 * typed survives a failed submit, a server error and a language switch.
 */
import {
  test,
  expect,
  waitForHydration,
  api,
  confirmationPath,
  dialog,
  expectSignedIn,
  fieldErrors,
  latestCode,
  newEmail,
  freshPhone,
  openLogin,
  registerByApi,
  sendCodeInForm,
  storedSession,
} from "./accounts-support";

test.describe("register by phone", () => {
  test("shows the message, reads registering... while busy, and logs in by password 2 s later", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const login = await openLogin(page);
    await login.getByRole("button", { name: "注册账号" }).click();
    const register = dialog(page, "register");
    await expect(register.getByRole("heading", { name: "注册" })).toBeVisible();
    await expect(register.getByRole("tab", { name: "手机号注册" })).toHaveAttribute("aria-selected", "true");
    const phone = freshPhone();
    await register.getByLabel(/^手机号/).fill(phone);
    await sendCodeInForm(page, register);
    await register.getByLabel(/^验证码/).fill(await latestCode(page.request, phone));
    await register.getByLabel(/^密码/).fill("pass1234");
    await register.getByLabel(/^确认密码/).fill("pass1234");
    await register.getByLabel(/^邀请码/).fill("INVITE_2027");
    const logins: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/web/login")) logins.push(Date.now());
    });
    const started = Date.now();
    const reloaded = page.waitForEvent("load", { timeout: 10_000 });
    await register.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page.locator(".toast-success").filter({ hasText: "注册成功" })).toBeVisible();
    await expect(register.getByRole("button", { name: "注册中..." })).toBeDisabled();
    await reloaded;
    expect(logins).toHaveLength(1);
    expect(logins[0] - started).toBeGreaterThanOrEqual(2_000);
    await waitForHydration(page);
    await expectSignedIn(page);
    expect((await storedSession(page)).user?.userName).toBe(phone);
  });

  test("keeps what was typed after a server refusal (number already registered)", async ({ page }) => {
    const { phone } = await registerByApi(page.request);
    await page.goto("/home");
    await waitForHydration(page);
    await openLogin(page);
    await dialog(page, "login").getByRole("button", { name: "注册账号" }).click();
    const register = dialog(page, "register");
    await register.getByLabel(/^手机号/).fill(phone);
    await register.getByLabel(/^验证码/).fill("123456");
    await register.getByLabel(/^密码/).fill("pass1234");
    await register.getByLabel(/^确认密码/).fill("pass1234");
    await register.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page.locator(".toast-error").filter({ hasText: "该手机号已注册，请直接登录" })).toBeVisible();
    await expect(register.getByLabel(/^手机号/)).toHaveValue(phone);
    await expect(register.getByLabel(/^密码/)).toHaveValue("pass1234");
    await expect(register.getByRole("button", { name: "注册", exact: true })).toBeEnabled();
  });
});

test("register by email: pending-confirmation dialog, then the link from the outbox confirms it", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  await openLogin(page);
  await dialog(page, "login").getByRole("button", { name: "注册账号" }).click();
  const register = dialog(page, "register");
  await register.getByRole("tab", { name: "邮箱注册" }).click();
  const email = newEmail();
  await register.getByLabel(/^邮箱/).fill(email);
  await register.getByLabel(/^密码/).fill("mail1234");
  await register.getByLabel(/^确认密码/).fill("mail1234");
  await register.getByRole("button", { name: "注册", exact: true }).click();
  const result = dialog(page, "registerResult");
  await expect(result.getByRole("heading", { name: "请验证邮箱" })).toBeVisible();
  await expect(result).toContainText(`验证邮件已发送至 ${email}，请点击邮件中的链接完成注册。`);
  // It can be sent again, once a minute: the platform's answers show.
  await result.getByRole("button", { name: "重新发送" }).click();
  await expect(page.locator(".toast-success").filter({ hasText: "验证邮件已重新发送" })).toBeVisible();
  await result.getByRole("button", { name: "重新发送" }).click();
  await expect(page.locator(".toast-error").filter({ hasText: "请60秒后再试" })).toBeVisible();

  await page.goto(await confirmationPath(page.request, email));
  await expect(page).toHaveURL(/\/emailVerifyResult\?status=success$/);
  await expect(page.getByRole("heading", { name: "邮箱验证成功" })).toBeVisible();
  // The link works once.
  await page.goto(await confirmationPath(page.request, email));
  await expect(page).toHaveURL(/\/emailVerifyResult\?status=invalid$/);
  await expect(page.getByRole("heading", { name: "链接已失效" })).toBeVisible();
  expect((await api(page.request, "/web/loginByAccountEmail", { accountEmail: email, password: "mail1234" })).code).toBe(100000);
});

test.describe("validation messages", () => {
  const messages = {
    zh: {
      login: "登录",
      toRegister: "注册账号",
      submit: "注册",
      phoneRequired: "请输入手机号",
      phoneInvalid: "请输入正确的手机号码",
      codeRequired: "请输入验证码",
      codeTooLong: "验证码最多6位",
      password: "请输入6-18位数字、字母或组合的密码",
      again: "请再次输入密码",
      mismatch: "两次输入的密码不一致",
      emailRequired: "请输入邮箱",
      emailInvalid: "请输入正确的邮箱",
      emailTab: "邮箱注册",
      phone: /^手机号/,
      code: /^验证码/,
      password1: /^密码/,
      password2: /^确认密码/,
      email: /^邮箱/,
    },
    en: {
      login: "Log in",
      toRegister: "Create an account",
      submit: "Sign up",
      phoneRequired: "Please enter phone number",
      phoneInvalid: "Please enter the correct phone number",
      codeRequired: "Please enter the verification code",
      codeTooLong: "The verification code has at most 6 characters",
      password: "Please enter a password of 6-18 digits, letters or a combination",
      again: "Please enter the password again",
      mismatch: "The two passwords are inconsistent",
      emailRequired: "Please enter your email",
      emailInvalid: "Please enter a valid email",
      emailTab: "With email",
      phone: /^Phone/,
      code: /^Code/,
      password1: /^Password/,
      password2: /^Confirm password/,
      email: /^Email/,
    },
  } as const;

  for (const lang of ["zh", "en"] as const) {
    test(`phone, code, password and email rules in ${lang}`, async ({ page, context, baseURL }) => {
      const text = messages[lang];
      if (lang === "en") await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
      await page.goto("/home");
      await waitForHydration(page);
      await openLogin(page, text.login);
      await dialog(page, "login").getByRole("button", { name: text.toRegister }).click();
      const register = dialog(page, "register");
      const submit = register.getByRole("button", { name: text.submit, exact: true });
      const errors = fieldErrors(register);

      await submit.click();
      await expect(errors).toHaveText([text.phoneRequired, text.codeRequired, text.password, text.again]);

      await register.getByLabel(text.phone).fill("2345678901");
      await register.getByLabel(text.code).fill("1234567");
      await register.getByLabel(text.password1).fill("abc");
      await expect(errors).toHaveText([text.phoneInvalid, text.codeTooLong, text.password, text.again]);

      await register.getByLabel(text.phone).fill("   ");
      await expect(errors.first()).toHaveText(text.phoneRequired);
      await register.getByLabel(text.phone).fill("12345678901");
      await expect(errors.first()).toHaveText(text.phoneInvalid);
      await register.getByLabel(text.phone).fill(freshPhone());
      await register.getByLabel(text.code).fill("123456");
      await register.getByLabel(text.password1).fill("abc_12345");
      await expect(errors).toHaveText([text.password, text.again]);
      await register.getByLabel(text.password1).fill("abcdefghij1234567890");
      await expect(errors).toHaveText([text.password, text.again]);
      await register.getByLabel(text.password1).fill("abc123");
      await register.getByLabel(text.password2).fill("abc124");
      await expect(errors).toHaveText([text.mismatch]);
      await register.getByLabel(text.password2).fill("abc123");
      await expect(errors).toHaveCount(0);

      await register.getByRole("tab", { name: text.emailTab }).click();
      // The email form is its own lazily loaded form: submit once its fields are there.
      await expect(register.getByLabel(text.email)).toBeEditable();
      await submit.click();
      await expect(errors).toHaveText([text.emailRequired, text.password, text.again]);
      await register.getByLabel(text.email).fill("not-an-email");
      await expect(errors.first()).toHaveText(text.emailInvalid);
    });
  }

  test("what was typed and the messages follow a language switch", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    await openLogin(page);
    const login = dialog(page, "login");
    await login.getByLabel(/^手机号/).fill("12345");
    await login.getByRole("button", { name: "登录", exact: true }).click();
    await expect(fieldErrors(login)).toHaveText(["请输入正确的手机号码", "请输入验证码"]);
    await login.getByRole("button", { name: "关闭" }).click();

    await page.getByTestId("lang-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const again = await openLogin(page, "Log in");
    await expect(again.getByLabel(/^Phone/)).toHaveValue("12345");
    await again.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(fieldErrors(again)).toHaveText(["Please enter the correct phone number", "Please enter the verification code"]);
  });
});
