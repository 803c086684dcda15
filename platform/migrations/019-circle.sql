-- The circle (academic community feed): short posts of up to 1000 characters with up to 9 images, praised once per
-- person. Counts are COUNT(*) over circle_praises and the community core's comments table (kind 'circle'), never a
-- stored counter; a removed post keeps its row (deleted_at) so its comments and praises keep their reference.
CREATE TABLE circle_posts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX circle_posts_feed ON circle_posts (deleted_at, id DESC);
CREATE INDEX circle_posts_author ON circle_posts (user_id, deleted_at, id DESC);

-- A post's images in the order chosen; url is one /file/upload gave out (/api/file/download?name=…).
CREATE TABLE circle_images (
  post_id INTEGER NOT NULL REFERENCES circle_posts(id),
  position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 8),
  url TEXT NOT NULL,
  PRIMARY KEY (post_id, position)
);

CREATE TABLE circle_praises (
  post_id INTEGER NOT NULL REFERENCES circle_posts(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
