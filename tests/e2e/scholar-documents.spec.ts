/**
 * A scholar's documents in the browser (ADR 082): the owner of /person adds a working paper with a co-author found by
 * lookup; a file that is not a PDF is refused at its field by its bytes before anything is sent; a real PDF goes
 * through; the owner hides it and a visitor's /person no longer counts it; in zh and en. Screenshots at 390×844 in
 * test-results/scholar-documents/.
 */
import { expect, test, waitForHydration } from "./fixtures";
import { becomeScholar } from "./live-helpers";
import { holdSession, logInByCode, type Session } from "./platform-support";

const SHOTS = "test-results/scholar-documents";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1");

test.describe("a scholar's documents", () => {
  let scholar: Session;
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    scholar = await becomeScholar(request, await logInByCode(request), "陈思远");
    await request.dispose();
  });

  test("adds a working paper with a PDF checked by its bytes, hides it from visitors, in zh and en", async ({ page, baseURL, browser }) => {
    test.setTimeout(90_000);
    await holdSession(page.context(), baseURL!, scholar);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/person?authorCode=${scholar.user.authorCode}&lang=zh`);
    await waitForHydration(page);
    const section = page.locator(".scholar-documents");
    await expect(section.getByText("论文 0 篇")).toBeVisible();
    await section.getByRole("button", { name: "管理我的文献" }).click();
    await section.getByRole("button", { name: "添加文献" }).click();
    const form = section.locator(".document-form");
    await form.getByLabel("标题").fill("最低工资与企业自动化：来自制造业的证据");
    await form.getByLabel("添加合作者").fill("不在库中的合作者");
    await form.getByRole("button", { name: "查找" }).click();
    await form.getByRole("button", { name: "按姓名添加“不在库中的合作者”" }).click();
    await expect(form.locator(".author-rows li")).toHaveCount(2);
    // The document's JEL codes use the profile's picker: searched by code or word, shown as removable tags.
    const jel = form.getByRole("group", { name: "JEL 分类号" });
    await jel.getByLabel("按代码或关键词搜索 JEL 领域").fill("工资");
    await jel.getByRole("button", { name: /^添加 J3 / }).click();
    await jel.getByLabel("按代码或关键词搜索 JEL 领域").fill("o3");
    await jel.getByRole("button", { name: /^添加 O3 / }).click();
    await expect(jel.locator(".jel-tag.chosen")).toHaveText([/^J3 工资、报酬与劳动成本/, /^O3 创新/]);
    await form.getByLabel("DOI").fill("10.3386/w31234");
    await form.getByLabel("PDF 全文（可选）").setInputFiles({ name: "paper.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>not a pdf</html>") });
    await form.getByRole("button", { name: "保存" }).click();
    await expect(form.getByText("请选择 PDF 文件（按文件内容判断，而非文件名）")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/form-error-zh.png`, fullPage: true });

    await form.getByLabel("PDF 全文（可选）").setInputFiles({ name: "paper.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByRole("button", { name: "保存" }).click();
    const own = section.locator(".own-document");
    await expect(own).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/manager-zh.png`, fullPage: true });
    await page.reload();
    await waitForHydration(page);
    await expect(section.getByText("论文 1 篇")).toBeVisible();
    await expect(section.locator(".works-list")).toContainText("最低工资与企业自动化");
    await section.getByRole("button", { name: "管理我的文献" }).click();
    await own.getByRole("button", { name: "编辑" }).click();
    await expect(form.getByRole("group", { name: "JEL 分类号" }).locator(".jel-tag.chosen")).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/jel-picker-zh.png`, fullPage: true });
    await form.getByRole("button", { name: "取消" }).click();

    await own.getByRole("button", { name: "隐藏" }).click();
    await expect(own.getByText("已隐藏，仅自己可见")).toBeVisible();

    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await visitor.goto(`/person?authorCode=${scholar.user.authorCode}&lang=en`);
      await waitForHydration(visitor);
      await expect(visitor.locator(".scholar-documents").getByText("0 papers")).toBeVisible();
      await expect(visitor.getByRole("button", { name: "Manage my documents" })).toHaveCount(0);
      await visitor.screenshot({ path: `${SHOTS}/visitor-en.png`, fullPage: true });
    } finally {
      await visitor.close();
    }

    await page.goto(`/person?authorCode=${scholar.user.authorCode}&lang=en`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Manage my documents" }).click();
    await expect(page.locator(".own-document").getByText("Hidden: only you see it")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/manager-en.png`, fullPage: true });
  });
});
