-- Help-to-unlock coupons (/helpCoupon): a user shares a link; when enough different friends open it and help, the
-- coupon is the user's. One link per user and coupon; a friend helps a link once.
CREATE TABLE give_links (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  owner_id INTEGER NOT NULL REFERENCES users (id),
  coupon_id INTEGER NOT NULL REFERENCES coupons (id),
  needed INTEGER NOT NULL CHECK (needed > 0),
  created_at TEXT NOT NULL,
  unlocked_at TEXT,
  UNIQUE (owner_id, coupon_id)
);

CREATE TABLE give_helps (
  link_id INTEGER NOT NULL REFERENCES give_links (id),
  helper_id INTEGER NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (link_id, helper_id)
);

-- Coupons offered only through an activity (not listed in the coupon centre).
ALTER TABLE coupons ADD COLUMN channel TEXT NOT NULL DEFAULT 'centre' CHECK (channel IN ('centre', 'help', 'newcomer'));
