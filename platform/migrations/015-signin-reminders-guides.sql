-- Sign-in reminders (/signinPush/*) and feature guides read (/functionGuide/*), ADR 020.
CREATE TABLE signin_reminders (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  remind INTEGER NOT NULL CHECK (remind IN (0, 1)),
  -- The Shanghai day of the last reminder sent, so a day gets one at most.
  last_sent_day TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE guides_read (
  user_id INTEGER NOT NULL REFERENCES users (id),
  module TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (user_id, module)
);
