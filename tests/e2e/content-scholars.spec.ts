/**
 * Scholars on a phone, in Chinese and English: the directory with search, the recommended scholars, a profile with
 * its verified mark and papers, and follow / unfollow (login-gated).
 */
import type { Page as Browser } from "@playwright/test";
import { formatCount } from "~/format/numbers";
import { test, expect, waitForHydration } from "./fixtures";
import { openPage } from "./content-support";
import { holdSession, logInByCode, platformData, speak, type Lang } from "./platform-support";

interface Scholar {
  authorCode: string;
  authorName: string;
  authorNameEn: string;
  orgName: string;
  orgNameEn: string;
  verified: boolean;
  followerCount: number;
  followed: boolean;
}
type Page = { list: Scholar[]; total: number };

const KEYWORD = "清华大学";

/** Searches the directory from its search box and waits for the first page of matches the platform gives. */
async function searchDirectory(page: Browser, expected: Page): Promise<void> {
  await page.getByRole("searchbox").fill(KEYWORD);
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/authorList\?kw=[A-Za-z0-9_-]+$/);
  await expect
    .poll(async () => (await page.locator(".scholar-name strong").allTextContents()).slice(0, 10))
    .toEqual(expected.list.map((entry) => entry.authorName));
}

/** A request or answer for the directory's second page. */
const secondPage = (text: string) => /pageNum\W{0,3}2\b/.test(decodeURIComponent(text));

for (const lang of ["zh", "en"] as Lang[]) {
  test(`every scholar page renders its seeded data in ${lang}`, async ({ page, context, baseURL }) => {
    const directory = await platformData<Page>(page.request, "/author/operationAuthorList", { pageSize: 10 });
    const recommended = await platformData<Page>(page.request, "/recommend/authorList", { pageSize: 10 });
    const scholar = directory.list[0];
    const works = await platformData<{ list: { title: string; titleEn: string }[] }>(page.request, "/article/searchByAuthor", {
      authorCode: scholar.authorCode,
    });
    await speak(context, baseURL!, lang);
    const name = (entry: Scholar) => (lang === "zh" ? entry.authorName : entry.authorNameEn);
    const org = (entry: Scholar) => (lang === "zh" ? entry.orgName : entry.orgNameEn);
    const verified = lang === "zh" ? "已认证" : "Verified";

    await openPage(
      page,
      "/authorList",
      lang,
      [name(directory.list[0]), org(directory.list[0]), name(directory.list[9]), verified],
      [lang === "zh" ? directory.list[0].authorNameEn : directory.list[0].authorName],
    );
    await openPage(page, "/recommendedAuthor", lang, [name(recommended.list[0]), lang === "zh" ? "推荐学者" : "Recommended scholars"]);
    await openPage(page, "/recommendAuthorList", lang, [name(recommended.list[0]), name(recommended.list[9])]);
    await openPage(page, `/person?authorCode=${scholar.authorCode}`, lang, [
      name(scholar),
      org(scholar),
      lang === "zh" ? works.list[0].title : works.list[0].titleEn,
    ]);
    await expect(page.locator(".scholar-profile .verified-mark")).toHaveText(scholar.verified ? verified : lang === "zh" ? "未认证" : "Not verified");
  });
}

test("lists mark verified and unverified scholars", async ({ page }) => {
  // The directory lists verified scholars first: the unverified ones come after them.
  const directory = await platformData<Page>(page.request, "/author/operationAuthorList", { pageSize: 10 });
  const later = await platformData<Page>(page.request, "/author/operationAuthorList", { pageNum: 10, pageSize: 10 });
  const unverified = later.list.find((entry) => !entry.verified)!;
  expect(unverified).toBeDefined();
  await page.goto(`/person?authorCode=${unverified.authorCode}`);
  await expect(page.locator(".scholar-profile .verified-mark")).toHaveText("未认证");
  await page.goto("/authorList");
  const first = page.locator(".scholar-item").first();
  await expect(first.locator(".verified-mark")).toHaveText(directory.list[0].verified ? "已认证" : "未认证");
});

