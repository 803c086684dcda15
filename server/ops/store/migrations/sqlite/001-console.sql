-- The operations console's store (ADR 026, 052): staff accounts apart from the site's members, their sessions and
-- sign-in failures, an audit log, and page configs as versions (the live set is each path's latest version) with one
-- draft per path. Times of sessions and failures are epoch milliseconds; others ISO-8601 text.
CREATE TABLE ops_staff (
  username TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('editor', 'publisher')),
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Only the token's SHA-256 is kept: a copy of the database opens no session.
CREATE TABLE ops_sessions (
  token_hash TEXT PRIMARY KEY,
  username TEXT NOT NULL REFERENCES ops_staff (username) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX ops_sessions_expiry ON ops_sessions (expires_at);

CREATE TABLE ops_login_failures (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failed_at INTEGER NOT NULL
);

-- Sign-in calls per address per minute (ADR 042).
CREATE TABLE ops_rate_events (
  bucket TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX ops_rate_events_bucket ON ops_rate_events (bucket, at);

CREATE TABLE ops_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  path TEXT,
  version INTEGER,
  detail TEXT,
  ip TEXT
);

-- Versions are never changed or deleted: a rollback is a new version with an earlier one's config.
CREATE TABLE ops_page_versions (
  path TEXT NOT NULL,
  version INTEGER NOT NULL,
  config TEXT NOT NULL,
  publisher TEXT NOT NULL,
  published_at TEXT NOT NULL,
  note TEXT,
  -- For versions taken from page-configs/: the file's SHA-256, so a changed file is taken once, not at every start.
  repository_hash TEXT,
  PRIMARY KEY (path, version)
);

CREATE TABLE ops_drafts (
  path TEXT PRIMARY KEY,
  text TEXT NOT NULL,
  base_version INTEGER,
  editor TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- One counter for the whole live set: every publish bumps it; a node holding an older value reads the set again.
CREATE TABLE ops_live_counter (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value INTEGER NOT NULL
);
INSERT INTO ops_live_counter (id, value) VALUES (1, 0);

-- The console's media library: the re-encoded bytes, named by their SHA-256 (the immutable URL's name).
CREATE TABLE ops_media (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hash TEXT NOT NULL UNIQUE,
  content_type TEXT NOT NULL,
  bytes BLOB NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  alt_zh TEXT NOT NULL,
  alt_en TEXT NOT NULL,
  uploaded_by TEXT NOT NULL,
  uploaded_at TEXT NOT NULL
);
