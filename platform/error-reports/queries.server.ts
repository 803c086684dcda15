import type { Db } from "../kernel/db.server.ts";

export interface ErrorReportRow {
  kind: string;
  message: string;
  stack: string;
  page: string;
  release: string;
  widget: string;
  count: number;
  last_at: string;
}

/** One more of a report: a new row for a new kind, message, page, release and widget, else its count goes up. */
export function countReport(db: Db, report: Omit<ErrorReportRow, "count" | "last_at">, at: string): void {
  db.prepare(
    `INSERT INTO console_logs (kind, message, stack, page, release, widget, first_at, last_at) VALUES (@kind, @message, @stack, @page, @release, @widget, @at, @at)
     ON CONFLICT (kind, message, page, release, widget) DO UPDATE SET count = count + 1, last_at = @at`,
  ).run({ ...report, at });
}

/** The reports, most frequent first. */
export function listErrorReports(db: Db, limit = 100): ErrorReportRow[] {
  return db
    .prepare("SELECT kind, message, stack, page, release, widget, count, last_at FROM console_logs ORDER BY count DESC, last_at DESC LIMIT ?")
    .all(limit) as ErrorReportRow[];
}
