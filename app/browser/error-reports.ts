/**
 * Reports the browser's uncaught errors, rejected promises and widget failures to the platform (ADR 063): once per kind
 * and message per session, at most ten a session, trimmed of personal data before they leave (contracts/error-report.ts).
 * Loaded the first time an error happens (app/browser/report-error.ts), so no first load carries it (ADR 097).
 */
import { cleanReport, ERROR_REPORT_LIMITS, ERROR_REPORT_PATH, type ErrorReportKind } from "@contracts/error-report";
import { browserApi } from "~/api/browser-api";

const SENT_KEY = "econ-error-reports";

/** The build that runs: the content hash in this script's own file name ("error-reports-AbC123.js"), or "dev". */
function release(): string {
  const name = new URL(import.meta.url).pathname.split("/").pop() ?? "";
  return /-([A-Za-z0-9_-]{6,})\.js$/.exec(name)?.[1] ?? "dev";
}

function sentKeys(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(SENT_KEY) ?? "[]") as string[];
  } catch {
    return [];
  }
}

export function reportError(kind: ErrorReportKind, error: unknown, widget?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  const report = cleanReport({
    kind,
    message,
    stack: error instanceof Error ? (error.stack ?? "") : "",
    page: window.location.pathname,
    release: release(),
    widget,
  });
  if (!report) return;
  const key = `${kind}:${widget ?? ""}:${report.message.split("\n")[0]}`;
  const sent = sentKeys();
  if (sent.includes(key) || sent.length >= ERROR_REPORT_LIMITS.perSession) return;
  try {
    sessionStorage.setItem(SENT_KEY, JSON.stringify([...sent, key]));
  } catch {
    return; // Without storage the once-per-session promise cannot be kept: nothing is sent.
  }
  void browserApi.request(ERROR_REPORT_PATH, { method: "POST", params: { ...report } });
}
