/** The operations console's internal paths (/opsConsole/captcha/spend, /opsConsole/hotSearches*, ADR 052). */
export { opsConsoleRoutes } from "./routes.server.ts";
