-- Private calendar feeds (ADR 045). Each person may have one feed address, named by a random secret: whoever holds the
-- address reads that person's feed, so resetting it replaces the token and the old address stops answering at once.
-- The token is kept as it is (not hashed) because the person's own settings page shows the address again.
CREATE TABLE calendar_feeds (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  token TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

-- Lives a person asked to be reminded of ("remind me" on a live's page): they appear in the person's feed.
CREATE TABLE live_reminders (
  user_id INTEGER NOT NULL REFERENCES users(id),
  plan_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, plan_id)
);
CREATE INDEX live_reminders_plan ON live_reminders (plan_id);
