-- Live service (spec §3, §4, §7): guests of live plans and of live specials, which plans a special groups, the
-- stream and recording of a plan, the live-room chat, and the dwell time the time-tracking socket reports.
-- Live plans and live specials themselves are items (kinds "live" and "liveSpecial").
CREATE TABLE guests (
  id INTEGER PRIMARY KEY,
  author_name TEXT NOT NULL,
  author_name_en TEXT NOT NULL,
  org_name TEXT NOT NULL,
  org_name_en TEXT NOT NULL,
  -- The guest's scholar profile, when the guest has one.
  author_code TEXT,
  portrait TEXT NOT NULL DEFAULT ''
);

CREATE TABLE plan_guests (
  plan_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  guest_id INTEGER NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
  -- host, speaker or guest
  role TEXT NOT NULL DEFAULT 'guest',
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (plan_id, guest_id)
);

CREATE TABLE special_guests (
  special_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  guest_id INTEGER NOT NULL REFERENCES guests(id) ON DELETE CASCADE,
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (special_id, guest_id)
);

CREATE TABLE special_plans (
  special_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  plan_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (special_id, plan_id)
);
CREATE INDEX special_plans_plan ON special_plans (plan_id);

CREATE TABLE live_media (
  plan_id INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
  -- What a living plan streams, and what a replay plays.
  stream_url TEXT,
  recording_url TEXT
);

CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY,
  plan_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  author_code TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_name_en TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX chat_messages_plan ON chat_messages (plan_id, id);

-- One row per page a connection of the time-tracking socket reported: heartbeats extend it.
CREATE TABLE dwell_visits (
  id INTEGER PRIMARY KEY,
  device_id TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id),
  link_no TEXT NOT NULL DEFAULT '',
  channel_no TEXT NOT NULL DEFAULT '',
  from_page TEXT NOT NULL DEFAULT '',
  from_query TEXT NOT NULL DEFAULT '',
  page TEXT NOT NULL,
  query TEXT NOT NULL DEFAULT '',
  play_status INTEGER NOT NULL DEFAULT 0,
  is_playback TEXT NOT NULL DEFAULT '',
  heartbeats INTEGER NOT NULL DEFAULT 0,
  dwell_ms INTEGER NOT NULL DEFAULT 0,
  started_at TEXT NOT NULL,
  last_beat_at TEXT NOT NULL
);
CREATE INDEX dwell_visits_device ON dwell_visits (device_id, id);
CREATE INDEX dwell_visits_page ON dwell_visits (page, started_at);
