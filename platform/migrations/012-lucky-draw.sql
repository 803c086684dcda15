-- The lucky draw (/luckyDraw, /myluckyDraw): a draw runs in a window; each turn costs points or one draw chance and
-- lands on one of eight prizes laid round the start button of a 3x3 grid.
CREATE TABLE draws (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  rules TEXT NOT NULL,
  rules_en TEXT NOT NULL,
  cost_points INTEGER NOT NULL CHECK (cost_points > 0),
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  CHECK (starts_at < ends_at)
);

-- position: the cell round the grid's centre, clockwise from the top left (0 top left … 4 bottom right … 7 middle left),
-- which the highlight runs through. weight: the prize's share of the odds. stock NULL: unlimited.
CREATE TABLE draw_prizes (
  id INTEGER PRIMARY KEY,
  draw_id INTEGER NOT NULL REFERENCES draws (id),
  position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 7),
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('points', 'coupon', 'physical', 'none')),
  points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
  coupon_id INTEGER REFERENCES coupons (id),
  weight INTEGER NOT NULL CHECK (weight >= 0),
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  UNIQUE (draw_id, position),
  -- A points prize names its points and only it; a coupon prize names its coupon and only it.
  CHECK ((kind = 'points') = (points > 0)),
  CHECK ((kind = 'coupon') = (coupon_id IS NOT NULL))
);

-- The chances ledger: like the points ledger, a balance is the sum of a user's rows and the balance after each row is
-- kept, so a spend that would go below zero cannot be written. A task's reward has the ref "task:<taskId>:<day>", which
-- makes it once per Shanghai day; spends have no ref.
CREATE TABLE draw_chance_entries (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  draw_id INTEGER NOT NULL REFERENCES draws (id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  reason TEXT NOT NULL CHECK (reason IN ('task', 'draw')),
  ref TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, ref)
);
CREATE INDEX draw_chance_entries_by_user ON draw_chance_entries (user_id, draw_id);

-- Steps of chance tasks done by the user on a Shanghai day (the share task; the sign-in task reads signins).
CREATE TABLE draw_task_steps (
  user_id INTEGER NOT NULL REFERENCES users (id),
  task_id TEXT NOT NULL,
  day TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, task_id, day)
);

-- One row per turn. Points and coupons are granted with the turn, so their rows are 'claimed' at once; a physical
-- prize is 'won' until its winner gives an address (a copy of it is kept, as orders keep theirs), then 'claimed',
-- and 'shipped' once operations send it.
CREATE TABLE draw_results (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  draw_id INTEGER NOT NULL REFERENCES draws (id),
  prize_id INTEGER NOT NULL REFERENCES draw_prizes (id),
  paid_with TEXT NOT NULL CHECK (paid_with IN ('points', 'chance')),
  user_coupon_id INTEGER REFERENCES user_coupons (id),
  address TEXT,
  status TEXT NOT NULL CHECK (status IN ('won', 'claimed', 'shipped')),
  created_at TEXT NOT NULL,
  claimed_at TEXT
);
CREATE INDEX draw_results_by_user ON draw_results (user_id, id);
