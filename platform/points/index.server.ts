import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { pointRoutes as routesOf } from "./routes.server.ts";
import type { PointOptions } from "./rules.server.ts";

export { createLedger, type Ledger, type PointEntry, type PointReason, type PostingResult } from "./ledger.server.ts";
export { sendSigninReminders, SIGNIN_POINTS, SIGNIN_REMINDER_HOUR, signinPoints, type PointOptions } from "./rules.server.ts";
export { seedPoints } from "./seed.server.ts";

/** The points area's paths: sign-in, tasks, the points mall, the points log, reminders and feature guides. */
export function pointRoutes(db: Db, accounts: Accounts, options: PointOptions) {
  return routesOf({ db, ...options }, accounts);
}
