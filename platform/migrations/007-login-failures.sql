-- Wrong passwords are counted per login name (phone as +prefix number, or lower-cased email), whether or not an
-- account has it, so the answers of a guess never tell which accounts exist.
CREATE TABLE login_failures (
  identifier TEXT PRIMARY KEY,
  failures INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT
);
ALTER TABLE users DROP COLUMN failed_logins;
ALTER TABLE users DROP COLUMN locked_until;
