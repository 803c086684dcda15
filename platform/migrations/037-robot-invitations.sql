-- The live room's robot, audience and invitations (issue 31, ADR 081).
-- robot_answers: a room's questions and answers as an operator saved them, in order; keywords is a JSON array of
-- words in either language. A robot's reply in the chat is a chat_messages row with robot = 1: its user_id is the
-- person it answered, its text and text_en the entry's answer in both languages.
CREATE TABLE robot_answers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  plan_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  topic TEXT NOT NULL,
  question TEXT NOT NULL,
  question_en TEXT NOT NULL,
  answer TEXT NOT NULL,
  answer_en TEXT NOT NULL,
  keywords TEXT NOT NULL,
  updated_by TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
CREATE INDEX robot_answers_plan ON robot_answers (plan_id, position);

ALTER TABLE chat_messages ADD COLUMN robot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE chat_messages ADD COLUMN text_en TEXT NOT NULL DEFAULT '';

-- plan_invites: one personal invite code per person and room. plan_audience: who came to a room, once per person
-- (the primary key), with whose invitation they came first; the inviter's count is COUNT(*) over it.
CREATE TABLE plan_invites (
  code TEXT PRIMARY KEY,
  plan_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  UNIQUE (plan_id, user_id)
);

CREATE TABLE plan_audience (
  plan_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  invited_by INTEGER REFERENCES users(id),
  joined_at TEXT NOT NULL,
  PRIMARY KEY (plan_id, user_id)
);
CREATE INDEX plan_audience_inviter ON plan_audience (plan_id, invited_by);

-- share_records: each share a person made through the share sheet (/share/*): what, where to, when.
CREATE TABLE share_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER,
  kind TEXT NOT NULL,
  item_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX share_records_item ON share_records (kind, item_id);
