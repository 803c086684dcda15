import { addressSchema, addressValidators } from "@schemas/generated/form-kits.ts";
import type { AddressForm } from "@schemas/generated/forms.ts";
import type { UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import { type AddressBookContext, addressView, ownAddress, placeProblem, removeAddress, saveAddress } from "./rules.server.ts";

type UserHandler = (book: AddressBookContext, context: ApiContext, user: UserRow) => Envelope;

const list: UserHandler = (book, _context, user) => ok(queries.addressesOf(book.db, user.id).map((row) => addressView(book, row)));

const detail: UserHandler = (book, context, user) => {
  const row = ownAddress(book, context, user.id);
  return "code" in row ? row : ok(addressView(book, row));
};

/** Adds or changes an address: the form's schema (as in the browser), then a place that exists. */
const operation: UserHandler = (book, context, user) => {
  const body = validateBody<AddressForm>(context, formKit(addressSchema, addressValidators));
  if (!body.ok) return body.envelope;
  if (placeProblem(book.divisions, body.value))
    return fail(400, say(context, "请选择所在地区", "Please choose the region"), { fields: { provinceCode: "order:address.errors.region" } });
  return saveAddress(book, context, user.id, body.value);
};

const setDefault: UserHandler = (book, context, user) => {
  const row = ownAddress(book, context, user.id);
  if ("code" in row) return row;
  queries.makeDefault(book.db, user.id, row.id);
  return ok(addressView(book, { ...row, is_default: 1 }));
};

/** The places (/area/listAll, for anyone) and the caller's address book (/userAddress/*). */
export function addressRoutes(book: AddressBookContext): RouteDefinition[] {
  const signedIn = (handler: UserHandler) => book.accounts.withUser((context, user) => handler(book, context, user));
  return [
    { method: "ANY", path: "/area/listAll", handler: () => ok(book.divisions) },
    { method: "ANY", path: "/userAddress/list", handler: signedIn(list) },
    { method: "ANY", path: "/userAddress/detail", handler: signedIn(detail) },
    { method: "POST", path: "/userAddress/operation", handler: signedIn(operation) },
    { method: "POST", path: "/userAddress/delete", handler: signedIn((book, context, user) => removeAddress(book, context, user.id)) },
    { method: "POST", path: "/userAddress/setDefault", handler: signedIn(setDefault) },
  ];
}
