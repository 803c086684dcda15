-- The live room talking back (issue 31, ADR 062). screen_pushes: what the host pushed to a room's screens; its id is
-- the sequence number a reconnecting viewer names to get what it missed. plan_questions and their answers: one answer
-- per person per question, held by the primary key so two requests at once cannot both count. plan_sign_ins: who
-- signed in to a room (the venue screen's count).
CREATE TABLE screen_pushes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  plan_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX screen_pushes_plan ON screen_pushes (plan_id, id);

CREATE TABLE plan_questions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  plan_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('single', 'multiple', 'text')),
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  options TEXT NOT NULL DEFAULT '[]',
  results_shared INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX plan_questions_plan ON plan_questions (plan_id, id);

CREATE TABLE plan_question_answers (
  question_id INTEGER NOT NULL REFERENCES plan_questions (id),
  user_id INTEGER NOT NULL,
  option_ids TEXT NOT NULL DEFAULT '',
  text TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (question_id, user_id)
);

CREATE TABLE plan_sign_ins (
  plan_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (plan_id, user_id)
);
