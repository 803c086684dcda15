-- A scholar's own documents (ADR 082): working papers, reports and slides they add to their profile. Each is an items
-- row (kind 'paper', or 'report' for a report) so search, /docDetail, the library and the author's works list show it
-- like any other document; this table keeps what only the owner's side needs.
CREATE TABLE scholar_documents (
  item_id INTEGER PRIMARY KEY REFERENCES items(id),
  author_code TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  doc_type TEXT NOT NULL CHECK (doc_type IN ('workingPaper', 'report', 'slides')),
  -- The DOI in lower case (DOIs are case-insensitive), NULL without one: one document per DOI.
  doi TEXT,
  -- The stored PDF's file name in the uploads folder ('' without one).
  pdf_name TEXT NOT NULL DEFAULT '',
  pdf_bytes INTEGER NOT NULL DEFAULT 0,
  -- The form as its owner last saved it (scholar-document.schema.json without the PDF): what the editor starts from.
  form TEXT NOT NULL,
  -- 1: hidden by its owner; kept out of every list, search and detail others see.
  hidden INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX scholar_documents_author ON scholar_documents (author_code, item_id DESC);
CREATE UNIQUE INDEX scholar_documents_doi ON scholar_documents (doi) WHERE doi IS NOT NULL;
