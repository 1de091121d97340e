-- Foundation: merchants and everything the configuration calls read (spec §3, §7, §9).
-- Every tenant table carries merchant_id first in its keys (DESIGN.md §3), so a merchant can be moved to
-- its own database, or the tables distributed by merchant_id, without a schema change.
-- All configuration lives in rows: nothing a merchant can change is a constant in code.

CREATE TABLE merchants (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9][a-z0-9_-]{0,31}$'),
  name text NOT NULL CHECK (name <> ''),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'SUSPENDED')),
  maintenance_enabled boolean NOT NULL DEFAULT false,
  maintenance_message text,
  -- A code of merchant_languages (EN, TY, ...).
  default_language text NOT NULL CHECK (default_language ~ '^[A-Z]{2,3}(-[A-Z]{2})?$'),
  currency_code text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
  currency_symbol text NOT NULL DEFAULT '$',
  -- Digits after the decimal point of amounts on the wire; amounts are stored in minor units.
  currency_scale smallint NOT NULL DEFAULT 2 CHECK (currency_scale BETWEEN 0 AND 8),
  default_theme text NOT NULL DEFAULT 'dark' CHECK (default_theme IN ('dark', 'light')),
  logo_url text NOT NULL,
  license_image_url text,
  gtag_id text CHECK (gtag_id ~ '^[A-Z0-9-]{4,32}$'),
  main_domain text NOT NULL,
  lottery_type text NOT NULL,
  esport_game text NOT NULL,
  cockfight_game text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Host names the merchant answers on. A host belongs to one merchant, hence the unique host.
CREATE TABLE merchant_domains (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  host text NOT NULL CHECK (host = lower(host) AND host <> ''),
  PRIMARY KEY (merchant_id, host),
  UNIQUE (host)
);

CREATE TABLE merchant_languages (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z]{2,3}(-[A-Z]{2})?$'),
  -- BCP 47, e.g. en-US, fil-PH (DESIGN.md §9).
  locale text NOT NULL,
  label text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, code)
);

-- The whitelabel site-setting tree (spec §3): a module is effective only when its ancestors are enabled.
CREATE TABLE merchant_whitelabel_modules (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  mod_id text NOT NULL,
  parent_mod_id text,
  enabled boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, mod_id),
  FOREIGN KEY (merchant_id, parent_mod_id) REFERENCES merchant_whitelabel_modules (merchant_id, mod_id)
    ON DELETE CASCADE,
  CHECK (parent_mod_id IS NULL OR parent_mod_id <> mod_id)
);

CREATE TABLE merchant_register_fields (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  field text NOT NULL,
  enabled boolean NOT NULL DEFAULT false,
  required boolean NOT NULL DEFAULT false,
  -- Regular expression checked by client and server; '*' stands for '.*' (spec §3).
  accepted_pattern text,
  -- Picks the translated pattern-error message (spec §5).
  pattern_id text,
  min_length integer NOT NULL DEFAULT 0 CHECK (min_length >= 0),
  max_length integer NOT NULL DEFAULT 255 CHECK (max_length > 0),
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, field),
  CHECK (min_length <= max_length),
  CHECK (NOT required OR enabled)
);

-- Paths are stored plain and obfuscated per response (spec §3).
CREATE TABLE merchant_customer_service (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  cs_type text NOT NULL,
  path text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, cs_type)
);

CREATE TABLE merchant_resources (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  id integer GENERATED ALWAYS AS IDENTITY,
  kind text NOT NULL,
  label_name_en text NOT NULL,
  url text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, id)
);

CREATE TABLE merchant_domain_routes (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  id integer GENERATED ALWAYS AS IDENTITY,
  type text NOT NULL,
  url text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, id)
);

-- Image hosts and game-launch hosts; the client picks one at random (spec §3).
CREATE TABLE merchant_cdns (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('IMAGE', 'LAUNCH')),
  url text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, kind, url)
);

-- Restricted when any DENY rule matches the client IP, or when ALLOW rules exist and none matches.
CREATE TABLE merchant_region_rules (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  id integer GENERATED ALWAYS AS IDENTITY,
  action text NOT NULL CHECK (action IN ('ALLOW', 'DENY')),
  -- The cidr type refuses malformed ranges at insert time; a bare address means a single host.
  cidr cidr NOT NULL,
  note text,
  PRIMARY KEY (merchant_id, id)
);

CREATE TABLE merchant_menu (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  menu_id text NOT NULL,
  -- i18n key of the label, translated by the web app.
  name_key text NOT NULL,
  route text NOT NULL CHECK (route LIKE '/%'),
  placement text NOT NULL CHECK (placement IN ('header', 'footer-product', 'footer-help')),
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, menu_id)
);

CREATE TABLE merchant_footer_vendors (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  image_url text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, code)
);

-- Global reference data, shared by all merchants.
CREATE TABLE countries (
  country_code text PRIMARY KEY CHECK (country_code ~ '^[A-Z]{2}$'),
  dialing_code text NOT NULL CHECK (dialing_code ~ '^\+[0-9]{1,4}$')
);

CREATE TABLE merchant_countries (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  country_code text NOT NULL REFERENCES countries (country_code),
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, country_code)
);

-- Operator-authored help centre, per language pack and device (spec §7 help centre: lang, device WEB).
CREATE TABLE merchant_help_sections (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  lang text NOT NULL,
  device text NOT NULL DEFAULT 'WEB',
  anchor text NOT NULL CHECK (anchor ~ '^[a-z][a-z0-9-]*$'),
  title text NOT NULL,
  html text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, lang, device, anchor),
  FOREIGN KEY (merchant_id, lang) REFERENCES merchant_languages (merchant_id, code) ON DELETE CASCADE
);
