-- Events behind conference and campaign pages. An event is an item: a meeting (kind "meeting") or a live special
-- (kind "liveSpecial", whose guests and plans are in migration 003). This adds what signing up to one needs: its
-- sign-up window and form, its agenda, sponsors and seats, who signed up (with the agreement accepted) and who
-- sits where.
CREATE TABLE special_signup (
  special_id INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
  opens_at TEXT,
  closes_at TEXT NOT NULL,
  -- NULL: no limit.
  capacity INTEGER,
  -- The form the platform expects: specialEnroll (agreement only) or specialSignUp (name, organisation…).
  form TEXT NOT NULL DEFAULT 'specialEnroll' CHECK (form IN ('specialEnroll', 'specialSignUp'))
);

CREATE TABLE special_agenda (
  id INTEGER PRIMARY KEY,
  special_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  -- opening, keynote, session, panel, break or closing
  kind TEXT NOT NULL DEFAULT 'session',
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  speaker TEXT NOT NULL DEFAULT '',
  speaker_en TEXT NOT NULL DEFAULT '',
  org_name TEXT NOT NULL DEFAULT '',
  org_name_en TEXT NOT NULL DEFAULT '',
  place TEXT NOT NULL DEFAULT '',
  place_en TEXT NOT NULL DEFAULT ''
);
CREATE INDEX special_agenda_special ON special_agenda (special_id, starts_at, id);

CREATE TABLE special_sponsors (
  id INTEGER PRIMARY KEY,
  special_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  -- host, coHost, sponsor or media
  tier TEXT NOT NULL,
  name TEXT NOT NULL,
  name_en TEXT NOT NULL,
  link TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX special_sponsors_special ON special_sponsors (special_id, sort, id);

CREATE TABLE special_enrollments (
  special_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  agreed_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (special_id, user_id)
);

CREATE TABLE sign_data (
  special_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  real_name TEXT NOT NULL,
  org_name TEXT NOT NULL,
  position TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (special_id, user_id)
);

CREATE TABLE special_seats (
  id INTEGER PRIMARY KEY,
  special_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  row_label TEXT NOT NULL,
  number INTEGER NOT NULL,
  -- Held by the organiser (guests, press): shown, never offered.
  reserved INTEGER NOT NULL DEFAULT 0,
  UNIQUE (special_id, row_label, number)
);

-- One person per seat (the primary key) and one seat per person and event (the unique pair): the database, not the
-- handler, is what keeps two people from taking one seat.
CREATE TABLE seat_assignments (
  seat_id INTEGER PRIMARY KEY REFERENCES special_seats(id) ON DELETE CASCADE,
  special_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  UNIQUE (special_id, user_id)
);
