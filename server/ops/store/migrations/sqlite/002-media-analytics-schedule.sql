-- Media replaced by a newer upload keep serving at their immutable URL; the library lists only the newest of each.
ALTER TABLE ops_media ADD COLUMN replaced_by INTEGER REFERENCES ops_media (id);
CREATE INDEX ops_media_current ON ops_media (replaced_by, id);

-- Campaign analytics (ADR 072): counts only, per page, Beijing day, language and app type; no person, no address.
CREATE TABLE ops_page_stats (
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  lang TEXT NOT NULL,
  app_type TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  sign_ups INTEGER NOT NULL DEFAULT 0,
  purchase_starts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, path, lang, app_type)
);
CREATE TABLE ops_widget_stats (
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  widget TEXT NOT NULL,
  impressions INTEGER NOT NULL DEFAULT 0,
  clicks INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, path, widget)
);
-- Today's salt and the salted hashes of today's visitors: deleted once the day is over, so no visitor can be followed
-- from one day to the next and nothing identifies anyone afterwards.
CREATE TABLE ops_daily_salt (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);
CREATE TABLE ops_visitors_today (
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  visitor TEXT NOT NULL,
  PRIMARY KEY (day, path, visitor)
);

-- A version to go live at a chosen time: published by the first node whose timer finds it due.
CREATE TABLE ops_scheduled_publishes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL,
  config TEXT NOT NULL,
  go_live_at TEXT NOT NULL,
  scheduled_by TEXT NOT NULL,
  scheduled_at TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'published', 'cancelled', 'failed')),
  version INTEGER,
  outcome TEXT
);
CREATE INDEX ops_scheduled_due ON ops_scheduled_publishes (state, go_live_at);
