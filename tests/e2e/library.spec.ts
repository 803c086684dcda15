/**
 * The reading list, "my library" (ADR 047), in Chromium at 390×844: a visitor taps "add to library" on a paper, logs
 * in through the dialog, saves it with a note and tags; the same person logs in again in a second browser context (a
 * second device) and finds it on /myLibrary, filters by tag and kind, sees the export links, and removes it; the first
 * device then shows the paper unsaved. Then the same in English from an article. Screenshots go to
 * test-results/library/.
 */
import { devices, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { api, dialog, expect, registerByApi, test, waitForHydration } from "./accounts-support";
import { holdSession, platformData, sessionOf, speak } from "./platform-support";

const PHONE_SCREEN = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };
const SHOTS = "test-results/library";

async function newDevice(browser: Browser, baseURL: string, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE_SCREEN, baseURL });
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return { context, page: await context.newPage() };
}

/** Logs in through the login dialog's password tab, as a person does; the page reloads signed in. */
async function logInThroughDialog(page: Page, phone: string, password: string): Promise<void> {
  const login = dialog(page, "login");
  await expect(login).toBeVisible();
  await login.getByRole("tab", { name: "密码登录" }).click();
  await login.getByLabel(/^手机号/).fill(phone);
  await login.getByLabel(/^密码/).fill(password);
  await Promise.all([page.waitForEvent("load"), login.getByRole("button", { name: "登录", exact: true }).click()]);
  await waitForHydration(page);
}

/** A tap target's rendered size, at least 40 px each way (the team's rule). */
async function expectTappable(page: Page, selector: string): Promise<void> {
  for (const box of await page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()))) {
    expect(box.height, selector).toBeGreaterThanOrEqual(40);
    expect(box.width, selector).toBeGreaterThanOrEqual(40);
  }
}

