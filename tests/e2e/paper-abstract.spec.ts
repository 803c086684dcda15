/**
 * The document page's abstract (widgets/paper-abstract, the README's worked example): a long abstract is folded after
 * the server renders it, and its button, once hydrated, unfolds and folds it again, in Chinese and English.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { platformData, speak, type Lang } from "./platform-support";

interface Paper {
  id: number;
  summary: string;
  summaryEn: string;
}

const FOLD_ABOVE = 180;

for (const lang of ["zh", "en"] as Lang[]) {
  test(`a long abstract unfolds and folds again with its button in ${lang}`, async ({ page, context, baseURL }, testInfo) => {
    const papers = await platformData<{ list: { id: number }[] }>(page.request, "/mpPaper/searchAll", { pageSize: 20 });
    const details = await Promise.all(papers.list.map(({ id }) => platformData<Paper>(page.request, "/mpPaper/detail", { id })));
    const text = (paper: Paper) => (lang === "zh" ? paper.summary : paper.summaryEn);
    const paper = details.find((candidate) => [...text(candidate)].length > FOLD_ABOVE);
    expect(paper, "a seeded paper with a long abstract").toBeDefined();
    await speak(context, baseURL!, lang);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/docDetail?id=${paper!.id}`);
    await waitForHydration(page);

    const abstract = page.locator(".paper-abstract");
    await expect(abstract.getByRole("heading", { name: lang === "zh" ? "摘要" : "Abstract" })).toBeVisible();
    const toggle = abstract.getByRole("button", { name: lang === "zh" ? "展开全文" : "Show all" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const folded = (await abstract.locator(".paper-abstract-text").boundingBox())!.height;
    await abstract.screenshot({ path: testInfo.outputPath(`paper-abstract-${lang}-folded.png`) });

    await toggle.click();
    const unfold = abstract.getByRole("button", { name: lang === "zh" ? "收起" : "Show less" });
    await expect(unfold).toHaveAttribute("aria-expanded", "true");
    expect((await abstract.locator(".paper-abstract-text").boundingBox())!.height).toBeGreaterThan(folded);
    expect((await unfold.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await page.screenshot({ path: testInfo.outputPath(`paper-abstract-${lang}-page.png`), fullPage: true });

    await unfold.click();
    await expect(abstract.getByRole("button", { name: lang === "zh" ? "展开全文" : "Show all" })).toHaveAttribute("aria-expanded", "false");
  });
}
