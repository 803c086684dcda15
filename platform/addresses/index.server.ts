import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import type { DeliveryAddress } from "../orders/index.server.ts";
import { loadDivisions, namesByPath } from "./divisions.server.ts";
import { addressRoutes } from "./routes.server.ts";
import { deliveryAddress } from "./rules.server.ts";

export { type Division, loadDivisions, regionText } from "./divisions.server.ts";

/** The address book: its calls, and a buyer's address as an order keeps it. */
export function createAddressBook(db: Db, accounts: Accounts) {
  const divisions = loadDivisions();
  const book = { db, accounts, divisions, names: namesByPath(divisions) };
  return {
    routes: addressRoutes(book),
    deliveryAddress: (userId: number, addressId: number): DeliveryAddress | null => deliveryAddress(book, userId, addressId),
  };
}
