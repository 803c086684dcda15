/**
 * One URL for every page config, for the suites that open every page in a browser (accessibility, layout sweep,
 * styles). Pages that stand alone are opened by their path; a detail page (its item is missing without an id, or a
 * query value is required) by the first link to it that the stand-alone pages render for the same viewer, as a
 * person would reach it. A detail page no page links to is reported, so a config never drops out of the walk silently.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";

const configsDir = join(import.meta.dirname, "..", "..", "page-configs");

interface ConfigHead {
  path: string;
  query?: Record<string, { required?: boolean }>;
  data?: Record<string, { notFoundWhenMissing?: boolean }>;
}

const configs = readdirSync(configsDir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => JSON.parse(readFileSync(join(configsDir, file), "utf8")) as ConfigHead)
  .filter((config) => config.path !== "/404");

const isDetailPage = (config: ConfigHead) =>
  Object.values(config.data ?? {}).some((source) => source.notFoundWhenMissing) || Object.values(config.query ?? {}).some((value) => value.required);

function pageLinks(html: string): string[] {
  const links: string[] = [];
  for (const [, raw] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
    const href = raw.replace(/&amp;/g, "&");
    if (href.startsWith("/") && !href.startsWith("//")) links.push(href);
  }
  return links;
}

/**
 * Detail pages no server-rendered page links to: a person reaches them after an action (an order, a redemption, a
 * gift) or from a list rendered in the browser. The walk does not open them yet; any other unreached page fails it.
 */
export const REACHED_AFTER_AN_ACTION = new Set([
  "/bookAudioPlay",
  "/bookUnlock",
  "/bookVoteDetail",
  "/boutiqueConfirmCommodity",
  "/boutiqueDoc",
  "/boutiquePay",
  "/boutiqueVideo",
  "/exchangeAck",
  "/goodsConfirm",
  "/myOrderDetail",
  "/orderAck",
  "/pointExchangeDetail",
  "/pointGoodsDetail",
  "/qaAnswer",
  "/shareVideoVotePage",
  "/videoDoc",
  "/vipCard",
  "/vipGetDonate",
]);

export interface PageWalk {
  /** One URL per page config, in file order. */
  urls: string[];
  /** Detail pages no stand-alone page linked to. */
  unreached: string[];
}

/** The walk for a viewer whose cookies are `cookie` (language, session). */
export async function walkEveryPage(request: APIRequestContext, cookie: string): Promise<PageWalk> {
  const detailPaths = new Set(configs.filter(isDetailPage).map((config) => config.path));
  const standAlone = configs.filter((config) => !isDetailPage(config)).map((config) => config.path);
  const firstLink = new Map<string, string>();
  // Breadth first: the stand-alone pages, then the detail pages found there (an answer is reached from its question).
  let frontier = standAlone;
  for (let depth = 0; depth < 3 && frontier.length > 0 && firstLink.size < detailPaths.size; depth++) {
    const next: string[] = [];
    for (const url of frontier) {
      const response = await request.get(url, { headers: { cookie }, maxRedirects: 3 });
      if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
      for (const link of pageLinks(await response.text())) {
        const linkPath = link.split(/[?#]/)[0];
        if (!detailPaths.has(linkPath) || !link.includes("?") || firstLink.has(linkPath)) continue;
        firstLink.set(linkPath, link);
        next.push(link);
      }
    }
    frontier = next;
  }
  const urls = configs.map((config) => (isDetailPage(config) ? firstLink.get(config.path) : config.path)).filter((url): url is string => Boolean(url));
  return { urls, unreached: [...detailPaths].filter((path) => !firstLink.has(path)) };
}
