-- The reading list, "my library" (ADR 047): one row per person and saved item, with the person's note and tags (a
-- JSON array of strings). The primary key makes a second save of the same item by the same person impossible, however
-- many arrive at once.
CREATE TABLE library_entries (
  user_id INTEGER NOT NULL REFERENCES users(id),
  item_id INTEGER NOT NULL REFERENCES items(id),
  note TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  saved_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, item_id)
);
CREATE INDEX library_entries_user ON library_entries (user_id, saved_at DESC, item_id DESC);
