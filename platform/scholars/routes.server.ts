import type { Accounts } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { toggleUserFollow } from "../community/rules.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { ScholarScope } from "./queries.server.ts";
import { toScholar, toggleScholarFollow } from "./rules.server.ts";

/** What the directory's paths work with: the database and the accounts (who is looking, who follows). */
interface ScholarsContext {
  db: Db;
  accounts: Accounts;
}

const followedBy = ({ db, accounts }: ScholarsContext, context: ApiContext): Set<string> => {
  const who = accounts.current(context);
  return "user" in who ? new Set(queries.followedCodes(db, who.user.id)) : new Set();
};

const list = (scholars: ScholarsContext, scope: ScholarScope) => (context: ApiContext) => {
  const { pageNum, pageSize } = paging(context.params);
  const keyword = typeof context.params.keyword === "string" ? context.params.keyword.trim().slice(0, 50) : "";
  const total = queries.countScholars(scholars.db, scope, keyword);
  const rows = queries.scholarsPage(scholars.db, scope, keyword, pageSize, (pageNum - 1) * pageSize);
  const followed = followedBy(scholars, context);
  return ok({ list: rows.map((row) => toScholar(row, followed.has(row.author_code))), total, pageNum, pageSize });
};

const query = (scholars: ScholarsContext) => (context: ApiContext) => {
  const row = queries.scholarByCode(scholars.db, String(context.params.authorCode ?? ""));
  return row ? ok(toScholar(row, followedBy(scholars, context).has(row.author_code))) : fail(404, say(context, "学者不存在", "No such scholar"));
};

/** /follow/doFollow follows a person when it names userId (the community's follow), a scholar when it names authorCode. */
const follow = ({ db, accounts }: ScholarsContext) =>
  accounts.withUser((context, user) => {
    if (context.params.userId !== undefined) return toggleUserFollow(db, context, user);
    const authorCode = String(context.params.authorCode ?? "");
    if (!queries.scholarExists(db, authorCode)) return fail(404, say(context, "学者不存在", "No such scholar"));
    return ok({ followed: toggleScholarFollow(db, user, authorCode, context.now()) });
  });

/** The scholar directory: lists and search, one scholar's card, following. */
export function scholarRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const scholars: ScholarsContext = { db, accounts };
  return [
    { method: "ANY", path: "/author/operationAuthorList", handler: list(scholars, "all") },
    { method: "ANY", path: "/author/searAuthor", handler: list(scholars, "all") },
    { method: "ANY", path: "/recommend/authorList", handler: list(scholars, "recommended") },
    { method: "ANY", path: "/author/query", handler: query(scholars) },
    { method: "POST", path: "/follow/doFollow", handler: follow(scholars) },
  ];
}
