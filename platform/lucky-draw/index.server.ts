import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import type { Ledger } from "../points/index.server.ts";
import { luckyDrawRoutes } from "./routes.server.ts";
import type { AddressSource } from "./rules.server.ts";

export type { AddressSource } from "./rules.server.ts";
export { seedLuckyDraw } from "./seed.server.ts";

/**
 * The lucky draw (/luckyDraw/*) and its chance tasks (/luckyTask/*): a turn is one transaction — window, payment,
 * weighted pick among prizes in stock, stock taken, prize granted.
 */
export function createLuckyDraw(db: Db, accounts: Accounts, ledger: Ledger, addressBook: AddressSource) {
  return { routes: luckyDrawRoutes({ db, accounts, ledger, addressBook }) };
}
