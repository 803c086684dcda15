/**
 * No dead ends: every internal link the pages render leads to a page. Starting from every page config, as a visitor
 * and signed in, in zh and en, each link is followed one level (detail pages with seeded ids, at most a few per path)
 * and must answer below 400; every link found on those pages must at least point at a path a config serves.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { logInByCode, type Lang } from "./platform-support";

const configsDir = join(import.meta.dirname, "..", "..", "page-configs");
interface ConfigHead {
  path: string;
  aliases?: string[];
  query?: Record<string, { required?: boolean }>;
  data?: Record<string, { notFoundWhenMissing?: boolean }>;
}
const configs = readdirSync(configsDir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => JSON.parse(readFileSync(join(configsDir, file), "utf8")) as ConfigHead);
const served = new Set(configs.flatMap((config) => [config.path, ...(config.aliases ?? [])]));
/** Detail pages (whose item is missing without an id) and pages about one thing (an order) are reached through the links to them, not as starts. */
const isDetailPage = (config: ConfigHead) =>
  Object.values(config.data ?? {}).some((source) => source.notFoundWhenMissing) || Object.values(config.query ?? {}).some((value) => value.required);
/** Search results of every kind (articles and questions among them) are pages a visitor meets too. */
const searches = ["0", "1", "3", "4"].map((type) => `/searchList?kw=${Buffer.from("金融").toString("base64url")}&searchType=${type}`);
const starts = [...configs.filter((config) => config.path !== "/404" && !isDetailPage(config)).map((config) => config.path), ...searches];
/** Redirects of spec §2 that the server answers before any page. */
const REDIRECTS: Record<string, string> = { "/": "/home", "/appDownload": "/toApp" };
const FOLLOW_PER_PATH = 3;

/** Internal page links in an HTML document: not assets, media, the API, the developer tools or citations (citations.spec.ts). */
function pageLinks(html: string): string[] {
  const links = new Set<string>();
  for (const [, raw] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
    const href = raw.replace(/&amp;/g, "&");
    if (!href.startsWith("/") || href.startsWith("//")) continue;
    if (/^\/(assets|media|api|dev|cite)\//.test(href) || /\.[a-z0-9]+(\?|$)/i.test(href.split("?")[0])) continue;
    links.add(href);
  }
  return [...links];
}

const pathOf = (href: string) => {
  const path = href.split(/[?#]/)[0];
  return REDIRECTS[path] ?? path;
};

async function crawl(request: APIRequestContext, cookie: string) {
  const problems: string[] = [];
  const fetched = new Map<string, number>();
  const followed = new Map<string, number>();
  const get = async (href: string) => {
    if (!fetched.has(href)) {
      const response = await request.get(href, { headers: { cookie }, maxRedirects: 3 });
      fetched.set(href, response.status());
      return { status: response.status(), html: (response.headers()["content-type"] ?? "").includes("text/html") ? await response.text() : "" };
    }
    return { status: fetched.get(href)!, html: "" };
  };
  const secondLevel: [string, string][] = [];
  for (const start of starts) {
    const { status, html } = await get(start);
    if (status >= 400) problems.push(`${start} answers ${status}`);
    for (const link of pageLinks(html)) {
      if (!served.has(pathOf(link))) {
        problems.push(`${start} links to ${link}: no page config serves ${pathOf(link)}`);
        continue;
      }
      const count = followed.get(pathOf(link)) ?? 0;
      if (count >= FOLLOW_PER_PATH || fetched.has(link)) continue;
      followed.set(pathOf(link), count + 1);
      secondLevel.push([start, link]);
    }
  }
  for (const [from, link] of secondLevel) {
    const { status, html } = await get(link);
    if (status >= 400) problems.push(`${from} links to ${link}, which answers ${status}`);
    for (const next of pageLinks(html)) {
      if (!served.has(pathOf(next))) problems.push(`${link} links to ${next}: no page config serves ${pathOf(next)}`);
    }
  }
  return { problems: [...new Set(problems)], pages: fetched.size };
}

for (const lang of ["zh", "en"] as Lang[]) {
  test(`every link a visitor meets leads to a page (${lang})`, async ({ request }) => {
    test.setTimeout(180_000);
    const { problems, pages } = await crawl(request, `lang=${lang}`);
    expect(pages).toBeGreaterThan(starts.length);
    expect(problems).toEqual([]);
  });

  test(`every link a signed-in user meets leads to a page (${lang})`, async ({ request }) => {
    test.setTimeout(180_000);
    const session = await logInByCode(request);
    const { problems, pages } = await crawl(request, `lang=${lang}; token=${session.token}`);
    expect(pages).toBeGreaterThan(starts.length);
    expect(problems).toEqual([]);
  });
}

test("in the messaging app's browser, /toApp asks to copy the link into a browser", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    userAgent: "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47",
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/toApp");
  await expect(page.locator(".app-download-advice")).toHaveText("请复制链接到浏览器，再下载经管学术圈");
  await expect(page.getByRole("button", { name: "复制链接" })).toBeVisible();
  await context.close();
});

test("/toApp offers the newest release from the platform", async ({ page, request }) => {
  const answer = await (await request.post("/api/sys/android/version")).json();
  await page.goto("/toApp");
  await expect(page.getByRole("link", { name: "Android 下载" })).toHaveAttribute("href", answer.data.downloadUrl);
  await expect(page.getByRole("link", { name: "App Store 下载" })).toHaveAttribute("href", answer.data.iosUrl);
  await expect(page.locator(".app-download-version")).toContainText(answer.data.versionName);
});
