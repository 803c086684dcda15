/**
 * What forms and editors fetch after the first load (ADR 033): a form's validators and the HTML sanitiser. Each test
 * holds the lazy file back to prove that nothing waits on it being there: a submit made before the validators arrived
 * is still validated in the browser (nothing is sent), and a draft restored from this device still goes through the
 * allow-list, with no typing accepted into the editor until it has. When the validators cannot be had at all, the form
 * posts as it does without scripts and the route action validates it.
 */
import type { Page, Route } from "@playwright/test";
import { expect, freshPhone, test, waitForHydration } from "./accounts-support";
import { logInByCode } from "./platform-support";

/** Holds every request for a built file matching `file` until `release` is called; `held` says whether one came. */
async function holdBack(page: Page, file: RegExp) {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { held: false, release: () => release() };
  await page.route(file, async (route: Route) => {
    state.held = true;
    await arrived;
    await route.continue();
  });
  return state;
}

test("a sign-up submitted before its validators arrived is validated in the browser, and nothing is sent", async ({ page }) => {
  const validators = await holdBack(page, /\/assets\/register-phone\.validators-[^/]+\.js$/);
  const registrations: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /register/i.test(new URL(request.url()).pathname)) registrations.push(request.url());
  });
  await page.goto("/register");
  await waitForHydration(page);
  const phone = freshPhone();
  await page.getByLabel(/^手机号/).fill(phone);
  await page.getByLabel(/^密码/).fill("abc12345");
  await page.getByLabel(/^确认密码/).fill("abc12346");
  await page.getByRole("button", { name: "注册", exact: true }).click();
  // The focus asked for the validators; the plain form waits for them with the submit held.
  await expect.poll(() => validators.held).toBe(true);
  await expect(page.locator('form input[type="hidden"][name="_form"]')).toHaveCount(1);
  await page.waitForTimeout(300);
  expect(registrations).toEqual([]);

  validators.release();
  await expect(page.locator('form input[type="hidden"][name="_form"]')).toHaveCount(0);
  await expect(page.getByText("请输入验证码")).toBeVisible();
  await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
  await expect(page.getByLabel(/^手机号/)).toHaveValue(phone);
  expect(registrations).toEqual([]);
});

test("a question's draft restored from this device is sanitised before it enters the editor, which takes no typing meanwhile", async ({ page }) => {
  await logInByCode(page.request);
  await page.goto("/qaRichText");
  await waitForHydration(page);
  await page.getByLabel("问题标题").fill("期刊审稿一般要多久？");
  await page.getByRole("textbox", { name: "问题描述（选填）" }).click();
  await page.keyboard.type("投稿三个月了。");
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).find((key) => key.startsWith("qa-draft:") && key.endsWith(":question")) ?? ""))
    .not.toBe("");
  // A stored copy someone tampered with: script, handler and script URL must not reach the page.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("qa-draft:") && name.endsWith(":question")) as string;
    const draft = JSON.parse(localStorage.getItem(key) as string) as Record<string, unknown>;
    draft.html =
      '<p><strong>投稿三个月了。</strong><img src="x" onerror="window.__hit = 1"><script>window.__hit = 2</script><a href="javascript:window.__hit = 3">链接</a></p>';
    localStorage.setItem(key, JSON.stringify(draft));
  });

  const sanitiser = await holdBack(page, /\/assets\/sanitize-html-[^/]+\.js$/);
  await page.reload();
  await waitForHydration(page);
  const editor = page.getByRole("textbox", { name: "问题描述（选填）" });
  await expect.poll(() => sanitiser.held).toBe(true);
  await expect(page.getByLabel("问题标题")).toHaveValue("期刊审稿一般要多久？");
  await expect(editor).toHaveAttribute("contenteditable", "false");
  await expect(editor).toHaveAttribute("aria-busy", "true");
  await expect(editor).toHaveText("");

  sanitiser.release();
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await expect(editor.locator("strong")).toHaveText("投稿三个月了。");
  const html = await editor.innerHTML();
  expect(html).not.toMatch(/onerror|<script|javascript:/i);
  expect(await page.evaluate(() => (window as { __hit?: number }).__hit)).toBeUndefined();
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type("还在等。");
  await expect(editor).toContainText("还在等。");
});

test("a sign-up whose validators cannot be fetched posts plainly, and the route action validates it", async ({ page }) => {
  // A file that fails as it loads (a deploy replaced it, a proxy answered for it): the import is refused.
  await page.route(/\/assets\/register-phone\.validators-[^/]+\.js$/, (route) =>
    route.fulfill({ contentType: "text/javascript", body: 'throw new Error("this build is gone");' }),
  );
  await page.goto("/register");
  await waitForHydration(page);
  const phone = freshPhone();
  await page.getByLabel(/^手机号/).fill(phone);
  await page.getByLabel(/^密码/).fill("abc12345");
  await page.getByLabel(/^确认密码/).fill("abc12346");
  const posted = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/register");
  await page.getByRole("button", { name: "注册", exact: true }).click();
  expect((await posted).postData()).toContain("_form=register-page");
  await expect(page.locator(".error-detail li")).toHaveText(["请输入验证码", "两次输入的密码不一致"]);
  await expect(page.getByLabel(/^手机号/)).toHaveValue(phone);
});
