/** Browsers' error reports (ADR 063): counted as they come, listed most frequent first for the developer tools. */
export { errorReportRoutes } from "./routes.server.ts";
export { listErrorReports, type ErrorReportRow } from "./queries.server.ts";
