import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { membershipRoutes } from "./routes.server.ts";
import { endLapsed, extend, fulfilPaidCard, revokePaidCard } from "./rules.server.ts";

export { displayMemberCode, isMemberAt, issueExchangeCodes, newMemberCode, normaliseMemberCode } from "./rules.server.ts";
export { seedMembership } from "./seed.server.ts";

type CardOrder = { id: number; user_id: number; order_no: string };

/**
 * Membership (ADR 020): an expiry per member, extended from the current expiry when still running (from now when
 * lapsed), every change an event. Cards are sold through the order engine (kinds membership and gift); codes and
 * gift cards are redeemed at most once, decided by one conditional update.
 */
export function createMembership(db: Db, accounts: Accounts) {
  return {
    routes: membershipRoutes({ db, accounts }),
    extend: (userId: number, days: number, kind: "purchase" | "code" | "gift", ref: string, title: [string, string], now: Date) =>
      extend(db, userId, { days, kind, ref, title }, now),
    fulfilPaidCard: (order: CardOrder, productId: number, now: Date) => fulfilPaidCard(db, order, productId, now),
    revokePaidCard: (order: CardOrder, now: Date) => revokePaidCard(db, order, now),
    endLapsed: (now: Date) => endLapsed(db, now),
  };
}

export type Membership = ReturnType<typeof createMembership>;
