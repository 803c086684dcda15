-- The message centre (issue 31, ADR 063). im_notices: what the platform tells one person (an order paid, a refund,
-- a claim decided, a reply, a mention, a follow, a prize won, a live starting they asked to be reminded of).
-- im_direct_messages: what people write to each other. im_reminders: "remind me" on a live or meeting not yet
-- started, sent once (sent_at) as a notice when it starts.
CREATE TABLE im_notices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  body_en TEXT NOT NULL DEFAULT '',
  link TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  read_at TEXT
);
CREATE INDEX im_notices_user ON im_notices (user_id, id);

CREATE TABLE im_direct_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL,
  recipient_id INTEGER NOT NULL,
  text TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  read_at TEXT
);
CREATE INDEX im_direct_recipient ON im_direct_messages (recipient_id, id);
CREATE INDEX im_direct_sender ON im_direct_messages (sender_id, id);

CREATE TABLE im_reminders (
  user_id INTEGER NOT NULL,
  item_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  PRIMARY KEY (user_id, item_id)
);

-- Error reports from browsers (/common/recordConsoleLog, ADR 063): one row per kind, message, page and release, counted.
CREATE TABLE console_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  message TEXT NOT NULL,
  stack TEXT NOT NULL,
  page TEXT NOT NULL,
  release TEXT NOT NULL,
  widget TEXT NOT NULL DEFAULT '',
  count INTEGER NOT NULL DEFAULT 1,
  first_at TEXT NOT NULL,
  last_at TEXT NOT NULL,
  UNIQUE (kind, message, page, release, widget)
);
