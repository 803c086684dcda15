/**
 * Recommendations and rankings (ADR 082, spec §7): "recommended for you" reports and papers, learning videos and
 * conferences from what a person follows, reads and watches (popular ones for visitors), hot authors, the industry
 * lists of reports, and mutual follows.
 */
import type { Db } from "../kernel/db.server.ts";
import { type Accounts, publicName, publicNameEn } from "../accounts/index.server.ts";
import { type Envelope, fail, ok, type ApiContext, type RouteDefinition } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { toItem } from "../content/index.server.ts";
import { viewerIdOf } from "../community/rules.server.ts";
import { toScholar } from "../scholars/index.server.ts";
import { authorsWithHeat, mutualFollows, reportIndustries, scholarCount, topReportsOf, userIdOfScholar } from "./queries.server.ts";
import { recommend } from "./rules.server.ts";

const HOT_WINDOW_DAYS = 30;

export function recommendationRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const suggest =
    (kinds: string[], extraWhere = "") =>
    (context: ApiContext) =>
      ok(recommend(db, viewerIdOf(accounts, context), kinds, paging(context.params, 6).pageSize, extraWhere));

  const followedBy = (context: ApiContext): Set<string> => {
    const viewer = viewerIdOf(accounts, context);
    return new Set(viewer ? (db.prepare("SELECT author_code FROM follows WHERE user_id = ?").pluck().all(viewer) as string[]) : []);
  };

  /** Followers count, new followers in the last 30 days ten times, and every ten reads of their works once. */
  const hotAuthors = (context: ApiContext) => {
    const { pageNum, pageSize } = paging(context.params, 10);
    const since = new Date(context.now().getTime() - HOT_WINDOW_DAYS * 86_400_000).toISOString();
    const followed = followedBy(context);
    const rows = authorsWithHeat(db, since, pageSize, (pageNum - 1) * pageSize);
    const list = rows.map((row) => ({ ...toScholar(row, followed.has(row.author_code)), newFollowers: row.new_followers, worksRead: row.works_read }));
    return ok({ list, total: scholarCount(db), pageNum, pageSize });
  };

  const industries = (context: ApiContext) => {
    const perIndustry = paging({ pageSize: context.params.perIndustry }, 3).pageSize;
    const list = reportIndustries(db).map((row) => ({
      industry: row.topic,
      industryEn: row.topic_en,
      reportCount: row.reports,
      // The document search for the industry's name (its kw is base64url, as every free-text query value).
      link: `/searchList?searchType=1&kw=${Buffer.from(row.topic).toString("base64url")}`,
      reports: topReportsOf(db, row.topic, perIndustry).map(toItem),
    }));
    return ok({ list });
  };

  /** A scholar's mutual follows when authorCode names one (public, as their follows are); else the signed-in viewer's. */
  /** Whose mutual follows: the scholar's account when authorCode names one, else the signed-in viewer (or the refusal). */
  const mutualOwner = (context: ApiContext): { userId: number | null } | { refused: Envelope } => {
    const authorCode = typeof context.params.authorCode === "string" ? context.params.authorCode : "";
    if (authorCode) {
      if (!db.prepare("SELECT 1 FROM scholars WHERE author_code = ?").get(authorCode))
        return { refused: fail(404, say(context, "学者不存在", "No such scholar")) };
      return { userId: userIdOfScholar(db, authorCode) ?? null };
    }
    const who = accounts.current(context);
    return "envelope" in who ? { refused: who.envelope } : { userId: who.user.id };
  };

  /** A scholar's mutual follows when authorCode names one (public, as their follows are); else the signed-in viewer's. */
  const mutual = (context: ApiContext) => {
    const owner = mutualOwner(context);
    if ("refused" in owner) return owner.refused;
    const { pageNum, pageSize } = paging(context.params, 10);
    // A profile nobody has claimed has no account, so nobody it follows back.
    if (owner.userId === null) return ok({ list: [], total: 0, pageNum, pageSize });
    const userId = owner.userId;
    const { rows, total } = mutualFollows(db, userId, pageSize, (pageNum - 1) * pageSize);
    const list = rows.map((row) => ({
      userId: row.id,
      userName: publicName(row),
      userNameEn: publicNameEn(row),
      portraitUrl: row.portrait_url,
      authorCode: row.author_code,
      link: row.author_code ? `/person?authorCode=${row.author_code}` : `/userHome?id=${row.id}`,
    }));
    return ok({ list, total, pageNum, pageSize });
  };

  return [
    { method: "ANY", path: "/suggest/getResearchReport", handler: suggest(["paper", "report"]) },
    { method: "ANY", path: "/suggest/getLearningVideo", handler: suggest(["video"]) },
    { method: "ANY", path: "/suggest/getConference", handler: suggest(["meeting"], "AND items.status = 0") },
    { method: "ANY", path: "/report/getHotAuthor", handler: hotAuthors },
    { method: "ANY", path: "/report/getListIndustry", handler: industries },
    { method: "ANY", path: "/author/meFollowAndFollowMe", handler: mutual },
  ];
}
