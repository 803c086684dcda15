-- Public content of every kind (live plans, meetings, videos, papers, books, essays, Q&A, posts, jobs,
-- audio books, courses, banners, adverts). Fields common to all kinds are columns; the rest is JSON in extra.
CREATE TABLE items (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  summary_en TEXT NOT NULL DEFAULT '',
  cover TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 0,
  starts_at TEXT,
  ends_at TEXT,
  author_name TEXT NOT NULL DEFAULT '',
  author_name_en TEXT NOT NULL DEFAULT '',
  org_name TEXT NOT NULL DEFAULT '',
  org_name_en TEXT NOT NULL DEFAULT '',
  view_count INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0,
  link TEXT NOT NULL DEFAULT '',
  extra TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX items_kind_sort ON items (kind, sort DESC, id DESC);

CREATE VIRTUAL TABLE items_fts USING fts5(title, title_en, summary, summary_en, content='items', content_rowid='id', tokenize='trigram');
CREATE TRIGGER items_ai AFTER INSERT ON items BEGIN
  INSERT INTO items_fts(rowid, title, title_en, summary, summary_en) VALUES (new.id, new.title, new.title_en, new.summary, new.summary_en);
END;
CREATE TRIGGER items_ad AFTER DELETE ON items BEGIN
  INSERT INTO items_fts(items_fts, rowid, title, title_en, summary, summary_en) VALUES ('delete', old.id, old.title, old.title_en, old.summary, old.summary_en);
END;
CREATE TRIGGER items_au AFTER UPDATE ON items BEGIN
  INSERT INTO items_fts(items_fts, rowid, title, title_en, summary, summary_en) VALUES ('delete', old.id, old.title, old.title_en, old.summary, old.summary_en);
  INSERT INTO items_fts(rowid, title, title_en, summary, summary_en) VALUES (new.id, new.title, new.title_en, new.summary, new.summary_en);
END;

CREATE TABLE scholars (
  id INTEGER PRIMARY KEY,
  author_code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  name_en TEXT NOT NULL,
  org_name TEXT NOT NULL,
  org_name_en TEXT NOT NULL,
  field TEXT NOT NULL,
  field_en TEXT NOT NULL,
  introduction TEXT NOT NULL DEFAULT '',
  introduction_en TEXT NOT NULL DEFAULT '',
  verified INTEGER NOT NULL DEFAULT 0,
  recommended INTEGER NOT NULL DEFAULT 0,
  follower_count INTEGER NOT NULL DEFAULT 0,
  portrait TEXT NOT NULL DEFAULT ''
);
