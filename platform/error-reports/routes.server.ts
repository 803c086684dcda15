import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type RouteDefinition } from "../kernel/router.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { say } from "../kernel/language.server.ts";
import { cleanReport, ERROR_REPORT_PATH } from "@contracts/error-report.ts";
import { countReport } from "./queries.server.ts";

/** Reports one address may send an hour: a page in a loop of errors must not fill the table. */
const REPORTS_PER_HOUR = 30;

/**
 * Browsers' error reports (ADR 063, migration 031): trimmed again here with the browser's own rules, counted per kind,
 * message, page and release, and listed by count for the developer tools.
 */
export function errorReportRoutes(db: Db): RouteDefinition[] {
  return [
    {
      method: "POST",
      path: ERROR_REPORT_PATH,
      handler: (context) => {
        const report = cleanReport(context.params);
        if (!report) return fail(400, say(context, "报告格式不对", "Not an error report"));
        if (!allow(db, `console-log:${context.ip}`, REPORTS_PER_HOUR, 3_600_000, context.now().getTime()))
          return fail(429, say(context, "报告太多，请稍后再试", "Too many reports; try again later"));
        countReport(db, { ...report, widget: report.widget ?? "" }, context.now().toISOString());
        return ok();
      },
    },
  ];
}
