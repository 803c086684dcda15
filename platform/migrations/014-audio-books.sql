-- Audio books (ADR 022): a book is a catalogue item of kind 'audiobook'; its chapters are spoken files with timed
-- transcripts. Listening positions, the shelf, ratings and unlocks are the listener's own.
CREATE TABLE audio_categories (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  name_en TEXT NOT NULL,
  intro TEXT NOT NULL,
  intro_en TEXT NOT NULL,
  sort INTEGER NOT NULL
);

CREATE TABLE audio_books (
  item_id INTEGER PRIMARY KEY REFERENCES items (id),
  category_id INTEGER NOT NULL REFERENCES audio_categories (id),
  narrator TEXT NOT NULL,
  narrator_en TEXT NOT NULL,
  free_chapters INTEGER NOT NULL CHECK (free_chapters >= 0),
  unlock_points INTEGER NOT NULL CHECK (unlock_points > 0)
);

CREATE TABLE audio_chapters (
  id INTEGER PRIMARY KEY,
  book_id INTEGER NOT NULL REFERENCES audio_books (item_id),
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  title_en TEXT NOT NULL,
  file TEXT NOT NULL,
  duration_ms INTEGER NOT NULL CHECK (duration_ms > 0),
  -- [{ "startMs", "endMs", "text" }] in the language the chapter is read in.
  transcript TEXT NOT NULL,
  UNIQUE (book_id, position)
);

-- One row per listener and book: where they are. taken_at is when the player measured the position, so an update
-- that arrives late (an older tab, a slow network) never overwrites a newer one.
CREATE TABLE listen_positions (
  user_id INTEGER NOT NULL REFERENCES users (id),
  book_id INTEGER NOT NULL REFERENCES audio_books (item_id),
  chapter_id INTEGER NOT NULL REFERENCES audio_chapters (id),
  position_ms INTEGER NOT NULL CHECK (position_ms >= 0),
  taken_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  plays INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (user_id, book_id)
);
CREATE INDEX listen_positions_recent ON listen_positions (user_id, updated_at);

CREATE TABLE shelf_books (
  user_id INTEGER NOT NULL REFERENCES users (id),
  book_id INTEGER NOT NULL REFERENCES audio_books (item_id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, book_id)
);

CREATE TABLE book_scores (
  user_id INTEGER NOT NULL REFERENCES users (id),
  book_id INTEGER NOT NULL REFERENCES audio_books (item_id),
  score INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
  comment TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, book_id)
);

-- A book unlocked for a listener, and how: points (a ledger debit with the same ref), membership, or a friend's voucher.
CREATE TABLE book_unlocks (
  user_id INTEGER NOT NULL REFERENCES users (id),
  book_id INTEGER NOT NULL REFERENCES audio_books (item_id),
  method TEXT NOT NULL CHECK (method IN ('points', 'membership', 'voucher')),
  points INTEGER NOT NULL DEFAULT 0,
  ref TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, book_id)
);

-- Vouchers a listener who unlocked a book gives friends (/bookShareCoupon): each unlocks the book once, for one friend.
CREATE TABLE book_vouchers (
  code TEXT PRIMARY KEY,
  book_id INTEGER NOT NULL REFERENCES audio_books (item_id),
  giver_id INTEGER NOT NULL REFERENCES users (id),
  receiver_id INTEGER REFERENCES users (id),
  created_at TEXT NOT NULL,
  received_at TEXT
);
CREATE INDEX book_vouchers_by_giver ON book_vouchers (giver_id, book_id);
