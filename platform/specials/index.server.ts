import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { specialRoutes } from "./routes.server.ts";

export { eventState, planState, type PlanTimes } from "./rules.server.ts";
export { CAMPAIGN_PLAN_COUNT, SPECIAL_IDS, seedSpecials, sessionPlanId } from "./seed.server.ts";
export { nextJanuaryDeadline } from "./seed-times.server.ts";

/**
 * Conferences and live specials (/special/*, /signData/*, /seat/*): details with a live state on the server's clock,
 * agenda, partners, sign-up (one transaction with its window, capacity and one-per-person checks) and seats.
 */
export function createSpecials(db: Db, accounts: Accounts) {
  return { routes: specialRoutes({ db, accounts }) };
}
