import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { couponActivityRoutes } from "./routes.server.ts";

/**
 * Coupons given by activities rather than the coupon centre: the newcomer's welcome coupon and help-to-unlock links,
 * whose unlocking is decided in one transaction.
 */
export function createCouponActivities(db: Db, accounts: Accounts) {
  return { routes: couponActivityRoutes({ db, accounts }) };
}
