/**
 * Citations in the browser (ADR 044): a paper's page carries Highwire tags in its server-rendered head, the cite box's
 * copy buttons put each style's reference on the clipboard in zh and en, and without scripts the same buttons are
 * links to the reference as text and the files download.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { platformData, speak, type Lang } from "./platform-support";

interface Paper {
  id: number;
  title: string;
  titleEn: string;
  journal: string;
  journalEn: string;
  year: number;
  authors: { name: string; nameEn: string }[];
}

async function firstPaper(request: Parameters<typeof platformData>[0]): Promise<Paper> {
  const papers = await platformData<{ list: { id: number }[] }>(request, "/mpPaper/searchAll", { pageSize: 10 });
  return platformData<Paper>(request, "/mpPaper/detail", { id: papers.list[0].id });
}

for (const lang of ["zh", "en"] as Lang[]) {
  test(`a paper's page has Highwire tags in its server-rendered head, in ${lang}`, async ({ page, context, baseURL }) => {
    const paper = await firstPaper(page.request);
    await speak(context, baseURL!, lang);
    const html = await (await page.request.get(`/docDetail?id=${paper.id}`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const title = lang === "zh" ? paper.title : paper.titleEn;
    const asAttribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
    expect(head).toContain(`<meta name="citation_title" content="${asAttribute(title)}"/>`);
    for (const author of paper.authors) expect(head).toContain(`<meta name="citation_author" content="${lang === "zh" ? author.name : author.nameEn}"/>`);
    expect(head).toContain(`<meta name="citation_publication_date" content="${paper.year}"/>`);
    expect(head).toContain(`<meta name="citation_journal_title" content="${asAttribute(lang === "zh" ? paper.journal : paper.journalEn)}"/>`);
    expect(html).toContain('class="Z3988"');

    // After hydration the tags are still there once each, as a reference manager's connector reads them.
    await page.goto(`/docDetail?id=${paper.id}`);
    await waitForHydration(page);
    await expect(page.locator('head meta[name="citation_title"]')).toHaveCount(1);
    await expect(page.locator('head meta[name="citation_author"]')).toHaveCount(paper.authors.length);
  });

  test(`the copy button copies each style's reference, in ${lang}`, async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const paper = await firstPaper(page.request);
    await speak(context, baseURL!, lang);
    await page.goto(`/docDetail?id=${paper.id}`);
    await waitForHydration(page);
    const box = page.locator(".cite-box");
    await box.scrollIntoViewIfNeeded();
    for (const style of ["gbt7714", "apa", "chicago", "mla"]) {
      const row = box.locator(`.cite-style[data-style="${style}"]`);
      const expected = (await (await page.request.get(`/cite/paper/${paper.id}?style=${style}&lang=${lang}`)).text()).trim();
      await expect(row.locator(".cite-text")).toHaveText(expected);
      await row.locator(".cite-copy").click();
      await expect(row.locator(".cite-copy")).toHaveText(lang === "zh" ? "已复制" : "Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
      expect(page.url()).toContain(`/docDetail?id=${paper.id}`);
    }
    const title = lang === "zh" ? paper.title : paper.titleEn;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(title);
  });
}

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the copy button opens the reference as text and the files download", async ({ page }) => {
    // A browser showing a text file asks for /favicon.ico, which the site does not have (its icon is an SVG).
    await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204 }));
    const paper = await firstPaper(page.request);
    await page.goto(`/docDetail?id=${paper.id}`);
    const apa = page.locator('.cite-style[data-style="apa"] .cite-copy');
    await apa.click();
    await expect(page).toHaveURL(new RegExp(`/cite/paper/${paper.id}\\?style=apa&lang=zh$`));
    await expect(page.locator("body")).toContainText(`(${paper.year}). ${paper.title}.`);
    await page.goBack();
    const download = page.waitForEvent("download");
    await page.locator(".cite-download", { hasText: "BibTeX" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`paper-${paper.id}.bib`);
  });
});
