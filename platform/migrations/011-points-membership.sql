-- Points, sign-in, tasks, the points mall and membership (ADR 020).

-- Membership cards are sold through the order engine: 'membership' extends the buyer's own membership, 'gift' makes
-- a gift card for a friend. The product table is rebuilt to widen its kind.
CREATE TABLE products_widened (
  id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL UNIQUE REFERENCES items (id),
  kind TEXT NOT NULL CHECK (kind IN ('course', 'goods', 'membership', 'gift')),
  price_fen INTEGER NOT NULL CHECK (price_fen >= 0),
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  on_sale INTEGER NOT NULL DEFAULT 1,
  -- membership and gift: the days a card grants.
  days INTEGER CHECK (days IS NULL OR days > 0)
);
INSERT INTO products_widened (id, item_id, kind, price_fen, stock, on_sale) SELECT id, item_id, kind, price_fen, stock, on_sale FROM products;
DROP TABLE products;
ALTER TABLE products_widened RENAME TO products;

-- Coupons can also be had for points in the points mall and as lucky-draw prizes; the table is rebuilt to widen channel.
CREATE TABLE coupons_widened (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('amount', 'discount')),
  amount_fen INTEGER NOT NULL DEFAULT 0 CHECK (amount_fen >= 0),
  percent INTEGER NOT NULL DEFAULT 100 CHECK (percent BETWEEN 1 AND 100),
  threshold_fen INTEGER NOT NULL DEFAULT 0 CHECK (threshold_fen >= 0),
  scope TEXT NOT NULL CHECK (scope IN ('all', 'course', 'goods')),
  valid_from TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  remaining INTEGER NOT NULL CHECK (remaining >= 0),
  channel TEXT NOT NULL DEFAULT 'centre' CHECK (channel IN ('centre', 'help', 'newcomer', 'points', 'draw'))
);
INSERT INTO coupons_widened SELECT id, title, title_en, kind, amount_fen, percent, threshold_fen, scope, valid_from, valid_until, remaining, channel FROM coupons;
DROP TABLE coupons;
ALTER TABLE coupons_widened RENAME TO coupons;

-- The points ledger: every change is a row with its reason; the balance is their sum, and the balance after each
-- row is kept so a debit that would go below zero cannot be written. ref makes a reward idempotent
-- ("signin:2026-11-24", "task:20:2026-11-24").
CREATE TABLE point_entries (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  reason TEXT NOT NULL,
  ref TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, ref)
);
CREATE INDEX point_entries_by_user ON point_entries (user_id, id);

