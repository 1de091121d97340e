-- Site configuration in the back office (issue 7): what the operator changes without touching the database.

-- A language can be switched off without deleting its row: the row carries the help centre in that language
-- (merchant_help_sections cascades from it), which must survive a language being off for a while.
ALTER TABLE merchant_languages ADD COLUMN enabled boolean NOT NULL DEFAULT true;

-- Maintenance may be planned: while maintenance_enabled is on, the page shows from starts_at (null: at once) until
-- ends_at (null: until switched off).
ALTER TABLE merchants
  ADD COLUMN maintenance_starts_at timestamptz,
  ADD COLUMN maintenance_ends_at timestamptz,
  ADD CONSTRAINT merchants_maintenance_window
    CHECK (maintenance_starts_at IS NULL OR maintenance_ends_at IS NULL OR maintenance_ends_at > maintenance_starts_at);

-- The maintenance message per language. merchants.maintenance_message stays the message of a visitor whose language
-- has none (the back office writes the default language's message there).
CREATE TABLE merchant_maintenance_messages (
  merchant_id integer NOT NULL,
  lang text NOT NULL,
  message text NOT NULL CHECK (message <> '' AND length(message) <= 500),
  PRIMARY KEY (merchant_id, lang),
  FOREIGN KEY (merchant_id, lang) REFERENCES merchant_languages (merchant_id, code) ON DELETE CASCADE
);
