-- Accounts, sessions, one-time codes, captchas, the developer outbox, WeChat scan scenes, scholar audits.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  user_name TEXT NOT NULL UNIQUE,
  mobile_prefix TEXT NOT NULL DEFAULT '86',
  phone TEXT,
  email TEXT,
  password_hash TEXT,
  nickname TEXT NOT NULL DEFAULT '',
  portrait_url TEXT NOT NULL DEFAULT '',
  is_bind_phone INTEGER NOT NULL DEFAULT 0,
  author_code TEXT,
  is_vip INTEGER NOT NULL DEFAULT 0,
  bind_address INTEGER NOT NULL DEFAULT 0,
  user_source TEXT NOT NULL DEFAULT '',
  reg_channel TEXT NOT NULL DEFAULT '',
  email_confirmed INTEGER NOT NULL DEFAULT 0,
  disabled INTEGER NOT NULL DEFAULT 0,
  failed_logins INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX users_phone ON users (mobile_prefix, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX users_email ON users (email) WHERE email IS NOT NULL;

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  ended_at TEXT,
  ended_reason TEXT
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE codes (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL,
  target TEXT NOT NULL,
  purpose TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  ip TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX codes_target ON codes (channel, target, created_at);
CREATE INDEX codes_ip ON codes (ip, created_at);

CREATE TABLE captchas (
  rand_str TEXT PRIMARY KEY,
  answer TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL,
  recipient TEXT NOT NULL,
  code TEXT NOT NULL,
  text TEXT NOT NULL,
  sent_at TEXT NOT NULL
);

CREATE TABLE email_links (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  purpose TEXT NOT NULL,
  created_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE wechat_scenes (
  scene_str TEXT PRIMARY KEY,
  user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  confirmed_at TEXT
);

CREATE TABLE scholar_claims (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  is_pass INTEGER NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  details TEXT NOT NULL DEFAULT '{}',
  reason TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);

CREATE TABLE feedback (
  id INTEGER PRIMARY KEY,
  user_id INTEGER,
  data_code TEXT NOT NULL DEFAULT '',
  contact TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  feedback_type TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);

CREATE TABLE follows (
  user_id INTEGER NOT NULL REFERENCES users(id),
  author_code TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, author_code)
);

CREATE TABLE tracking_events (
  id INTEGER PRIMARY KEY,
  device_id TEXT NOT NULL,
  channel_id INTEGER NOT NULL,
  event_type TEXT NOT NULL,
  data_code TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);

CREATE TABLE first_visits (
  device_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (device_id, kind)
);

CREATE TABLE task_completions (
  user_id INTEGER NOT NULL REFERENCES users(id),
  module_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, module_id)
);

CREATE TABLE rate_events (
  bucket TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_bucket ON rate_events (bucket, at);
