/**
 * The page's way to report an error (ADR 063): the reporter (./error-reports, with the trimming rules of
 * contracts/error-report.ts) is fetched the first time an error happens, so no first load carries it (ADR 097).
 */
import type { ErrorReportKind } from "@contracts/error-report";

export function reportError(kind: ErrorReportKind, error: unknown, widget?: string): void {
  // The reporter cannot be fetched (offline, a new deploy): its report could not have been sent either.
  void import("./error-reports").then(({ reportError: report }) => report(kind, error, widget)).catch(() => undefined);
}

/** Listens for what nothing else caught; called once when the page starts. */
export function installErrorReports(): void {
  window.addEventListener("error", (event) => reportError("error", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportError("rejection", event.reason));
}
