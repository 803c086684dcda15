import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { searchPhrase } from "../content/index.server.ts";
import { searchClient, type HotSearches } from "./hot-searches.server.ts";
import { findAll, SEARCH_TABS, searchPage, tabKinds } from "./rules.server.ts";

/** A browser says the request came from another site's page; a request without Sec-Fetch-Site is not a browser's. */
function isCrossSite(context: ApiContext): boolean {
  const site = context.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/**
 * The search page's one call: a tab's hits of every searchable kind, ranked by relevance before popularity; and the hot
 * searches it shows before one is typed.
 */
export function searchRoutes(db: Db, accounts: Accounts, hotSearches: HotSearches): RouteDefinition[] {
  const viewerId = (context: ApiContext): number | null => {
    const who = accounts.current(context);
    return "user" in who ? who.user.id : null;
  };
  const tabs = Object.keys(SEARCH_TABS).join(", ");
  return [
    {
      method: "ANY",
      path: "/commonSearc/all",
      handler: (context) => {
        const tab = tabKinds(context.params.searchType);
        if (!tab) return fail(400, say(context, `searchType必须是${tabs}之一`, `searchType must be one of ${tabs}`));
        const keyword = searchPhrase(context.params.keyword);
        const { pageNum, pageSize } = paging(context.params);
        if (!keyword) {
          return ok({ list: [], total: 0, pageNum, pageSize, keyword, counts: Object.fromEntries(Object.keys(SEARCH_TABS).map((name) => [name, 0])) });
        }
        const viewer = viewerId(context);
        const page = searchPage(findAll(db, keyword, viewer ?? 0), keyword, tab, pageNum, pageSize);
        // Hot searches count a first page that found public items, once per client and phrase a day (ADR 042), and
        // never a search another site's page made its visitors' browsers send (an image or a script tag).
        if (pageNum === 1 && page.counts["0"] > 0 && !isCrossSite(context))
          hotSearches.count(keyword, page.counts["0"], searchClient(viewer, context.ip), context.now());
        return ok({ ...page, keyword });
      },
    },
    {
      method: "ANY",
      path: "/article/keyWords",
      handler: (context) => ok({ list: hotSearches.list(paging(context.params, 10).pageSize, context.now()) }),
    },
  ];
}
