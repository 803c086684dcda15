import type { Db } from "../kernel/db.server.ts";

export interface AddressRow {
  id: number;
  user_id: number;
  receiver: string;
  phone: string;
  province_code: string;
  city_code: string;
  district_code: string;
  detail: string;
  is_default: number;
}

/** The fields a person writes, in the order the statements take them: receiver, phone, province, city, district, detail. */
export type AddressFields = [string, string, string, string, string, string];

export const addressesOf = (db: Db, userId: number) =>
  db.prepare("SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id DESC").all(userId) as AddressRow[];

export const ownAddress = (db: Db, id: number, userId: number) =>
  db.prepare("SELECT * FROM addresses WHERE id = ? AND user_id = ?").get(id, userId) as AddressRow | undefined;

export const addressById = (db: Db, id: number) => db.prepare("SELECT * FROM addresses WHERE id = ?").get(id) as AddressRow;

export const addressCount = (db: Db, userId: number) => db.prepare("SELECT COUNT(*) FROM addresses WHERE user_id = ?").pluck().get(userId) as number;

/** Changes one of the user's addresses: false when they have none with that id. */
export const updateAddress = (db: Db, id: number, userId: number, fields: AddressFields, at: string) =>
  db
    .prepare(
      "UPDATE addresses SET receiver = ?, phone = ?, province_code = ?, city_code = ?, district_code = ?, detail = ?, updated_at = ? WHERE id = ? AND user_id = ?",
    )
    .run(...fields, at, id, userId).changes === 1;

export const insertAddress = (db: Db, userId: number, fields: AddressFields, at: string) =>
  Number(
    db
      .prepare(
        "INSERT INTO addresses (user_id, receiver, phone, province_code, city_code, district_code, detail, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(userId, ...fields, at, at).lastInsertRowid,
  );

export const hasOtherDefault = (db: Db, userId: number, id: number) =>
  Boolean(db.prepare("SELECT 1 FROM addresses WHERE user_id = ? AND is_default = 1 AND id != ?").get(userId, id));

export const makeDefault = (db: Db, userId: number, id: number) =>
  db.prepare("UPDATE addresses SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE user_id = ?").run(id, userId);

export const deleteAddress = (db: Db, id: number) => db.prepare("DELETE FROM addresses WHERE id = ?").run(id);

export const newestAddressId = (db: Db, userId: number) =>
  db.prepare("SELECT id FROM addresses WHERE user_id = ? ORDER BY id DESC LIMIT 1").pluck().get(userId) as number | undefined;
