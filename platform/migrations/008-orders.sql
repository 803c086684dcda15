-- The order engine (ADR 018): what can be bought, coupons, orders with every state change, payments and what a paid
-- order grants. Money is integer fen throughout.
-- What is sold is an item (a course or goods, with its title, cover and description there, so it is searched,
-- collected and linked like any content); the product row is its price and stock.
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL UNIQUE REFERENCES items (id),
  kind TEXT NOT NULL CHECK (kind IN ('course', 'goods')),
  price_fen INTEGER NOT NULL CHECK (price_fen >= 0),
  -- NULL: no stock to count (a course); otherwise what is left to sell.
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  on_sale INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE coupons (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  -- amount: amount_fen off; discount: pay percent of the price (85 = 15% off).
  kind TEXT NOT NULL CHECK (kind IN ('amount', 'discount')),
  amount_fen INTEGER NOT NULL DEFAULT 0 CHECK (amount_fen >= 0),
  percent INTEGER NOT NULL DEFAULT 100 CHECK (percent BETWEEN 1 AND 100),
  threshold_fen INTEGER NOT NULL DEFAULT 0 CHECK (threshold_fen >= 0),
  scope TEXT NOT NULL CHECK (scope IN ('all', 'course', 'goods')),
  valid_from TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  -- How many users may still claim it from the coupon centre.
  remaining INTEGER NOT NULL CHECK (remaining >= 0)
);

CREATE TABLE user_coupons (
  id INTEGER PRIMARY KEY,
  coupon_id INTEGER NOT NULL REFERENCES coupons (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  -- locked: held by an unpaid order; used: its order was paid.
  status TEXT NOT NULL DEFAULT 'usable' CHECK (status IN ('usable', 'locked', 'used')),
  order_id INTEGER,
  obtained_at TEXT NOT NULL,
  UNIQUE (coupon_id, user_id)
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  order_no TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price_fen INTEGER NOT NULL,
  discount_fen INTEGER NOT NULL,
  total_fen INTEGER NOT NULL CHECK (total_fen >= 0),
  user_coupon_id INTEGER REFERENCES user_coupons (id),
  status TEXT NOT NULL CHECK (status IN ('created', 'paid', 'fulfilled', 'cancelled', 'expired', 'refunded')),
  source TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  paid_at TEXT
);
CREATE INDEX orders_by_user ON orders (user_id, id);
CREATE INDEX orders_waiting ON orders (status, expires_at);

CREATE TABLE order_events (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  from_status TEXT,
  to_status TEXT NOT NULL,
  reason TEXT NOT NULL,
  at TEXT NOT NULL
);

-- A submission's idempotency key and the answer it got: a repeat gets the same answer, never a second order or charge.
CREATE TABLE order_requests (
  user_id INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  payment_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, idempotency_key)
);

CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  payment_no TEXT NOT NULL UNIQUE,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  amount_fen INTEGER NOT NULL,
  -- refunded: the money came after the order had ended (expired or cancelled), so it goes back.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'declined', 'refunded')),
  notifications INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  settled_at TEXT
);

-- What paid orders grant: a course unlocks for its buyer.
CREATE TABLE entitlements (
  user_id INTEGER NOT NULL REFERENCES users (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  order_id INTEGER NOT NULL REFERENCES orders (id),
  granted_at TEXT NOT NULL,
  PRIMARY KEY (user_id, product_id)
);

-- Secrets the platform keeps across restarts (the payment notification key: a notice signed before a restart must
-- still verify after it).
CREATE TABLE platform_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- A course's lessons: videos and documents; preview lessons are open to everyone, the rest to its buyers.
CREATE TABLE course_lessons (
  id INTEGER PRIMARY KEY,
  course_id INTEGER NOT NULL REFERENCES items (id),
  position INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('video', 'doc')),
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  minutes INTEGER NOT NULL,
  preview INTEGER NOT NULL DEFAULT 0,
  video_url TEXT,
  body TEXT NOT NULL DEFAULT '',
  body_en TEXT NOT NULL DEFAULT '',
  UNIQUE (course_id, position)
);
