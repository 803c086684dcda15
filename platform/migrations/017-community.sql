-- The community core shared by articles, circle posts and Q&A: people following people, the blacklist,
-- the risk-word list and one comment table for every kind of post.

CREATE TABLE user_follows (
  follower_id INTEGER NOT NULL REFERENCES users(id),
  followee_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX user_follows_followee ON user_follows (followee_id, follower_id);

-- user_id blocked blocked_id: blocked_id's posts vanish for user_id, and blocked_id cannot comment on user_id's posts.
CREATE TABLE user_blacks (
  user_id INTEGER NOT NULL REFERENCES users(id),
  blocked_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, blocked_id),
  CHECK (user_id <> blocked_id)
);
CREATE INDEX user_blacks_blocked ON user_blacks (blocked_id, user_id);

CREATE TABLE risk_words (
  word TEXT PRIMARY KEY COLLATE NOCASE
);
-- The first list, once: operators change it in the platform's moderation tools (here, this table), and a word they
-- delete stays deleted across restarts.
INSERT INTO risk_words (word) VALUES
  ('代写论文'),
  ('论文代发'),
  ('代开发票'),
  ('刷单'),
  ('网络赌博'),
  ('博彩'),
  ('办证'),
  ('枪支'),
  ('毒品'),
  ('裸聊'),
  ('ghostwriting service'),
  ('paper mill'),
  ('fake diploma'),
  ('online casino'),
  ('buy followers'),
  ('escort service'),
  ('');

CREATE TABLE comments (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('essay', 'circle', 'question', 'answer')),
  target_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  reply_to_id INTEGER REFERENCES comments(id),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX comments_target ON comments (kind, target_id, deleted_at, id DESC);