test("a paper saved with a note and tags on one device is on /myLibrary after logging in on another; filter and remove (zh)", async ({
  page,
  browser,
  baseURL,
  clientIp,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE_SCREEN.viewport);
  const { phone, password } = await registerByApi(page.request);
  const papers = await platformData<{ list: { id: number; title: string }[] }>(page.request, "/mpPaper/searchAll", { pageSize: 2 });
  const [paper, other] = papers.list;
  const reports = await platformData<{ list: { id: number; title: string }[] }>(page.request, "/report/getList", { pageSize: 1 });
  const report = reports.list[0];

  // A visitor's tap asks to log in first; after the login the page is the same paper, still unsaved.
  await page.goto(`/docDetail?id=${paper.id}`);
  await waitForHydration(page);
  const save = page.locator(".library-save-button");
  await expect(save).toHaveText("加入文库");
  await save.click();
  await logInThroughDialog(page, phone, password);
  await expect(page).toHaveURL(new RegExp(`/docDetail\\?id=${paper.id}`));
  await expect(save).toHaveAttribute("aria-pressed", "false");

  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", "true");
  await expect(save).toHaveText("已在文库");
  await expect(page.locator(".toast").filter({ hasText: "已加入我的文库" })).toBeVisible();
  const editor = page.locator(".library-editor");
  await editor.getByLabel("笔记", { exact: true }).fill("第三节的识别策略值得借鉴");
  await editor.getByLabel("标签", { exact: true }).fill("计量");
  await editor.getByLabel("标签", { exact: true }).press("Enter");
  await editor.getByLabel("标签", { exact: true }).fill("thesis,");
  await expect(editor.getByRole("button", { name: "移除标签 thesis" })).toBeVisible();
  // Too long a tag is refused by the form's schema before anything is sent, and stays in the box to correct.
  const tooLong = "这是一个远远超过二十个字的标签名称用来测试长度限制";
  await editor.getByLabel("标签", { exact: true }).fill(tooLong);
  await editor.getByRole("button", { name: "保存", exact: true }).click();
  await expect(editor.getByRole("alert")).toHaveText("每个标签不超过 20 个字");
  await expect(editor.getByLabel("标签", { exact: true })).toHaveValue(tooLong);
  await editor.getByLabel("标签", { exact: true }).press("Enter");
  await expect(editor.getByRole("button", { name: `移除标签 ${tooLong}` })).toHaveCount(0);
  await editor.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/zh-doc-detail-editor.png` });
  await editor.getByLabel("标签", { exact: true }).fill("");
  await editor.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.locator(".toast").filter({ hasText: "笔记与标签已保存" })).toBeVisible();
  await expect(page.locator(".library-save-note")).toHaveText("第三节的识别策略值得借鉴");
  await expectTappable(page, ".library-save-button, .library-save-edit, .library-save-open");
  await page.screenshot({ path: `${SHOTS}/zh-doc-detail-saved.png` });

  // Two more in the same account, through the platform: a report tagged "宏观" and a paper with no tags.
  expect((await api(page.request, "/library/save", { item: `report:${report.id}`, tags: ["宏观"] })).code).toBe(200);
  expect((await api(page.request, "/library/save", { item: `paper:${other.id}` })).code).toBe(200);

  // Another device: a new browser context, nothing shared; the person logs in again from the list's gate.
  const second = await newDevice(browser, baseURL!, clientIp);
  try {
    const mobile = second.page;
    await mobile.goto("/me");
    await waitForHydration(mobile);
    // The gate's login button opens the dialog (a visitor's page may also open it by itself while it loads).
    const login = dialog(mobile, "login");
    await expect(async () => {
      if (!(await login.isVisible())) await mobile.locator('[data-gate="needLogin"]').getByRole("button").first().click({ timeout: 2_000 });
      await expect(login).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await logInThroughDialog(mobile, phone, password);
    await mobile.getByRole("link", { name: "我的文库" }).click();
    await expect(mobile).toHaveURL(/\/myLibrary$/);
    await waitForHydration(mobile);
    const entries = mobile.locator(".library-entry");
    await expect(entries).toHaveCount(3);
    await expect(mobile.locator(".library-total")).toHaveText("共 3 项，上限 300 项");
    const saved = entries.filter({ hasText: paper.title });
    await expect(saved.locator(".library-entry-note")).toHaveText("第三节的识别策略值得借鉴");
    await expect(saved.locator(".library-tag")).toHaveText(["#计量", "#thesis"]);
    await expect(saved.getByRole("link", { name: paper.title })).toHaveAttribute("href", `/docDetail?id=${paper.id}`);
    // Newest first: the paper saved last through the platform leads.
    await expect(entries.first()).toContainText(other.title);
    const bib = mobile.getByRole("link", { name: "导出 .bib" });
    await expect(bib).toHaveAttribute("href", `/cite/export.bib?items=paper:${other.id},report:${report.id},paper:${paper.id}`);
    await expectTappable(mobile, ".library-chip, .library-action, .library-export .button, .library-tag");
    await mobile.screenshot({ path: `${SHOTS}/zh-my-library.png`, fullPage: true });

    // Filter by tag (kept in the address), then by kind as well.
    await mobile.locator(".library-filters").getByRole("link", { name: /#计量/ }).click();
    await expect(mobile).toHaveURL(/\/myLibrary\?tag=[A-Za-z0-9_-]+$/);
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(paper.title);
    await expect(mobile.getByRole("link", { name: "导出 .ris" })).toHaveAttribute("href", `/cite/export.ris?items=paper:${paper.id}`);
    await mobile.screenshot({ path: `${SHOTS}/zh-my-library-tag.png`, fullPage: true });
    await mobile.locator(".library-filters").getByRole("link", { name: "报告" }).click();
    await expect(mobile.locator(".library-empty")).toContainText("没有符合筛选条件的条目");
    await mobile.locator(".library-filters").getByRole("link", { name: "全部标签" }).click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(report.title);
    await mobile.locator(".library-filters").getByRole("link", { name: "全部", exact: true }).click();
    await expect(entries).toHaveCount(3);

    // Edit the note here, then remove the paper (its note makes the page ask first).
    await saved.getByRole("button", { name: "编辑" }).click();
    await saved.getByLabel("笔记", { exact: true }).fill("第三节的识别策略值得借鉴；附录 B 的稳健性检验");
    await saved.getByRole("button", { name: "保存", exact: true }).click();
    await expect(saved.locator(".library-entry-note")).toHaveText("第三节的识别策略值得借鉴；附录 B 的稳健性检验");
    mobile.once("dialog", (question) => {
      expect(question.message()).toContain("从我的文库移除");
      void question.accept();
    });
    await saved.getByRole("button", { name: "移除" }).click();
    await expect(mobile.locator(".toast").filter({ hasText: "已从我的文库移除" })).toBeVisible();
    await expect(entries).toHaveCount(2);
    await expect(mobile.locator(".library-filters").getByRole("link", { name: /#计量/ })).toHaveCount(0);
  } finally {
    await second.context.close();
  }

  // The first device reads the platform again: the paper is no longer saved.
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(".library-save-button")).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator(".library-save-note")).toHaveCount(0);
});

test("in English: an article saved with a note shows its English title on My library, filters by tag, and is removed", async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE_SCREEN.viewport);
  const { phone, password } = await registerByApi(page.request);
  const session = sessionOf(await page.request.post("/api/web/login", { data: { mobile: phone, mobilePrefix: "86", password, sourceUrl: "/e2e" } }), 100000);
  await holdSession(context, baseURL!, await session);
  await speak(context, baseURL!, "en");
  const essays = await platformData<{ list: { id: number; title: string; titleEn: string }[] }>(page.request, "/essay/list", { pageSize: 1 });
  const essay = essays.list[0];

  await page.goto(`/essayInfo?id=${essay.id}`);
  await waitForHydration(page);
  const save = page.locator(".library-save-button");
  await expect(save).toHaveText("Add to library");
  await save.click();
  await expect(save).toHaveText("In my library");
  const editor = page.locator(".library-editor");
  await editor.getByLabel("Note", { exact: true }).fill("Good primer for first-year students");
  await editor.getByLabel("Tags", { exact: true }).fill("teaching, asset pricing");
  await editor.getByRole("button", { name: "Add" }).click();
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.locator(".toast").filter({ hasText: "Note and tags saved" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/en-essay-saved.png` });

  await page.locator(".library-save").getByRole("link", { name: "My library" }).click();
  await expect(page).toHaveURL(/\/myLibrary$/);
  await waitForHydration(page);
  const entry = page.locator(".library-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole("link", { name: essay.titleEn || essay.title })).toHaveAttribute("href", `/essayInfo?id=${essay.id}`);
  await expect(entry.locator(".badge")).toHaveText("Article");
  await expect(entry.locator(".library-tag")).toHaveText(["#teaching", "#asset pricing"]);
  await expect(page.getByRole("link", { name: "Export .bib" })).toHaveAttribute("href", `/cite/export.bib?items=article:${essay.id}`);
  await page.screenshot({ path: `${SHOTS}/en-my-library.png`, fullPage: true });

  await entry.getByRole("link", { name: "#asset pricing" }).click();
  await expect(page).toHaveURL(/\?tag=/);
  await expect(page.locator(".library-filters").getByRole("link", { name: /#asset pricing/ })).toHaveAttribute("aria-current", "page");
  await expect(entry).toHaveCount(1);
  page.once("dialog", (question) => void question.accept());
  await entry.getByRole("button", { name: "Remove" }).click();
  await expect(page.locator(".library-empty")).toContainText("Nothing matches these filters");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.locator(".library-empty")).toContainText("Your library is empty");
  await expect(page.locator(".library-empty").getByRole("link", { name: "Browse papers" })).toHaveAttribute("href", "/docIndex");
  await page.screenshot({ path: `${SHOTS}/en-my-library-empty.png`, fullPage: true });
});
