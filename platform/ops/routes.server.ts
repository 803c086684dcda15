import type { Db } from "../kernel/db.server.ts";
import type { HotSearches } from "../search/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "../kernel/router.server.ts";
import { spendCaptcha } from "../accounts/index.server.ts";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";

/** How many of the hot searches the console shows: the public list's ten and the ones next in line. */
const HOT_SEARCHES_SHOWN = 30;

/** What the console's paths work with: the database (captchas), the hot searches, and whether captchas are in test mode. */
interface OpsContext {
  db: Db;
  hotSearches: HotSearches;
  captchaTestMode: boolean;
}

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** Spends the captcha the console's sign-in form showed: passed when the ticket is its answer; a captcha answers one check. */
const spendSignInCaptcha = ({ db, captchaTestMode }: OpsContext, context: ApiContext) => {
  const randStr = textOf(context.params.randStr);
  const ticket = textOf(context.params.ticket);
  return ok({ passed: Boolean(randStr && ticket) && spendCaptcha(db, randStr, ticket, captchaTestMode) });
};

const hotSearchList = ({ hotSearches }: OpsContext, context: ApiContext) =>
  ok({
    shown: hotSearches.list(HOT_SEARCHES_SHOWN, context.now()),
    hidden: hotSearches.hidden().map((row) => ({ keyword: row.keyword, hiddenAt: row.hidden_at, hiddenBy: row.hidden_by })),
  });

/** Hides a phrase from the public list, naming the staff member (`by`) our server checked. */
const hideHotSearch = ({ hotSearches }: OpsContext, context: ApiContext) => {
  const by = textOf(context.params.by).slice(0, 64);
  if (!by) return fail(400, "by is required");
  return ok({ keyword: hotSearches.hide(textOf(context.params.keyword), by, context.now()) });
};

/**
 * What the operations console asks of the platform (ADR 052): spending a captcha its sign-in form showed, and the hot
 * searches it curates. The paths under /opsConsole are internal: our server calls them after it checked the staff
 * member, and never forwards a browser's /api call to them.
 */
export function opsConsoleRoutes(db: Db, hotSearches: HotSearches, options: { captchaTestMode?: boolean } = {}): RouteDefinition[] {
  const ops: OpsContext = { db, hotSearches, captchaTestMode: options.captchaTestMode ?? false };
  return [
    { method: "POST", path: `${OPS_CONSOLE_PREFIX}/captcha/spend`, handler: (context) => spendSignInCaptcha(ops, context) },
    { method: "GET", path: `${OPS_CONSOLE_PREFIX}/hotSearches`, handler: (context) => hotSearchList(ops, context) },
    { method: "POST", path: `${OPS_CONSOLE_PREFIX}/hotSearches/hide`, handler: (context) => hideHotSearch(ops, context) },
    { method: "POST", path: `${OPS_CONSOLE_PREFIX}/hotSearches/show`, handler: (context) => ok({ shown: hotSearches.unhide(textOf(context.params.keyword)) }) },
  ];
}
