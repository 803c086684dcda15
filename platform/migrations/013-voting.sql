-- Voting (/bookVote, /shareVideoVotePage) and the reading contest (/jdds, /readMatchCase): a campaign runs in a window
-- and gives each user tickets_per_day tickets per Asia/Shanghai day; a ticket is one row of votes. Counts are always
-- COUNT(*) over votes, never a stored counter, so they cannot drift from the tickets actually given.
CREATE TABLE vote_campaigns (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('book', 'video')),
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  rules TEXT NOT NULL,
  rules_en TEXT NOT NULL,
  tickets_per_day INTEGER NOT NULL CHECK (tickets_per_day > 0),
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  -- 1: an edition of the reading contest (a video vote with stages and winners).
  contest INTEGER NOT NULL DEFAULT 0 CHECK (contest IN (0, 1)),
  CHECK (starts_at < ends_at),
  CHECK (contest = 0 OR kind = 'video')
);

-- What can be voted for: a book or a video of items (the kind matches the campaign's, checked when seeding), with who
-- entered it and their short statement.
CREATE TABLE vote_entries (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES vote_campaigns (id),
  item_id INTEGER NOT NULL REFERENCES items (id),
  entrant TEXT NOT NULL,
  entrant_en TEXT NOT NULL,
  statement TEXT NOT NULL,
  statement_en TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  UNIQUE (campaign_id, item_id)
);

-- One row per ticket given. day is the Shanghai calendar day the ticket counts against.
CREATE TABLE votes (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES vote_campaigns (id),
  entry_id INTEGER NOT NULL REFERENCES vote_entries (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  day TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX votes_by_user_day ON votes (campaign_id, user_id, day);
CREATE INDEX votes_by_entry ON votes (entry_id);

-- The contest's timeline as shown on /jdds; voting itself follows the campaign's window.
CREATE TABLE contest_stages (
  campaign_id INTEGER NOT NULL REFERENCES vote_campaigns (id),
  position INTEGER NOT NULL CHECK (position >= 0),
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  description TEXT NOT NULL,
  description_en TEXT NOT NULL,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  PRIMARY KEY (campaign_id, position),
  CHECK (starts_at < ends_at)
);

-- Awards given when an edition closes (judges weigh the public vote, so rank is not simply the count order).
CREATE TABLE contest_winners (
  campaign_id INTEGER NOT NULL REFERENCES vote_campaigns (id),
  entry_id INTEGER NOT NULL REFERENCES vote_entries (id),
  rank INTEGER NOT NULL CHECK (rank > 0),
  award TEXT NOT NULL,
  award_en TEXT NOT NULL,
  PRIMARY KEY (campaign_id, entry_id)
);
