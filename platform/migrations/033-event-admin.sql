-- What an operator sets for an event's sign-up beside the page (ADR 071): which of the sign-up form's optional fields
-- are required too, and the agreement a person accepts, in both languages. A guest of a special gets a role (host,
-- speaker or guest, as a plan's guests have).
CREATE TABLE special_signup_terms (
  special_id INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
  -- A JSON array of the optional fields (position, email) the form requires as well as name and organisation.
  required_fields TEXT NOT NULL DEFAULT '[]',
  agreement TEXT NOT NULL DEFAULT '',
  agreement_en TEXT NOT NULL DEFAULT '',
  updated_by TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

ALTER TABLE special_guests ADD COLUMN role TEXT NOT NULL DEFAULT 'guest' CHECK (role IN ('host', 'speaker', 'guest'));
