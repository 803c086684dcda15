import type { Db } from "./kernel/db.server.ts";
import type { HotSearches } from "./hot-searches.server.ts";
import { fail, ok, type RouteDefinition } from "./kernel/router.server.ts";
import { spendCaptcha } from "./accounts/index.server.ts";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";

/**
 * What the operations console asks of the platform (ADR 052): spending a captcha its sign-in form showed, and the hot
 * searches it curates. The console's own store (staff, sessions, audit, page configs) is our server's, not the
 * platform's. The paths under /opsConsole are internal: our server calls them after it checked the staff member, and
 * never forwards a browser's /api call to them.
 */

/** How many of the hot searches the console shows: the public list's ten and the ones next in line. */
const HOT_SEARCHES_SHOWN = 30;

export function opsConsoleRoutes(db: Db, hotSearches: HotSearches, options: { captchaTestMode?: boolean } = {}): RouteDefinition[] {
  const keywordOf = (value: unknown) => (typeof value === "string" ? value : "");
  return [
    {
      method: "POST",
      path: `${OPS_CONSOLE_PREFIX}/captcha/spend`,
      handler: (context) => {
        const randStr = keywordOf(context.params.randStr);
        const ticket = keywordOf(context.params.ticket);
        return ok({ passed: Boolean(randStr && ticket) && spendCaptcha(db, randStr, ticket, options.captchaTestMode ?? false) });
      },
    },
    {
      method: "GET",
      path: `${OPS_CONSOLE_PREFIX}/hotSearches`,
      handler: (context) =>
        ok({
          shown: hotSearches.list(HOT_SEARCHES_SHOWN, context.now()),
          hidden: hotSearches.hidden().map((row) => ({ keyword: row.keyword, hiddenAt: row.hidden_at, hiddenBy: row.hidden_by })),
        }),
    },
    {
      method: "POST",
      path: `${OPS_CONSOLE_PREFIX}/hotSearches/hide`,
      handler: (context) => {
        const by = keywordOf(context.params.by).slice(0, 64);
        if (!by) return fail(400, "by is required");
        return ok({ keyword: hotSearches.hide(keywordOf(context.params.keyword), by, context.now()) });
      },
    },
    {
      method: "POST",
      path: `${OPS_CONSOLE_PREFIX}/hotSearches/show`,
      handler: (context) => ok({ shown: hotSearches.unhide(keywordOf(context.params.keyword)) }),
    },
  ];
}
