/**
 * The scholar's workspace in the browser (ADR 060): the owner of /person edits the profile's sections, a wrong ORCID is
 * refused at its field before anything is sent, the draft survives a reload, the edit waits for review, and once the
 * developer tools approve it every visitor sees the JEL tags and the position, in zh and en. Screenshots at 390×844 in
 * test-results/scholar-workspace/.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { becomeScholar } from "./live-helpers";
import { holdSession, logInByCode, type Session } from "./platform-support";

const SHOTS = "test-results/scholar-workspace";

async function openOwnProfile(page: Page, scholar: Session, lang: "zh" | "en") {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/person?authorCode=${scholar.user.authorCode}&lang=${lang}`);
  await waitForHydration(page);
}

test.describe("a scholar's own profile", () => {
  let scholar: Session;
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    scholar = await becomeScholar(request, await logInByCode(request), "宋雨桐");
    await request.dispose();
  });

  test("edits every section, keeps the draft across a reload, and shows the approved change to visitors", async ({ page, baseURL, request, browser }) => {
    test.setTimeout(120_000);
    await holdSession(page.context(), baseURL!, scholar);
    await openOwnProfile(page, scholar, "zh");
    await page.getByRole("button", { name: "编辑我的主页" }).click();
    const editor = page.locator(".workspace-editor");
    await expect(editor.getByLabel("所在机构")).toHaveValue("北京大学国家发展研究院");
    await editor.getByLabel("所在机构").fill("北京大学国家发展研究院（经济学系）");
    await editor.getByLabel("按代码或关键词搜索 JEL 领域").fill("劳动");
    await editor.getByRole("button", { name: /添加 J2 / }).click();
    await editor.getByLabel("按代码或关键词搜索 JEL 领域").fill("E5");
    await editor.getByRole("button", { name: /添加 E5 / }).click();
    await editor.getByRole("button", { name: "添加工作经历" }).click();
    await editor.getByLabel("单位").fill("北京大学");
    await editor.getByLabel("职位").fill("助理教授");
    await editor.getByLabel("起始年份").fill("2019");
    await editor.getByLabel("ORCID iD").fill("1234");
    await editor.getByRole("button", { name: "提交审核" }).click();
    await expect(editor.getByText("ORCID iD 的格式如 0000-0002-1825-0097")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/editor-error-zh.png`, fullPage: true });

    // Nothing typed is lost to a reload.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "编辑我的主页" }).click();
    await expect(editor.getByText("已恢复您在本设备上未提交的修改。")).toBeVisible();
    await expect(editor.getByLabel("职位")).toHaveValue("助理教授");
    await editor.getByLabel("ORCID iD").fill("0000-0002-1825-0097");
    await editor.getByRole("button", { name: "提交审核" }).click();
    await expect(editor.locator(".change-status")).toContainText("正在审核");
    await page.screenshot({ path: `${SHOTS}/editor-waiting-zh.png`, fullPage: true });

    const review = await request.post(`/dev/profileChanges/${scholar.user.authorCode}`, { form: { decision: "approve" }, maxRedirects: 0 });
    expect(review.status()).toBe(303);

    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      for (const lang of ["zh", "en"] as const) {
        await visitor.goto(`/person?authorCode=${scholar.user.authorCode}&lang=${lang}`);
        await waitForHydration(visitor);
        const tags = visitor.locator(".scholar-workspace .jel-tag");
        await expect(tags).toHaveCount(2);
        await expect(tags.first()).toContainText(lang === "zh" ? "劳动力需求与供给" : "Demand and Supply of Labor");
        await expect(visitor.locator(".scholar-workspace .timeline")).toContainText(lang === "zh" ? "2019–至今" : "2019–present");
        await expect(visitor.getByRole("link", { name: "ORCID" })).toHaveAttribute("href", "https://orcid.org/0000-0002-1825-0097");
        await expect(visitor.getByRole("button", { name: lang === "zh" ? "编辑我的主页" : "Edit my profile" })).toHaveCount(0);
        await visitor.screenshot({ path: `${SHOTS}/visitor-${lang}.png`, fullPage: true });
      }
    } finally {
      await visitor.close();
    }

    await openOwnProfile(page, scholar, "en");
    await page.getByRole("button", { name: "Edit my profile" }).click();
    await expect(editor.locator(".change-status")).toHaveText("Your last changes were approved.");
    await expect(editor.locator(".jel-tag.chosen")).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/editor-en.png`, fullPage: true });
  });
});
