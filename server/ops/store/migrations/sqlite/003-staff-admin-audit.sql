-- Staff managed in the console (ADR 078): an admin role, accounts that can be disabled, and staff invited without a
-- password (they set it through a one-time link). SQLite cannot change a CHECK, so ops_staff is rebuilt; its sessions
-- are kept aside and put back, since dropping the table deletes them through the foreign key.
CREATE TABLE ops_sessions_kept AS SELECT * FROM ops_sessions;
CREATE TABLE ops_staff_next (
  username TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('admin', 'publisher', 'editor')),
  -- NULL until the person sets a password through their link.
  password_hash TEXT,
  disabled_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO ops_staff_next (username, role, password_hash, disabled_at, created_at, updated_at)
  SELECT username, role, password_hash, NULL, created_at, updated_at FROM ops_staff;
DROP TABLE ops_staff;
ALTER TABLE ops_staff_next RENAME TO ops_staff;
INSERT INTO ops_sessions SELECT * FROM ops_sessions_kept;
DROP TABLE ops_sessions_kept;

-- One-time links to set a password: only the token's SHA-256 is kept; a link works once, for 24 hours.
CREATE TABLE ops_password_links (
  token_hash TEXT PRIMARY KEY,
  username TEXT NOT NULL REFERENCES ops_staff (username) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('invite', 'reset', 'setup')),
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX ops_password_links_user ON ops_password_links (username);

-- Autosaves of one person on one page in one burst are one row with a count (repeats), and the log is filtered by
-- person, page and action.
ALTER TABLE ops_audit ADD COLUMN repeats INTEGER NOT NULL DEFAULT 1;
CREATE INDEX ops_audit_actor ON ops_audit (actor, id);
CREATE INDEX ops_audit_path ON ops_audit (path, id);
CREATE INDEX ops_audit_action ON ops_audit (action, id);
CREATE INDEX ops_audit_at ON ops_audit (at);
