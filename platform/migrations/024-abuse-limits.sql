-- Hot searches that one client cannot stuff (ADR 042). search_keywords.search_count is from now on a score that halves
-- every few days: each counted search adds one after the old score has decayed to the day of updated_at (an instant;
-- its Asia/Shanghai calendar day is the day the score was taken at). A search counts once per client (a user, or a
-- visitor's address) per phrase per Shanghai day: search_clients remembers who counted what today, under a hash of
-- the day and the client, so it tells nobody who searched for what; earlier days are deleted as the next one begins.
CREATE TABLE search_clients (
  day TEXT NOT NULL,
  keyword TEXT NOT NULL,
  client TEXT NOT NULL,
  PRIMARY KEY (day, keyword, client)
) WITHOUT ROWID;

-- An operator's hide: the phrase is neither shown nor counted again while hidden_at is set.
ALTER TABLE search_keywords ADD COLUMN hidden_at TEXT;
ALTER TABLE search_keywords ADD COLUMN hidden_by TEXT;

-- Staff sign-in (ADR 042): failures per name and per address slow the next try down (a wait that doubles) and ask
-- for the captcha after a few; nothing locks an account. A success clears its name's and address's rows.
CREATE TABLE ops_login_failures (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failed_at INTEGER NOT NULL
);
