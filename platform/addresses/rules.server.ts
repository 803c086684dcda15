import type { AddressForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import type { Accounts } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import type { DeliveryAddress } from "../orders/index.server.ts";
import { type Division, regionText } from "./divisions.server.ts";
import * as queries from "./queries.server.ts";
import type { AddressRow } from "./queries.server.ts";

/** What the address book works with: the database, the accounts, and the places with their names by code path. */
export interface AddressBookContext {
  db: Db;
  accounts: Accounts;
  divisions: Division[];
  names: Map<string, string>;
}

const MAX_ADDRESSES = 20;

/** The codes name a real place: the city is in the province, the district (required where the city has some) in the city. */
export function placeProblem(divisions: Division[], form: AddressForm): boolean {
  const province = divisions.find((entry) => entry.code === form.provinceCode);
  const city = province?.children?.find((entry) => entry.code === form.cityCode);
  if (!city) return true;
  if (!city.children?.length) return Boolean(form.districtCode);
  return !city.children.some((entry) => entry.code === form.districtCode);
}

/** An address with its places' names. */
export const addressView = ({ names }: AddressBookContext, row: AddressRow) => ({
  id: row.id,
  receiver: row.receiver,
  phone: row.phone,
  provinceCode: row.province_code,
  cityCode: row.city_code,
  districtCode: row.district_code,
  provinceName: names.get(row.province_code) ?? "",
  cityName: names.get(`${row.province_code}/${row.city_code}`) ?? "",
  districtName: row.district_code ? (names.get(`${row.province_code}/${row.city_code}/${row.district_code}`) ?? "") : "",
  detail: row.detail,
  isDefault: row.is_default === 1,
});

/** The caller's address named by `id`, or the envelope saying there is none. */
export function ownAddress({ db }: AddressBookContext, context: ApiContext, userId: number): AddressRow | Envelope {
  return queries.ownAddress(db, Number(context.params.id), userId) ?? fail(404, say(context, "地址不存在", "No such address"));
}

/**
 * Adds an address (at most MAX_ADDRESSES) or changes one of the caller's, in one transaction; the first address, or one
 * saved as the default, becomes the default.
 */
export function saveAddress(book: AddressBookContext, context: ApiContext, userId: number, form: AddressForm): Envelope {
  const { db } = book;
  return db.transaction((): Envelope => {
    const at = context.now().toISOString();
    const fields: queries.AddressFields = [form.receiver, form.phone, form.provinceCode, form.cityCode, form.districtCode ?? "", form.detail];
    let id = form.id;
    if (id) {
      if (!queries.updateAddress(db, id, userId, fields, at)) return fail(404, say(context, "地址不存在", "No such address"));
    } else {
      if (queries.addressCount(db, userId) >= MAX_ADDRESSES) return fail(400, say(context, "最多保存20个地址", "You can keep up to 20 addresses"));
      id = queries.insertAddress(db, userId, fields, at);
    }
    if (form.isDefault || !queries.hasOtherDefault(db, userId, id)) queries.makeDefault(db, userId, id);
    return ok(addressView(book, queries.addressById(db, id)), say(context, "地址已保存", "Address saved"));
  })();
}

/** Deletes one of the caller's addresses; the newest remaining address takes over as the default. */
export function removeAddress(book: AddressBookContext, context: ApiContext, userId: number): Envelope {
  const { db } = book;
  return db.transaction((): Envelope => {
    const row = ownAddress(book, context, userId);
    if ("code" in row) return row;
    queries.deleteAddress(db, row.id);
    if (row.is_default) {
      const next = queries.newestAddressId(db, userId);
      if (next) queries.makeDefault(db, userId, next);
    }
    return ok(undefined, say(context, "地址已删除", "Address deleted"));
  })();
}

/** A buyer's address as an order (or a prize) keeps it: receiver, phone, the region as one line, the detail. */
export function deliveryAddress(book: AddressBookContext, userId: number, addressId: number): DeliveryAddress | null {
  const row = queries.ownAddress(book.db, addressId, userId);
  if (!row) return null;
  const shown = addressView(book, row);
  return { receiver: shown.receiver, phone: shown.phone, region: regionText(shown.provinceName, shown.cityName, shown.districtName), detail: shown.detail };
}
