-- A page's publish window opening or closing changes its public HTML with no publish (ADR 093): the first node to see
-- the moment pass claims it here, and only that node tells the CDN, so each boundary is purged once.
CREATE TABLE ops_boundary_purges (
  path TEXT NOT NULL,
  boundary TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  PRIMARY KEY (path, boundary)
);

-- Where an image's bytes are (ADR 093): 'database' (the bytes column) or 'bucket' (the S3-compatible bucket
-- MEDIA_S3_* names, under the image's content-addressed name; the bytes column is then empty).
ALTER TABLE ops_media ADD COLUMN stored_in TEXT NOT NULL DEFAULT 'database' CHECK (stored_in IN ('database', 'bucket'));
