/**
 * Search on a phone: the search page (scope tabs, hot keywords, history), a search of each type with real full-text
 * results from the embedded platform, switching the result type, the empty state, and the kept-alive result list.
 */
import { test, expect, waitForHydration } from "./fixtures";
import { openPage } from "./content-support";
import { platformData, speak } from "./platform-support";

const KINDS: Record<string, string[]> = {
  "0": ["live", "meeting", "video", "videoSpecial", "paper", "report", "book", "essay", "qa", "audiobook", "circle", "job", "person"],
  "1": ["paper", "report", "book"],
  "3": ["live", "meeting"],
  "4": ["video", "videoSpecial"],
};
const KIND_LABELS: Record<string, string> = {
  live: "直播",
  meeting: "会议",
  video: "视频",
  videoSpecial: "专题",
  paper: "论文",
  report: "研报",
  book: "图书",
  essay: "文章",
  qa: "问答",
  audiobook: "听书",
  circle: "圈子",
  job: "招聘",
  person: "学者",
};
const TAB_LABELS: Record<string, string> = { "0": "综合", "1": "文献", "3": "直播", "4": "视频" };

interface Results {
  list: { title: string; titleEn: string; kind: string }[];
  total: number;
  counts: Record<string, number>;
}

test("the search page shows the scope tabs and the hot keywords, in zh and en", async ({ page, context, baseURL }) => {
  const hot = (await platformData<{ list: { keyword: string; keywordEn: string }[] }>(page.request, "/article/keyWords")).list;
  await openPage(page, "/searchPage?searchType=1", "zh", ["热门搜索", hot[0].keyword, "文献"]);
  await expect(page.getByRole("searchbox")).toHaveAttribute("placeholder", "搜索论文、研报、图书");
  await expect(page.locator(".filter-chips [aria-current=page]")).toHaveText("文献");
  await speak(context, baseURL!, "en");
  await openPage(page, "/searchPage?searchType=4", "en", ["Popular searches", hot[0].keywordEn, "Videos"], [hot[0].keyword]);
  await expect(page.getByRole("searchbox")).toHaveAttribute("placeholder", "Search videos, series");
});

