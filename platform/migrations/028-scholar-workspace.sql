-- A scholar's own profile (ADR 060): the sections the owner keeps (work history, education, JEL research fields, links)
-- as one JSON object beside the columns every list reads, and the edits of a verified profile waiting for review.
ALTER TABLE scholars ADD COLUMN sections TEXT NOT NULL DEFAULT '{}';

-- One waiting change per profile: a second edit before the review replaces the first (the owner's latest text wins,
-- nothing typed is lost); a decided change stays as the record of the review.
CREATE TABLE scholar_profile_changes (
  id INTEGER PRIMARY KEY,
  author_code TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  profile TEXT NOT NULL,
  -- 0 waiting for review, 1 declined (reason says why), 2 approved and applied.
  status INTEGER NOT NULL DEFAULT 0,
  reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  decided_at TEXT
);
CREATE UNIQUE INDEX scholar_profile_changes_waiting ON scholar_profile_changes (author_code) WHERE status = 0;
CREATE INDEX scholar_profile_changes_author ON scholar_profile_changes (author_code, id DESC);
