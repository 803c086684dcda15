-- What the content pages add to items: type tags (video types, report tags), the media file of a video, the
-- special a video belongs to, a topic for "related" lists, praise and collection counters; who praised or collected
-- what; video comments; and the keywords people search for (hot searches).
CREATE TABLE content_types (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  name_en TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX content_types_kind ON content_types (kind, sort DESC, id);

CREATE TABLE item_meta (
  item_id INTEGER PRIMARY KEY REFERENCES items(id),
  type_id INTEGER REFERENCES content_types(id),
  topic TEXT NOT NULL DEFAULT '',
  media_url TEXT NOT NULL DEFAULT '',
  special_id INTEGER REFERENCES items(id),
  special_order INTEGER NOT NULL DEFAULT 0,
  praise_count INTEGER NOT NULL DEFAULT 0,
  collect_count INTEGER NOT NULL DEFAULT 0,
  -- A video's lecture notes: JSON [{heading, headingEn, text, textEn}].
  notes TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX item_meta_type ON item_meta (type_id);
CREATE INDEX item_meta_topic ON item_meta (topic);
CREATE INDEX item_meta_special ON item_meta (special_id, special_order);

CREATE TABLE praises (
  user_id INTEGER NOT NULL REFERENCES users(id),
  item_id INTEGER NOT NULL REFERENCES items(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, item_id)
);

CREATE TABLE collects (
  user_id INTEGER NOT NULL REFERENCES users(id),
  item_id INTEGER NOT NULL REFERENCES items(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, item_id)
);
CREATE INDEX collects_user ON collects (user_id, created_at DESC);

CREATE TABLE video_comments (
  id INTEGER PRIMARY KEY,
  video_id INTEGER NOT NULL REFERENCES items(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX video_comments_video ON video_comments (video_id, deleted_at, id DESC);

CREATE TABLE search_keywords (
  keyword TEXT PRIMARY KEY,
  keyword_en TEXT NOT NULL DEFAULT '',
  search_count INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);
CREATE INDEX search_keywords_count ON search_keywords (search_count DESC);
