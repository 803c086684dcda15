-- Articles (essays) people write. An essay is an item of kind 'essay' (title, summary, cover, author's public name, view
-- count, link, created_at — so praise, collection, the collection list and search work on it as on any item) plus
-- this row: its writer, the text, who may see it and whether it is released. Hidden essays (drafts, removed ones,
-- visibility other than 'public') are kept out of every generic item path by essay-visibility.server.ts.
CREATE TABLE essays (
  item_id INTEGER PRIMARY KEY REFERENCES items(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  intro TEXT NOT NULL DEFAULT '',
  -- Sanitised HTML with formulas as their $…$ source (what the editor shows again); rendered to MathML when read.
  content TEXT NOT NULL DEFAULT '',
  -- The English text of a seeded bilingual essay; '' for what people write (one language, shown to everyone).
  content_en TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'self', 'followers', 'mutual')),
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'released', 'removed')),
  -- Edits to a released essay saved but not yet released: JSON {title, intro, content, cover, visibility}. The released
  -- text stays what readers see until the writer releases again.
  pending TEXT,
  comment_count INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  released_at TEXT
);
CREATE INDEX essays_released ON essays (status, released_at DESC);
CREATE INDEX essays_writer ON essays (user_id, status, updated_at DESC);
