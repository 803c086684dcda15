/**
 * Documents and books on a phone, in Chinese and English: the index, the paper and report lists with the report
 * type filter, a document's detail (abstract, counts, related), the book list and a book's detail.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { openPage } from "./content-support";
import { platformData, speak, type Lang } from "./platform-support";

interface Item {
  id: number;
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  viewCount: number;
}
type Page = { list: Item[]; total: number };

for (const lang of ["zh", "en"] as Lang[]) {
  test(`every document and book page renders its seeded data in ${lang}`, async ({ page, context, baseURL }) => {
    const request = page.request;
    const reports = await platformData<Page>(request, "/report/getHotReport");
    const papers = await platformData<Page>(request, "/mpPaper/searchAll", { pageSize: 10 });
    const books = await platformData<Page>(request, "/books", { pageSize: 12 });
    const paper = await platformData<Item>(request, "/mpPaper/detail", { id: papers.list[0].id });
    const related = await platformData<Page>(request, "/recommend/relatedDocs", { id: paper.id });
    const book = await platformData<Item>(request, "/booksDetail", { id: books.list[0].id });
    const tags = (await platformData<{ list: { name: string; nameEn: string }[] }>(request, "/report/getTypeTag")).list;
    await speak(context, baseURL!, lang);
    const title = (item: Item) => (lang === "zh" ? item.title : item.titleEn);
    const other = (item: Item) => (lang === "zh" ? item.titleEn : item.title);

    await openPage(
      page,
      "/docIndex",
      lang,
      [title(reports.list[0]), title(papers.list[0]), title(books.list[0]), lang === "zh" ? "热门研报" : "Popular reports"],
      [other(papers.list[0])],
    );
    await openPage(page, "/docList", lang, [title(papers.list[0]), title(papers.list[9])], [other(papers.list[0])]);
    await openPage(page, "/docList?docType=report", lang, [lang === "zh" ? tags[0].name : tags[0].nameEn, lang === "zh" ? "全部" : "All"]);
    await openPage(
      page,
      `/docDetail?id=${paper.id}`,
      lang,
      [title(paper), lang === "zh" ? paper.summary : paper.summaryEn, lang === "zh" ? "摘要" : "Abstract", title(related.list[0])],
      [other(paper)],
    );
    await openPage(page, "/bookList", lang, [title(books.list[0]), title(books.list[11])], [other(books.list[0])]);
    await openPage(page, `/bookDetail?id=${book.id}`, lang, [title(book), lang === "zh" ? "内容简介" : "About the book"], [other(book)]);
  });
}

test("the report type filter lists only that type's reports", async ({ page }) => {
  const tags = (await platformData<{ list: { id: number; name: string }[] }>(page.request, "/report/getTypeTag")).list;
  const tag = tags[1];
  const expected = await platformData<Page>(page.request, "/report/getList", { typeId: tag.id, pageSize: 10 });
  await page.goto("/docIndex");
  await waitForHydration(page);
  await page.locator(".link-grid").getByRole("link", { name: "研究报告" }).click();
  await expect(page).toHaveURL(/\/docList\?docType=report$/);
  await page.locator(".filter-chips").getByRole("link", { name: tag.name }).click();
  await expect(page).toHaveURL(`/docList?docType=report&typeId=${tag.id}`);
  await expect
    .poll(async () => (await page.locator(".content-list .list-title").allTextContents()).slice(0, 10))
    .toEqual(expected.list.map((item) => item.title));
  // Back to papers: the tags go, the paper list comes.
  await page.locator(".filter-chips").getByRole("link", { name: "论文" }).click();
  await expect(page).toHaveURL(`/docList?docType=paper&typeId=${tag.id}`);
  await expect(page.locator(".filter-chips").getByRole("link", { name: tag.name })).toHaveCount(0);
});

test("a document shows its read count with the 10,000-unit rule", async ({ page }) => {
  const papers = await platformData<Page>(page.request, "/mpPaper/searchAll", { pageSize: 50 });
  const big = papers.list.find((item) => item.viewCount >= 10_000)!;
  expect(big, "a seeded paper with 10,000 reads or more").toBeDefined();
  await page.goto(`/docDetail?id=${big.id}`);
  const shown = `${(Math.floor(big.viewCount / 100) / 100).toFixed(2)}万 次阅读`;
  await expect(page.locator(".detail-count")).toHaveText(shown);
});
