/**
 * Error reports from the browser (spec §7 /common/recordConsoleLog, ADR 063): what is sent and how it is cut down so
 * that no personal data leaves the page. The browser trims before sending; the platform trims again on receipt.
 */

export const ERROR_REPORT_PATH = "/common/recordConsoleLog";

export const ERROR_REPORT_KINDS = ["error", "rejection", "widget"] as const;
export type ErrorReportKind = (typeof ERROR_REPORT_KINDS)[number];

export const ERROR_REPORT_LIMITS = { messageChars: 300, stackLines: 8, stackChars: 1500, perSession: 10 } as const;

export interface ErrorReport {
  kind: ErrorReportKind;
  message: string;
  stack: string;
  /** The page's path, without its query (which may carry a search or an invitation). */
  page: string;
  /** Which build sent it (the hash of its script). */
  release: string;
  /** The widget type, for a widget's error boundary. */
  widget?: string;
}

/** Addresses, phone numbers, long digit runs and tokens become "…": a message may quote what a person typed. */
export function redact(text: string): string {
  return text
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, "…")
    .replace(/\+?\d[\d -]{6,}\d/g, "…")
    .replace(/[A-Za-z0-9_-]{24,}/g, "…");
}

/** A stack's first lines, with query strings and fragments cut from every URL in it. */
export function trimStack(stack: string): string {
  return redact(
    stack
      .split("\n")
      .slice(0, ERROR_REPORT_LIMITS.stackLines)
      .map((line) => line.replace(/\?[^\s:)]*/g, "").replace(/#[^\s:)]*/g, ""))
      .join("\n"),
  ).slice(0, ERROR_REPORT_LIMITS.stackChars);
}

/** The report as it may be sent and stored, or null when it is not one. */
export function cleanReport(input: Record<string, unknown>): ErrorReport | null {
  const kind = ERROR_REPORT_KINDS.find((one) => one === input.kind);
  const message = typeof input.message === "string" ? redact(input.message).slice(0, ERROR_REPORT_LIMITS.messageChars).trim() : "";
  if (!kind || !message) return null;
  const page = typeof input.page === "string" && input.page.startsWith("/") ? input.page.split(/[?#]/)[0].slice(0, 200) : "/";
  const release = typeof input.release === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(input.release) ? input.release : "unknown";
  const widget = typeof input.widget === "string" && /^[A-Za-z][A-Za-z0-9]{0,40}$/.test(input.widget) ? input.widget : undefined;
  return { kind, message, stack: typeof input.stack === "string" ? trimStack(input.stack) : "", page, release, ...(widget ? { widget } : {}) };
}
