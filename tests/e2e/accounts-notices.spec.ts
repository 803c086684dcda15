/**
 * The account notices and activity dialogs (spec §4, §7, §8): feedback with each rule, the code-4 handling of any
 * call, the 10001 offline notice, help for codes not received, the first-visit promotion and one-picture popup
 * (once per device), and the VIP address prompt (once a day).
 */
import { test, expect, waitForHydration, api, dialog, fieldErrors, loginByApi, openLogin, registerByApi, storedSession, useSession } from "./accounts-support";

async function openFeedback(page: import("@playwright/test").Page, label = "意见反馈") {
  const footer = page.locator("footer.site-footer");
  await footer.scrollIntoViewIfNeeded();
  await footer.getByRole("button", { name: label }).click();
  const feedback = dialog(page, "feedback");
  await expect(feedback).toBeVisible();
  return feedback;
}

test.describe("feedback", () => {
  test("content required and at most 400, contact optional but a phone or an email; success says so", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const feedback = await openFeedback(page);
    await expect(feedback.getByRole("heading", { name: "意见反馈" })).toBeVisible();
    const submit = feedback.getByRole("button", { name: "提交", exact: true });
    await submit.click();
    await expect(fieldErrors(feedback)).toHaveText(["请输入反馈内容"]);
    await feedback.getByLabel(/^反馈内容/).fill("   ");
    await expect(fieldErrors(feedback)).toHaveText(["请输入反馈内容"]);
    await feedback.getByLabel(/^反馈内容/).fill("字".repeat(401));
    await expect(fieldErrors(feedback)).toHaveText(["反馈内容不能超过400个字符"]);
    await expect(feedback.locator(".count")).toHaveText("401/400");
    await feedback.getByLabel(/^反馈内容/).fill("搜索结果页加载较慢。");
    await feedback.getByLabel(/^联系方式/).fill("abc");
    await expect(fieldErrors(feedback)).toHaveText(["请输入正确的手机号或邮箱"]);
    await feedback.getByLabel(/^联系方式/).fill("reader@example.edu");
    await expect(fieldErrors(feedback)).toHaveCount(0);
    await submit.click();
    await expect(page.locator(".toast-success").filter({ hasText: "提交成功" })).toBeVisible();
    await expect(page.locator("dialog.dialog")).toHaveJSProperty("open", false);
    // The draft is spent: a new feedback starts empty.
    const next = await openFeedback(page);
    await expect(next.getByLabel(/^反馈内容/)).toHaveValue("");
  });

  test("in English, and a refusal from the platform shows its message as a toast", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
    // The platform takes 10 submissions an hour from one address; this one has used them.
    for (let index = 0; index < 10; index++) expect((await api(page.request, "/feedBack/addFeedBack", { feedbackContent: `note ${index}` })).code).toBe(1);
    await page.goto("/home");
    await waitForHydration(page);
    const feedback = await openFeedback(page, "Feedback");
    const submit = feedback.getByRole("button", { name: "Submit", exact: true });
    await submit.click();
    await expect(fieldErrors(feedback)).toHaveText(["please enter feedback content"]);
    await feedback.getByLabel(/^Feedback/).fill("a".repeat(401));
    await expect(fieldErrors(feedback)).toHaveText(["feedback content must not exceed 400 characters"]);
    await feedback.getByLabel(/^Feedback/).fill("The video page is great.");
    await feedback.getByLabel(/^Contact/).fill("12");
    await expect(fieldErrors(feedback)).toHaveText(["please enter a valid phone or email"]);
    await feedback.getByLabel(/^Contact/).fill("13800138000");
    await submit.click();
    await expect(page.locator(".toast-error").filter({ hasText: "Too many submissions. Please try again later" })).toBeVisible();
    await expect(feedback.getByLabel(/^Feedback/)).toHaveValue("The video page is great.");
  });
});