-- One row per user per Asia/Shanghai calendar day signed in, with the streak that day reached.
CREATE TABLE signins (
  user_id INTEGER NOT NULL REFERENCES users (id),
  day TEXT NOT NULL,
  streak INTEGER NOT NULL CHECK (streak > 0),
  points INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- Tasks of the welfare centre. once: done once ever (bind phone); daily: again each Shanghai day. target: how many
-- steps (videos watched, papers read) complete it.
CREATE TABLE integral_tasks (
  module_id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  description TEXT NOT NULL,
  description_en TEXT NOT NULL,
  integral INTEGER NOT NULL CHECK (integral > 0),
  period TEXT NOT NULL CHECK (period IN ('once', 'daily')),
  target INTEGER NOT NULL DEFAULT 1 CHECK (target > 0),
  link TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

-- Progress of a user on a task in a period ('ever' for once tasks, the Shanghai day for daily ones). A step counts
-- once per executeId, so reopening the same video does not count twice.
CREATE TABLE task_steps (
  user_id INTEGER NOT NULL REFERENCES users (id),
  module_id INTEGER NOT NULL REFERENCES integral_tasks (module_id),
  period TEXT NOT NULL,
  execute_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, module_id, period, execute_id)
);

-- The points mall: goods paid for in points; physical ones ship to an address, coupon ones add a coupon.
CREATE TABLE point_goods (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  description TEXT NOT NULL,
  description_en TEXT NOT NULL,
  cover TEXT NOT NULL,
  points INTEGER NOT NULL CHECK (points > 0),
  stock INTEGER NOT NULL CHECK (stock >= 0),
  kind TEXT NOT NULL CHECK (kind IN ('physical', 'coupon')),
  coupon_id INTEGER REFERENCES coupons (id),
  per_user_limit INTEGER NOT NULL DEFAULT 1 CHECK (per_user_limit > 0),
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE point_exchanges (
  id INTEGER PRIMARY KEY,
  exchange_no TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id),
  goods_id INTEGER NOT NULL REFERENCES point_goods (id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  points INTEGER NOT NULL CHECK (points > 0),
  address TEXT,
  user_coupon_id INTEGER REFERENCES user_coupons (id),
  status TEXT NOT NULL CHECK (status IN ('placed', 'shipped', 'delivered')),
  idempotency_key TEXT NOT NULL,
  source TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, idempotency_key)
);

-- Membership: one row per member, its expiry; every change of it is an event (bought, code, gift, operator).
CREATE TABLE memberships (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  started_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE membership_events (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('purchase', 'code', 'gift')),
  days INTEGER NOT NULL CHECK (days > 0),
  from_expiry TEXT,
  to_expiry TEXT NOT NULL,
  ref TEXT NOT NULL,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX membership_events_by_user ON membership_events (user_id, id);

-- Membership interests shown on /vipIndex (id 8 is the delivery-address interest of spec §4).
CREATE TABLE member_interests (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  description TEXT NOT NULL,
  description_en TEXT NOT NULL,
  icon TEXT NOT NULL,
  sort INTEGER NOT NULL
);

-- Exchange codes (sold or handed out by operations) and gift cards (bought by a member for a friend) are both codes
-- redeemed at most once; the update that sets redeemed_by only succeeds while it is NULL.
CREATE TABLE member_codes (
  code TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('exchange', 'gift')),
  days INTEGER NOT NULL CHECK (days > 0),
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  giver_id INTEGER REFERENCES users (id),
  order_id INTEGER REFERENCES orders (id),
  message TEXT NOT NULL DEFAULT '',
  redeemed_by INTEGER REFERENCES users (id),
  redeemed_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX member_codes_by_giver ON member_codes (giver_id, created_at);
CREATE INDEX member_codes_by_redeemer ON member_codes (redeemed_by, redeemed_at);

-- The task catalogue (module ids of spec §4: 3 binds the phone; 20 and 21 are the task list's own tasks).
INSERT INTO integral_tasks (module_id, title, title_en, description, description_en, integral, period, target, link, sort) VALUES
  (3, '绑定手机号', 'Bind your phone', '绑定手机号，账号更安全', 'Bind a phone number to keep your account safe', 50, 'once', 1, '/setting', 1),
  (20, '观看视频', 'Watch videos', '每天观看 2 个视频', 'Watch 2 videos a day', 10, 'daily', 2, '/videoList', 2),
  (21, '阅读论文', 'Read papers', '每天阅读 1 篇论文', 'Read a paper a day', 10, 'daily', 1, '/docList', 3),
  (22, '收藏内容', 'Collect something', '每天收藏 1 个视频、论文或课程', 'Collect a video, paper or course a day', 5, 'daily', 1, '/videoList', 4);

-- Phone bindings completed before the ledger existed stay completed (their points were shown, so they are credited).
INSERT INTO task_steps (user_id, module_id, period, execute_id, created_at)
  SELECT user_id, module_id, 'ever', 'bound', created_at FROM task_completions WHERE module_id = 3;
INSERT INTO point_entries (user_id, delta, balance_after, reason, ref, created_at)
  SELECT user_id, 50, 50, 'task', 'task:3:ever', created_at FROM task_completions WHERE module_id = 3;
DROP TABLE task_completions;
