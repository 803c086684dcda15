-- The operations console (ADR 026): staff accounts apart from the site's members, their sessions, an audit log, and
-- page configs as versions (the live set is each path's latest version) with one draft per path.
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

-- One counter for the whole live set: every publish bumps it, and each server node polls it to know when to reload.
CREATE TABLE ops_live_counter (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value INTEGER NOT NULL
);
INSERT INTO ops_live_counter (id, value) VALUES (1, 0);
