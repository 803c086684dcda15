/**
 * Forms before and without scripts (ADR 029): the server renders each form as a plain `<form method="post">`; the route
 * action validates a post with the same schema and submits it as the widget's script does. With scripts, the form
 * runtime (RJSF) is a lazy chunk, and what the user typed before it arrived is kept.
 */
import type { Page, Route } from "@playwright/test";
import { expect, freshPhone, registerByApi, sendSmsByApi, test, waitForHydration } from "./accounts-support";
import { logInByCode, speak } from "./platform-support";

/** The plain form is still on the page: its hidden form id is what the runtime's form does not carry. */
const plainForm = (page: Page) => page.locator('form input[type="hidden"][name="_form"]');
const fieldError = (page: Page) => page.locator(".error-detail li");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registering by phone: refused fields come back in place, then the account is made and signed in", async ({ page, baseURL }) => {
    const phone = freshPhone();
    await page.goto("/register?channel=e2e-native");
    const form = page.locator("form.schema-form");
    await form.getByLabel(/^手机号/).fill(phone);
    await form.getByLabel(/^密码/).fill("abc12345");
    await form.getByLabel(/^确认密码/).fill("abc12346");
    await form.getByRole("button", { name: "注册", exact: true }).click();
    await expect(fieldError(page)).toHaveText(["请输入验证码", "两次输入的密码不一致"]);
    await expect(form.getByLabel(/^手机号/)).toHaveValue(phone);
    // Passwords are never written back into the page.
    await expect(form.getByLabel(/^密码/)).toHaveValue("");

    const code = await sendSmsByApi(page.request, phone, "register");
    await form.getByLabel(/^验证码/).fill(code);
    await form.getByLabel(/^密码/).fill("abc12345");
    await form.getByLabel(/^确认密码/).fill("abc12345");
    await form.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page).toHaveURL(/\/registerResult$/);
    const token = (await page.context().cookies(baseURL)).find((cookie) => cookie.name === "token");
    expect(token?.httpOnly).toBe(true);
    const who = (await (await page.request.get("/api/web/getUserInfoWithToken")).json()) as { code: number; data?: { userName?: string } };
    expect(who.code).toBe(200);
    expect(who.data?.userName).toBe(phone);
  });

  test("changing the password: the schema's messages, then the platform's, then the new password works", async ({ page }) => {
    const { phone } = await registerByApi(page.request);
    const login = await page.request.post("/api/web/login", { data: { mobile: phone, mobilePrefix: "86", password: "abc12345", sourceUrl: "/e2e" } });
    expect((await login.json()).code).toBe(100000);
    await page.goto("/changePassword");
    const form = page.locator("form.schema-form");
    await form.getByRole("button", { name: "确认修改" }).click();
    await expect(fieldError(page)).toHaveText(["请输入原密码", "请输入6-18位数字、字母或组合的密码", "请再次输入密码"]);

    await form.getByLabel(/^原密码/).fill("wrong-one1");
    await form.getByLabel(/^密码/).fill("newpass123");
    await form.getByLabel(/^确认密码/).fill("newpass123");
    await form.getByRole("button", { name: "确认修改" }).click();
    await expect(page.getByText("原密码错误")).toBeVisible();
    await expect(form.getByLabel(/^原密码/)).toHaveValue("");

    await form.getByLabel(/^原密码/).fill("abc12345");
    await form.getByLabel(/^密码/).fill("newpass123");
    await form.getByLabel(/^确认密码/).fill("newpass123");
    await form.getByRole("button", { name: "确认修改" }).click();
    await expect(page).toHaveURL(/\/setting$/);
    const again = await page.request.post("/api/web/login", { data: { mobile: phone, mobilePrefix: "86", password: "newpass123", sourceUrl: "/e2e" } });
    expect((await again.json()).code).toBe(100000);
  });

  test("redeeming a code, in English: a malformed code keeps what was typed, a good one opens the member centre", async ({ page, context, baseURL }) => {
    await logInByCode(page.request);
    await speak(context, baseURL!, "en");
    const { codes } = (await (await page.request.post("/dev/memberCodes", { form: { count: "1", days: "90" } })).json()) as { codes: string[] };
    await page.goto("/vipExchange");
    const field = page.getByLabel(/^Code/);
    await field.fill("abc");
    await page.getByRole("button", { name: "Redeem" }).click();
    await expect(fieldError(page)).toHaveText(["A code is 12 letters and digits. Please check it and try again"]);
    await expect(field).toHaveValue("abc");

    await field.fill(codes[0].toLowerCase());
    await page.getByRole("button", { name: "Redeem" }).click();
    await expect(page).toHaveURL(/\/vipIndex$/);
    const record = (await (await page.request.get("/api/members/memberRecord?type=exchange")).json()) as { data: { list: { days: number }[] } };
    expect(record.data.list.map((entry) => entry.days)).toEqual([90]);
  });

  test("a form posted to a page that does not show it is refused with a message, and no password is shown again", async ({ page }) => {
    await logInByCode(page.request);
    const answer = await page.request.post("/vipExchange", { form: { _form: "change-password", oldPassword: "abc12345", password: "x", passwordNext: "x" } });
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain("此表单需要启用 JavaScript 才能提交");
    expect(html).not.toContain('value="abc12345"');
  });
});

test.describe("with JavaScript", () => {
  test("what is typed before the form runtime arrives is kept, and a submit made meanwhile goes through it", async ({ page }) => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await page.route(/\/assets\/RjsfForm-[^/]+\.js$/, async (route: Route) => {
      held = true;
      await arrived;
      await route.continue();
    });
    await page.goto("/register");
    await waitForHydration(page);
    const phone = freshPhone();
    await page.getByLabel(/^手机号/).fill(phone);
    await page.getByLabel(/^邀请码/).fill("FRIEND42");
    await page.getByRole("button", { name: "注册", exact: true }).click();
    await expect.poll(() => held).toBe(true);
    await expect(plainForm(page)).toHaveCount(1);

    release();
    await expect(plainForm(page)).toHaveCount(0);
    await expect(page.getByLabel(/^手机号/)).toHaveValue(phone);
    await expect(page.getByLabel(/^邀请码/)).toHaveValue("FRIEND42");
    // The submit made while the runtime was on its way ran its live validation.
    await expect(page.getByText("请输入验证码")).toBeVisible();
    await page.getByLabel(/^密码/).fill("abc");
    await expect(page.getByText("请输入6-18位数字、字母或组合的密码")).toBeVisible();
  });
});