test.describe("sessions", () => {
  test("code 4 on any call: the server's message, token and user cleared, back to /home", async ({ page, context, baseURL }) => {
    const { phone, password } = await registerByApi(page.request);
    const session = await loginByApi(page.request, phone, password);
    await useSession(page, context, baseURL!, session, "/setting");
    await expect(page.locator(".profile-editor")).toBeVisible();

    // An administrator suspends the account while the page is open.
    expect((await page.request.post("/dev/users", { form: { userName: phone, action: "disable" } })).ok()).toBe(true);
    await page.locator(".profile-editor").getByLabel(/^昵称/).fill("新昵称");
    await page.locator(".profile-editor").getByRole("button", { name: "保存" }).click();
    await expect(page.locator(".toast-error").filter({ hasText: "账号已被停用，请联系客服" })).toHaveCount(1);
    await expect(page).toHaveURL(/\/home$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await expect(page.locator("header.site-header").getByRole("button", { name: "登录" })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === "token")).toBeUndefined();
  });

  test("the login check on load: code 4 logs out; 10001 also opens the offline notice", async ({ page, context, baseURL, request }) => {
    const { phone, password } = await registerByApi(page.request);
    const first = await loginByApi(page.request, phone, password);
    await useSession(page, context, baseURL!, first);
    await expect(page.locator("header.site-header .avatar")).toBeVisible();

    // Another device (a cookie jar of its own) logs in: this one's token is replaced (10001).
    await loginByApi(request, phone, password);
    await page.reload();
    const offline = dialog(page, "loginError");
    await expect(offline.getByRole("heading", { name: "下线通知" })).toBeVisible();
    await expect(offline.getByRole("alert")).toHaveText("您的账号已在其他设备登录，如非本人操作请及时修改密码");
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await offline.getByRole("button", { name: "重新登录" }).click();
    await expect(dialog(page, "login")).toBeVisible();

    // A suspended account: code 4 on the check itself.
    const third = await loginByApi(page.request, phone, password);
    await useSession(page, context, baseURL!, third, "/me");
    await expect(page.locator(".profile-card")).toBeVisible();
    await page.request.post("/dev/users", { form: { userName: phone, action: "disable" } });
    await page.reload();
    await expect(page.locator(".toast-error").filter({ hasText: "账号已被停用，请联系客服" })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });
});

test("help for codes not received: five phone tips, two email tips, the service number, then back", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  const login = await openLogin(page);
  await login.getByLabel(/^手机号/).fill("13800001111");
  await login.getByRole("button", { name: "收不到验证码？" }).click();
  const help = dialog(page, "helpTip");
  await expect(help.getByRole("heading", { name: "收不到验证码？" })).toBeVisible();
  await expect(help.locator("ol").nth(0).locator("li")).toHaveCount(5);
  await expect(help.locator("ol").nth(1).locator("li")).toHaveCount(2);
  await expect(help.getByRole("link", { name: "400-800-2026" })).toHaveAttribute("href", "tel:400-800-2026");
  await help.getByRole("button", { name: "我知道了" }).click();
  await expect(dialog(page, "login").getByLabel(/^手机号/)).toHaveValue("13800001111");
});

test.describe("promotions", () => {
  test.afterEach(async ({ request }) => {
    await request.post("/dev/promotions", { form: { firstVisit: "off" } });
  });

  test("the first visit shows the promotion, the next the one-picture popup with another picture, then nothing; one per visit", async ({ page }) => {
    await page.request.post("/dev/promotions", { form: { firstVisit: "on" } });
    await page.goto("/about");
    await waitForHydration(page);
    const first = dialog(page, "firstVisit");
    await expect(first).toBeVisible();
    const picture = first.locator("img.promotion-image");
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const firstPicture = await picture.getAttribute("src");
    await expect(first.locator("[data-jump]")).toHaveAttribute("data-jump", "2");
    await first.locator(".promotion-link").click();
    await expect(page.locator("dialog.dialog")).toHaveJSProperty("open", false);
    await expect(page).not.toHaveURL(/\/about$/);

    // The same visit shows no second popup.
    await page.goto("/about");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("dialog.dialog")).toHaveJSProperty("open", false);

    // A new visit (the tab's session storage is gone) shows the one-picture popup, with a picture of its own.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto("/about");
    await waitForHydration(page);
    await expect(dialog(page, "onePicture")).toBeVisible();
    expect(await dialog(page, "onePicture").locator("img.promotion-image").getAttribute("src")).not.toBe(firstPicture);
    await dialog(page, "onePicture").getByRole("button", { name: "关闭" }).click();

    await page.evaluate(() => sessionStorage.clear());
    await page.goto("/about");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("dialog.dialog")).toHaveJSProperty("open", false);
  });
});

test("a VIP member without an address is asked to bind one, once a day", async ({ page, context, baseURL }) => {
  const { phone, password } = await registerByApi(page.request);
  await page.request.post("/dev/users", { form: { userName: phone, action: "vip" } });
  const session = await loginByApi(page.request, phone, password);
  expect((session.user as { isVip?: boolean }).isVip).toBe(true);
  await useSession(page, context, baseURL!, session);
  const prompt = dialog(page, "vipAddress");
  await expect(prompt.getByRole("heading", { name: "绑定收货地址" })).toBeVisible();
  await prompt.getByRole("button", { name: "以后再说" }).click();
  await page.reload();
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("dialog.dialog")).toHaveJSProperty("open", false);
  // The next day it asks again, and leads to the address list.
  await page.evaluate(() => localStorage.setItem("addressPromptDay", "stale"));
  await page.reload();
  await dialog(page, "vipAddress").getByRole("button", { name: "去绑定" }).click();
  await expect(page).toHaveURL(/\/addressList$/);
  await expect(page.getByRole("link", { name: "新增收货地址" })).toBeVisible();
});