for (const searchType of ["0", "1", "3", "4"]) {
  test(`searching with searchType ${searchType} lists that type's full-text results`, async ({ page }) => {
    const keyword = "货币政策";
    const expected = await platformData<Results>(page.request, "/commonSearc/all", { searchType, keyword, pageSize: 10 });
    expect(expected.total).toBeGreaterThan(0);
    await page.goto(`/searchPage?searchType=${searchType}`);
    await waitForHydration(page);
    await page.getByRole("searchbox").fill(keyword);
    await page.getByRole("button", { name: "搜索", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/searchList\\?searchType=${searchType}&kw=[A-Za-z0-9_-]+$`));
    const list = page.locator('[data-page="/searchList"] .content-list');
    await expect(list.locator(".list-title")).toHaveText(expected.list.map((item) => item.title));
    for (const badge of await list.locator(".badge").allTextContents()) expect(KINDS[searchType].map((kind) => KIND_LABELS[kind])).toContain(badge.trim());
    await expect(page.getByRole("searchbox")).toHaveValue(keyword);
    const tabs = page.locator(".filter-chips");
    await expect(tabs.locator("[aria-current=page]")).toContainText(TAB_LABELS[searchType]);
    await expect(tabs.getByRole("link", { name: new RegExp(`^${TAB_LABELS[searchType]}`) }).locator(".filter-count")).toHaveText(String(expected.total));
  });
}

test("result tabs switch the type and keep the keyword; a search remembered in history runs again", async ({ page }) => {
  const keyword = "数字金融";
  const videos = await platformData<Results>(page.request, "/commonSearc/all", { searchType: 4, keyword, pageSize: 10 });
  await page.goto("/searchPage");
  await waitForHydration(page);
  await page.getByRole("searchbox").fill(keyword);
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/searchList\?searchType=0&kw=/);
  const kw = new URL(page.url()).searchParams.get("kw");
  await page.locator(".filter-chips").getByRole("link", { name: /^视频/ }).click();
  await expect(page).toHaveURL(`/searchList?searchType=4&kw=${kw}`);
  await expect(page.locator(".content-list .list-title")).toHaveText(videos.list.map((item) => item.title));

  await page.goto("/searchPage");
  await waitForHydration(page);
  const history = page.getByRole("region", { name: "搜索历史" });
  await history.getByRole("button", { name: keyword }).click();
  await expect(page).toHaveURL(`/searchList?searchType=0&kw=${kw}`);
  await expect(page.getByRole("searchbox")).toHaveValue(keyword);
});

test("a hot keyword chip searches for it", async ({ page }) => {
  const hot = (await platformData<{ list: { keyword: string }[] }>(page.request, "/article/keyWords")).list;
  await page.goto("/searchPage?searchType=3");
  await waitForHydration(page);
  await page.getByRole("region", { name: "热门搜索" }).getByRole("button", { name: hot[1].keyword }).click();
  await expect(page).toHaveURL(/\/searchList\?searchType=3&kw=/);
  await expect(page.getByRole("searchbox")).toHaveValue(hot[1].keyword);
  await expect(page.locator(".content-list .list-item").first()).toBeVisible();
});

test("a search that finds nothing shows the empty state, in zh and en", async ({ page, context, baseURL }) => {
  await page.goto("/searchPage");
  await waitForHydration(page);
  await page.getByRole("searchbox").fill("量子引力弦论");
  await page.getByRole("searchbox").press("Enter");
  await expect(page.locator(".empty-state")).toHaveText(/没有找到相关内容，换个关键词试试/);
  await expect(page.locator(".content-list")).toHaveCount(0);
  await expect(page.locator(".filter-count").first()).toHaveText("0");
  await speak(context, baseURL!, "en");
  await page.reload();
  await expect(page.locator(".empty-state")).toHaveText(/Nothing found\. Try other keywords/);
});

test("the result list is kept alive: a second page and the scroll are still there after a visit to a result", async ({ page }) => {
  const keyword = "金融";
  const expected = await platformData<Results>(page.request, "/commonSearc/all", { searchType: 0, keyword, pageSize: 10 });
  expect(expected.total).toBeGreaterThan(20);
  await page.goto("/searchPage");
  await waitForHydration(page);
  await page.getByRole("searchbox").fill(keyword);
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/searchList\?/);
  const listUrl = page.url();
  const items = page.locator('[data-page="/searchList"] .list-item');
  await expect(items).toHaveCount(10);
  await page.locator(".list-footer").scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(20);
  // A result whose screen is not built yet (an article, a question) shows without a link: open one that has a page.
  const linked = page.locator('[data-page="/searchList"] .list-item:has(a.list-link)');
  expect(await linked.count()).toBeGreaterThan(12);
  const target = linked.nth(12);
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(800);
  const title = (await target.locator(".list-title").textContent())!.trim();
  await target.locator("a").click();
  await expect(page).not.toHaveURL(listUrl);
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(items).toHaveCount(20);
  await expect(linked.nth(12).locator(".list-title")).toHaveText(title);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
});

test("one search finds every kind, each in its own tab with its own count words, in zh and en", async ({ page, context, baseURL }) => {
  const keyword = "金融";
  const all = await platformData<Results>(page.request, "/commonSearc/all", { searchType: 0, keyword, pageSize: 10 });
  for (const tab of ["1", "3", "4", "job", "people"]) expect(all.counts[tab], tab).toBeGreaterThan(0);
  await page.goto("/searchPage");
  await waitForHydration(page);
  await page.getByRole("searchbox").fill(keyword);
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/searchList\?searchType=0&kw=/);
  const tabs = page.locator(".filter-chips");
  const list = page.locator('[data-page="/searchList"] .content-list');
  for (const [tab, label, badge] of [
    ["job", "招聘", "招聘"],
    ["1", "文献", null],
  ] as const) {
    const link = tabs.getByRole("link", { name: new RegExp(`^${label}`) });
    await expect(link.locator(".filter-count")).toHaveText(String(all.counts[tab]));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`searchType=${tab}&`));
    await expect(tabs.locator("[aria-current=page]")).toContainText(label);
    if (badge) await expect(list.locator(".badge").first()).toHaveText(badge);
  }
  // Papers, reports and books are read, never watched.
  const counts = await list.locator(".list-count").allTextContents();
  expect(counts.length).toBeGreaterThan(0);
  for (const count of counts) expect(count).toMatch(/次阅读$/);
  await speak(context, baseURL!, "en");
  await page.reload();
  await expect(tabs.getByRole("link", { name: /^Jobs/ })).toHaveCount(1);
  await expect(tabs.getByRole("link", { name: /^People/ }).locator(".filter-count")).toHaveText(String(all.counts.people));
  for (const count of await list.locator(".list-count").allTextContents()) expect(count).toMatch(/reads$/);
});
