import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { calendarRoutes } from "./routes.server.ts";

/** Private calendar feeds (a token per person) and live reminders (ADR 045). */
export function createCalendar(db: Db, accounts: Accounts) {
  return { routes: calendarRoutes({ db, accounts }) };
}
