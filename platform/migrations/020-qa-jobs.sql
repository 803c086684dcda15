-- Q&A (/qa/*) and jobs (/recruit/*) in tables of their own (ADR 025). The items catalogue held placeholder rows of
-- kinds 'qa' and 'job'; they go, with what other tables kept about them. A question keeps one row of kind 'qa' in items
-- while it is listed (item_id): that row is what /search finds, and it carries no author for an anonymous question.

DELETE FROM praises WHERE item_id IN (SELECT id FROM items WHERE kind IN ('qa', 'job'));
DELETE FROM collects WHERE item_id IN (SELECT id FROM items WHERE kind IN ('qa', 'job'));
DELETE FROM item_meta WHERE item_id IN (SELECT id FROM items WHERE kind IN ('qa', 'job'));
DELETE FROM items WHERE kind IN ('qa', 'job');

-- The tags a question may carry: a fixed, bilingual catalogue, so a tag chip reads the same for everyone.
CREATE TABLE qa_tags (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_en TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

-- AUTOINCREMENT: a removed question's id is never given to another, so comments on it never reappear elsewhere.
-- title_en/body_en: the English of seeded questions; people write in one language and leave them empty.
-- body is sanitised HTML (cleanRichText), body_text its plain text for excerpts.
CREATE TABLE qa_questions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  item_id INTEGER UNIQUE REFERENCES items(id),
  title TEXT NOT NULL,
  title_en TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  body_en TEXT NOT NULL DEFAULT '',
  body_text TEXT NOT NULL,
  body_text_en TEXT NOT NULL DEFAULT '',
  anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1)),
  view_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX qa_questions_listed ON qa_questions (deleted_at, created_at DESC);
CREATE INDEX qa_questions_user ON qa_questions (user_id, created_at DESC);

CREATE TABLE qa_question_tags (
  question_id INTEGER NOT NULL REFERENCES qa_questions(id),
  tag TEXT NOT NULL REFERENCES qa_tags(code),
  PRIMARY KEY (question_id, tag)
);
CREATE INDEX qa_question_tags_tag ON qa_question_tags (tag, question_id);

CREATE TABLE qa_answers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  question_id INTEGER NOT NULL REFERENCES qa_questions(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  content TEXT NOT NULL,
  content_en TEXT NOT NULL DEFAULT '',
  anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1)),
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX qa_answers_question ON qa_answers (question_id, deleted_at);
CREATE INDEX qa_answers_user ON qa_answers (user_id, created_at DESC);

-- One vote per user per answer: 1 praise, -1 trample. Counts are COUNT(*) over these rows, never a stored counter.
CREATE TABLE qa_answer_votes (
  answer_id INTEGER NOT NULL REFERENCES qa_answers(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  value INTEGER NOT NULL CHECK (value IN (1, -1)),
  created_at TEXT NOT NULL,
  PRIMARY KEY (answer_id, user_id)
);

-- People following a question ("concern").
CREATE TABLE qa_concerns (
  question_id INTEGER NOT NULL REFERENCES qa_questions(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (question_id, user_id)
);
CREATE INDEX qa_concerns_user ON qa_concerns (user_id, created_at DESC);

-- Employers and their openings. city and field are codes of the catalogues in jobs/rules.server.ts.
CREATE TABLE job_companies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  name_en TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('university', 'centralBank', 'fund', 'institute', 'company')),
  city TEXT NOT NULL,
  intro TEXT NOT NULL,
  intro_en TEXT NOT NULL,
  website TEXT NOT NULL DEFAULT ''
);

CREATE TABLE job_posts (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES job_companies(id),
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  job_type TEXT NOT NULL CHECK (job_type IN ('faculty', 'postdoc', 'industry', 'ra')),
  field TEXT NOT NULL,
  city TEXT NOT NULL,
  description TEXT NOT NULL,
  description_en TEXT NOT NULL,
  requirements TEXT NOT NULL,
  requirements_en TEXT NOT NULL,
  apply TEXT NOT NULL,
  apply_en TEXT NOT NULL,
  salary TEXT NOT NULL DEFAULT '',
  salary_en TEXT NOT NULL DEFAULT '',
  deadline TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX job_posts_newest ON job_posts (created_at DESC, id DESC);