test("searching the directory by institution lists only matching scholars", async ({ page }) => {
  const expected = await platformData<Page>(page.request, "/author/operationAuthorList", { keyword: KEYWORD, pageSize: 10 });
  expect(expected.total).toBeGreaterThan(0);
  await page.goto("/authorList");
  await waitForHydration(page);
  // The first page, then the next one by itself while the end of the short list is in view.
  await searchDirectory(page, expected);
  for (const org of await page.locator(".scholar-org").allTextContents()) expect(org).toContain(KEYWORD);
});

test("a next page asked for before a search does not join the searched list", async ({ page }) => {
  const expected = await platformData<Page>(page.request, "/author/operationAuthorList", { keyword: KEYWORD, pageSize: 10 });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route(/\/api\/author\/operationAuthorList/, async (route) => {
    const asked = `${route.request().url()} ${route.request().postData() ?? ""}`;
    if (secondPage(asked) && !decodeURIComponent(asked).includes(KEYWORD)) {
      held = true;
      await released;
    }
    await route.continue();
  });
  await page.goto("/authorList");
  await waitForHydration(page);
  // The end of the list in view asks for the directory's second page, held back while the reader searches.
  await page.locator(".list-footer").scrollIntoViewIfNeeded();
  await expect.poll(() => held).toBe(true);
  await searchDirectory(page, expected);

  const staleAnswer = page.waitForResponse(
    (response) => /operationAuthorList/.test(response.url()) && secondPage(response.request().postData() ?? response.url()),
  );
  release();
  await staleAnswer;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const orgs = await page.locator(".scholar-org").allTextContents();
  expect(orgs.length).toBeGreaterThan(0);
  for (const org of orgs) expect(org).toContain(KEYWORD);
});

test("a visitor who taps follow gets the login dialog", async ({ page }) => {
  const scholar = (await platformData<Page>(page.request, "/author/operationAuthorList", { pageSize: 1 })).list[0];
  await page.goto(`/person?authorCode=${scholar.authorCode}`);
  await waitForHydration(page);
  await page.locator(".scholar-profile").getByRole("button", { name: "+ 关注" }).click();
  await expect(page.locator('dialog[data-dialog="login"]')).toBeVisible();
  expect((await platformData<Scholar>(page.request, "/author/query", { authorCode: scholar.authorCode })).followerCount).toBe(scholar.followerCount);
});

test("a signed-in user follows and unfollows a scholar, on the profile and in the list", async ({ page, context, baseURL }) => {
  const scholar = (await platformData<Page>(page.request, "/author/operationAuthorList", { pageSize: 3 })).list[2];
  const session = await logInByCode(page.request);
  await holdSession(context, baseURL!, session);
  await page.goto(`/person?authorCode=${scholar.authorCode}`);
  await waitForHydration(page);
  const profile = page.locator(".scholar-profile");
  const followers = profile.locator(".profile-followers");
  const before = scholar.followerCount;
  await expect(followers).toHaveText(formatCount(before, "zh"));
  await profile.getByRole("button", { name: "+ 关注" }).click();
  await expect(profile.getByRole("button", { name: "已关注" })).toHaveAttribute("aria-pressed", "true");
  await expect(followers).toHaveText(formatCount(before + 1, "zh"));
  await expect(page.locator(".toast").filter({ hasText: "已关注" })).toBeVisible();
  expect((await platformData<Scholar>(page.request, "/author/query", { authorCode: scholar.authorCode }, session.token)).followed).toBe(true);

  // The directory, rendered for this user, shows the follow too; unfollowing there counts down again.
  await page.goto("/authorList");
  await waitForHydration(page);
  const row = page.locator(".scholar-item").filter({ hasText: scholar.authorName });
  await expect(row.getByRole("button", { name: "已关注" })).toBeVisible();
  await row.getByRole("button", { name: "已关注" }).click();
  await expect(row.getByRole("button", { name: "+ 关注" })).toBeVisible();
  await expect(page.locator(".toast").filter({ hasText: "已取消关注" })).toBeVisible();
  const after = await platformData<Scholar>(page.request, "/author/query", { authorCode: scholar.authorCode }, session.token);
  expect(after).toMatchObject({ followed: false, followerCount: before });
});
