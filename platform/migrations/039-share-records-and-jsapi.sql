-- Share records (ADR 092, spec §7 /share/*): one row per person, item and channel per Asia/Shanghai day, so a person
-- who shares the same item the same way twice in a day (or twenty times at once) counts once. It replaces migration
-- 037's table of the same name, which nothing wrote (so it held no rows) and which allowed repeats.
DROP INDEX share_records_item;
DROP TABLE share_records;
CREATE TABLE share_records (
  user_id INTEGER NOT NULL REFERENCES users(id),
  item_id INTEGER NOT NULL REFERENCES items(id),
  channel TEXT NOT NULL CHECK (channel IN ('link', 'messagingApp', 'poster')),
  day TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, item_id, channel, day)
) WITHOUT ROWID;
CREATE INDEX share_records_item ON share_records (item_id);

-- The messaging app's payment (ADR 092, spec §7 /wxpay/getUserOpenidByCode): the OAuth codes the embedded platform's
-- simulator hands out (each exchanged once), the openid a person's code came to, and the JSAPI prepay of a payment.
CREATE TABLE messaging_oauth_codes (
  code TEXT PRIMARY KEY,
  openid TEXT NOT NULL,
  created_at TEXT NOT NULL,
  used_at TEXT
);
CREATE TABLE messaging_openids (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  openid TEXT NOT NULL,
  bound_at TEXT NOT NULL
);
CREATE TABLE jsapi_payments (
  payment_id INTEGER PRIMARY KEY REFERENCES payments(id),
  openid TEXT NOT NULL,
  prepay_id TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
