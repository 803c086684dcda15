/**
 * The account pages (spec §2): finding a password (/password → /passwordNew → /pwdSuccess), changing it, the
 * personal centre and settings (avatar upload with compression, nickname, language, logout), channel sign-up and
 * the invitation page, the email pages; and the form code staying out of pages without forms.
 */
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { join } from "node:path";
import {
  test,
  expect,
  waitForHydration,
  api,
  createPhoneUser,
  dialog,
  expectSignedIn,
  fieldErrors,
  latestCode,
  loginByApi,
  freshPhone,
  registerByApi,
  sendCodeInForm,
  storedSession,
  useSession,
} from "./accounts-support";

/** A small valid PNG (a colour gradient), so the browser can decode and re-encode it. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let value = 0xffffffff;
    for (const byte of bytes) value = crcTable[(value ^ byte) & 0xff] ^ (value >>> 8);
    return (value ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = (x * 255) / width;
      rows[at + 1] = (y * 255) / height;
      rows[at + 2] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("find a password by phone: /password → /passwordNew → /pwdSuccess, then log in with it", async ({ page }) => {
  const { phone } = await createPhoneUser(page.request);
  await page.goto("/password");
  await waitForHydration(page);
  const form = page.locator(".password-form");
  await expect(form.getByRole("heading", { name: "找回密码" })).toBeVisible();
  await form.getByRole("button", { name: "下一步" }).click();
  await expect(fieldErrors(form)).toContainText(["请输入验证码"]);
  await form.getByLabel(/^手机号/).fill(phone);
  await sendCodeInForm(page, form);
  await form.getByLabel(/^验证码/).fill(await latestCode(page.request, phone));
  await form.getByRole("button", { name: "下一步" }).click();
  await expect(page).toHaveURL(/\/passwordNew$/);
  const next = page.locator(".password-form");
  await next.getByLabel(/^密码/).fill("new12345");
  await next.getByLabel(/^确认密码/).fill("new12346");
  await next.getByRole("button", { name: "确认修改" }).click();
  await expect(fieldErrors(next)).toHaveText(["两次输入的密码不一致"]);
  await next.getByLabel(/^确认密码/).fill("new12345");
  await next.getByRole("button", { name: "确认修改" }).click();
  await expect(page).toHaveURL(/\/pwdSuccess$/);
  await expect(page.getByRole("heading", { name: "密码重置成功" })).toBeVisible();
  await page.getByRole("button", { name: "去登录" }).click();
  const login = dialog(page, "login");
  await expect(login.getByRole("tab", { name: "密码登录" })).toHaveAttribute("aria-selected", "true");
  await login.getByLabel(/^手机号/).fill(phone);
  await login.getByLabel(/^密码/).fill("new12345");
  await Promise.all([page.waitForEvent("load"), login.getByRole("button", { name: "登录", exact: true }).click()]);
  await waitForHydration(page);
  await expectSignedIn(page);
});

test("find a password by email, and /passwordNew without the first step sends the user back", async ({ page }) => {
  await page.goto("/passwordNew");
  await waitForHydration(page);
  await expect(page.locator(".password-missing")).toContainText("请先验证手机号或邮箱。");
  await page.getByRole("link", { name: "返回找回密码" }).click();
  await expect(page).toHaveURL(/\/password$/);

  const email = `e2e.pwd.${Date.now().toString(36)}@example.edu`;
  expect((await api(page.request, "/reg/registerByEmail", { userName: email, password: "mail1234", passwordNext: "mail1234", registerSource: "1" })).code).toBe(
    200,
  );
  const form = page.locator(".password-form");
  await form.getByRole("tab", { name: "邮箱找回" }).click();
  await form.getByLabel(/^邮箱/).fill(email);
  await sendCodeInForm(page, form, { send: "获取验证码", confirm: "确定", sent: "验证码已发送至邮箱" });
  await form.getByLabel(/^验证码/).fill(await latestCode(page.request, email));
  await form.getByRole("button", { name: "下一步" }).click();
  await page.locator(".password-form").getByLabel(/^密码/).fill("mail5678");
  await page
    .locator(".password-form")
    .getByLabel(/^确认密码/)
    .fill("mail5678");
  await page.locator(".password-form").getByRole("button", { name: "确认修改" }).click();
  await expect(page).toHaveURL(/\/pwdSuccess$/);
  // The email is not confirmed yet, so the platform refuses the login, but for that reason, not the password.
  expect((await api(page.request, "/web/loginByAccountEmail", { accountEmail: email, password: "mail5678" })).message).toBe(
    "邮箱尚未验证，请先点击邮件中的确认链接",
  );
});

test("/me: the profile card with the unverified mark, and every entry linked", async ({ page, context, baseURL }) => {
  await page.goto("/me");
  await waitForHydration(page);
  await expect(dialog(page, "login")).toBeVisible();
  await expect(page.locator('[data-gate="needLogin"]')).toBeVisible();

  const { phone, password } = await registerByApi(page.request);
  await useSession(page, context, baseURL!, await loginByApi(page.request, phone, password), "/me");
  const card = page.locator(".profile-card");
  await expect(card.getByRole("heading")).toHaveText(`用户${phone.slice(-4)}`);
  await expect(card.locator(".scholar-mark")).toHaveAttribute("data-verified", "false");
  await expect(card.locator(".scholar-mark")).toHaveAttribute("href", "/authentication");
  // Orders by state first (ADR 080), then the menus in their groups.
  const orders = page.locator(".order-counts a");
  await expect(orders).toHaveCount(5);
  expect(await orders.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual([
    "/myOrder",
    "/myOrder?state=1",
    "/myOrder?state=2",
    "/myOrder?state=3",
    "/myOrder?state=4",
  ]);
  const links = page.locator(".menu-list a");
  const entries: [string, string][] = [
    ["会员中心", "/vipIndex"],
    ["福利中心", "/welfareCenter"],
    ["积分商城", "/pointMall"],
    ["幸运抽奖", "/luckyDraw"],
    ["我的优惠券", "/myCoupon"],
    ["领券中心", "/getCoupon"],
    ["精品课程", "/boutiqueSpecIntroList"],
    ["收货地址", "/addressList"],
    ["消息中心", "/messageCenter"],
    ["我的收藏", "/collectList"],
    ["我的文库", "/myLibrary"],
    ["我的日历", "/myCalendar"],
    ["学者认证", "/authentication"],
    ["我的文章", "/essayList?tab=3"],
    ["文章草稿", "/essayList?tab=2"],
    ["我的动态", "/circle?tab=1"],
    ["我的问答", "/myQa"],
    ["书架与收听历史", "/bookshelfAndHist"],
    ["好书投票", "/bookVote"],
    ["黑名单", "/blackList"],
    ["设置", "/setting"],
  ];
  await expect(links).toHaveText(entries.map(([label]) => new RegExp(label)));
  expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual(entries.map(([, href]) => href));
  await page.getByRole("link", { name: "设置" }).first().click();
  await expect(page).toHaveURL(/\/setting$/);
});

test("/setting: avatar rules and upload, nickname, password change, language, logout", async ({ page, context, baseURL }) => {
  const { phone, password } = await registerByApi(page.request);
  await useSession(page, context, baseURL!, await loginByApi(page.request, phone, password), "/setting");
  const editor = page.locator(".profile-editor");
  const input = editor.locator('input[type="file"]');

  await input.setInputFiles({ name: "anim.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(page.locator(".toast-error").filter({ hasText: "请上传JPG或PNG格式的图片" })).toBeVisible();
  await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(page.locator(".toast-error").filter({ hasText: "图片大小不能超过2MB" })).toBeVisible();

  const uploads: { contentType: string; data: string }[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/file/upload")) uploads.push(request.postDataJSON());
  });
  await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png(900, 600) });
  await expect(page.locator(".toast-success").filter({ hasText: "头像已更新" })).toBeVisible();
  // Compressed to JPEG (under 1 MB: quality 1) and scaled to at most 640 px.
  expect(uploads).toHaveLength(1);
  expect(uploads[0].contentType).toBe("image/jpeg");
  const avatar = page.locator("header.site-header .avatar img");
  await expect(avatar).toHaveAttribute("src", /^\/api\/file\/download\?name=[a-f0-9]{32}\.jpg$/);
  expect(
    await avatar.evaluate(
      (image: HTMLImageElement) =>
        new Promise((resolve) => {
          if (image.complete) resolve(image.naturalWidth);
          else image.onload = () => resolve(image.naturalWidth);
        }),
    ),
  ).toBeGreaterThan(0);
  const preview = editor.locator("img.avatar-preview");
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);

  // Nickname: the free-text limit of 50.
  const nickname = editor.getByLabel(/^昵称/);
  await nickname.fill("名".repeat(51));
  await editor.getByRole("button", { name: "保存" }).click();
  await expect(fieldErrors(editor)).toHaveText(["不能超过50个字（一个英文单词或一个数字算一个字）"]);
  await nickname.fill("Labour economist 2027");
  await editor.getByRole("button", { name: "保存" }).click();
  await expect(page.locator(".toast-success").filter({ hasText: "保存成功" })).toBeVisible();
  expect((await storedSession(page)).user).toMatchObject({ nickname: "Labour economist 2027" });

  // Password change.
  await page.getByRole("link", { name: "修改密码" }).click();
  await expect(page).toHaveURL(/\/changePassword$/);
  const change = page.locator(".password-form");
  await change.getByLabel(/^原密码/).fill("wrong000");
  await change.getByLabel(/^密码/).fill("next1234");
  await change.getByLabel(/^确认密码/).fill("next1234");
  await change.getByRole("button", { name: "确认修改" }).click();
  await expect(page.locator(".toast-error").filter({ hasText: "原密码错误" })).toBeVisible();
  await change.getByLabel(/^原密码/).fill(password);
  await change.getByRole("button", { name: "确认修改" }).click();
  await expect(page).toHaveURL(/\/setting$/);
  expect((await api(page.request, "/web/login", { mobile: phone, mobilePrefix: "86", password: "next1234" })).code).toBe(100000);

  // Language.
  await page.getByRole("radio", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");
  await page.getByRole("radio", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");

  // Logout.
  await page.getByRole("button", { name: "退出登录" }).click();
  await page.waitForURL(/\/home$/);
  await waitForHydration(page);
  await expect(page.locator("header.site-header").getByRole("button", { name: "登录" })).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, user: null });
});

test("/register for a channel and /inviteCodePage: sign up, log in 2 s later, the result page", async ({ page }) => {
  const phone = freshPhone();
  await page.goto("/inviteCodePage?inviteCode=FRIEND_42");
  await waitForHydration(page);
  const form = page.locator(".register-form");
  await expect(form.getByLabel(/^邀请码/)).toHaveValue("FRIEND_42");
  const bodies: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/reg/register")) bodies.push(request.postDataJSON());
  });
  await form.getByLabel(/^手机号/).fill(phone);
  await sendCodeInForm(page, form);
  await form.getByLabel(/^验证码/).fill(await latestCode(page.request, phone));
  await form.getByLabel(/^密码/).fill("join1234");
  await form.getByLabel(/^确认密码/).fill("join1234");
  await form.getByRole("button", { name: "注册", exact: true }).click();
  await expect(form.getByRole("button", { name: "注册中..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/registerResult$/, { timeout: 8_000 });
  await expect(page.getByRole("heading", { name: "注册成功" })).toBeVisible();
  expect(bodies[0]).toMatchObject({ userName: phone, userSource: "FRIEND_42", regChannel: "invite" });
  await expectSignedIn(page);

  await page.goto("/register?channel=wechat_ad");
  await waitForHydration(page);
  await expect(page.locator(".register-signed-in")).toHaveText("您已登录，无需再次注册。");
});

test("the email pages say what to do next", async ({ page }) => {
  await page.goto("/emailMessage");
  await expect(page.getByRole("heading", { name: "请查收验证邮件" })).toBeVisible();
  await page.goto("/emailVerifyResult?status=invalid");
  await expect(page.getByRole("heading", { name: "链接已失效" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "重新注册" }).click();
  await expect(dialog(page, "register")).toBeVisible();
});

test("the home page preloads no form code; the login dialog loads it when it opens", async ({ page }) => {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", buildDir, "client", ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string; src?: string }
  >;
  // The form shell (SchemaForm, which the dialogs and form widgets import) and the RJSF runtime it loads (RjsfForm).
  const formChunks = new Set(
    Object.entries(manifest)
      .filter(([key, chunk]) => /@rjsf\/|SchemaForm|RjsfForm/.test(key + chunk.file) && chunk.file.endsWith(".js"))
      .map(([, chunk]) => `/${chunk.file}`),
  );
  expect(formChunks.size).toBeGreaterThan(0);

  const html = await (await page.request.get("/home")).text();
  const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((match) => match[1]);
  expect(preloaded.length).toBeGreaterThan(0);
  expect(preloaded.filter((href) => formChunks.has(href))).toEqual([]);

  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto("/home");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(loaded.filter((path) => formChunks.has(path))).toEqual([]);
  await page.locator("header.site-header").getByRole("button", { name: "登录" }).click();
  await expect(dialog(page, "login").locator("form.schema-form")).toBeVisible();
  // The plain form shows at once; the runtime comes when the browser is idle or the form is focused.
  await expect.poll(() => loaded.filter((path) => formChunks.has(path)).length).toBeGreaterThan(0);
});
