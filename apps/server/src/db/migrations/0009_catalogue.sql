-- Game catalogue and lobby (issue 5; spec §3 game, vendor card, category, favourite, winner board, banner, notice).
-- Every row belongs to a merchant. Game names are per language; searching ignores case and accents through
-- search_text (lower-cased, accents stripped, every name and the code, written by the application) and a trigram index.

-- In public, not the migration's schema: tests run one schema per suite, and dropping one must not drop the extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- A vendor as the merchant sells it. wallet_mode is the vendor protocol (issue 6 adds the connection settings).
CREATE TABLE game_vendors (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_]{1,32}$'),
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 80),
  -- Small logo (vendor strips, header dropdown); a path on our origin.
  logo_url text NOT NULL,
  wallet_mode text NOT NULL DEFAULT 'SEAMLESS' CHECK (wallet_mode IN ('SEAMLESS', 'TRANSFER')),
  support_demo boolean NOT NULL DEFAULT false,
  is_new boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'MAINTENANCE', 'DISABLED')),
  sort integer NOT NULL DEFAULT 0,
  -- Which adapter supplies the game list for the sync job (NONE: the operator keeps the list by hand).
  sync_adapter text NOT NULL DEFAULT 'NONE' CHECK (sync_adapter ~ '^[A-Z0-9_]{1,32}$'),
  synced_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, code)
);

-- A vendor's product line (spec §3 vendor card: one card per vendor and game type, e.g. AG live and AG fishing).
CREATE TABLE game_vendor_types (
  merchant_id integer NOT NULL,
  vendor_code text NOT NULL,
  game_type text NOT NULL CHECK (game_type IN ('LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'LOTT', 'ELOTT', 'BINGO')),
  -- The large tile image (spec lagerIcon).
  large_icon_url text NOT NULL,
  -- isGame VASSALAGE: the tile opens a popup list of the vendor's games of this type.
  opens_popup boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'MAINTENANCE', 'DISABLED')),
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, vendor_code, game_type),
  FOREIGN KEY (merchant_id, vendor_code) REFERENCES game_vendors (merchant_id, code) ON DELETE CASCADE
);

-- id is the spec's nodeId.
CREATE TABLE games (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL,
  vendor_code text NOT NULL,
  game_type text NOT NULL,
  game_code text NOT NULL CHECK (game_code ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  -- Names per language code of merchant_languages, e.g. {"EN": "Lucky Dragon", "TY": "Masuwerteng Dragon"}; EN is
  -- the fallback.
  names jsonb NOT NULL CHECK (jsonb_typeof(names) = 'object' AND names ? 'EN'),
  game_classify text NOT NULL CHECK (game_classify IN ('SLOT', 'LIVE_TABLE', 'FISHING', 'CARD', 'SPORTSBOOK', 'LOTTERY',
    'SCRATCH', 'VIDEO_POKER', 'JACKPOT', 'TABLE', 'ARCADE', 'BINGO')),
  icon_url text NOT NULL,
  is_hot boolean NOT NULL DEFAULT false,
  is_new boolean NOT NULL DEFAULT false,
  -- The game's vendor-side demo: true shows the free-trial button (spec supportPlay 0).
  free_trial boolean NOT NULL DEFAULT false,
  min_bet_minor bigint NOT NULL DEFAULT 0 CHECK (min_bet_minor >= 0),
  min_line_num integer NOT NULL DEFAULT 0 CHECK (min_line_num >= 0),
  sort integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'MAINTENANCE', 'DISABLED')),
  -- lower(unaccent(every name || game_code)), written by the application (the same normaliser the query uses).
  search_text text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, vendor_code, game_code),
  FOREIGN KEY (merchant_id, vendor_code, game_type) REFERENCES game_vendor_types (merchant_id, vendor_code, game_type)
    ON DELETE CASCADE
);
CREATE INDEX games_by_type ON games (merchant_id, game_type, sort, id) WHERE status = 'ACTIVE';
CREATE INDEX games_by_vendor ON games (merchant_id, vendor_code, game_type, sort, id) WHERE status = 'ACTIVE';
CREATE INDEX games_hot ON games (merchant_id, sort, id) WHERE status = 'ACTIVE' AND is_hot;
CREATE INDEX games_search ON games USING gin (search_text public.gin_trgm_ops);

CREATE TABLE game_favourites (
  merchant_id integer NOT NULL,
  member_id bigint NOT NULL,
  game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, member_id, game_id),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id)
);

-- One row per member and game; a launch moves it to the top.
CREATE TABLE game_recent (
  merchant_id integer NOT NULL,
  member_id bigint NOT NULL,
  game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  launched_at timestamptz NOT NULL,
  launches integer NOT NULL DEFAULT 1 CHECK (launches > 0),
  PRIMARY KEY (merchant_id, member_id, game_id),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id)
);
CREATE INDEX game_recent_latest ON game_recent (merchant_id, member_id, launched_at DESC);

-- Wins shown on the winner board. Issue 6 feeds it from settled rounds; the demo seed writes examples.
-- customer_name is the member's name at the time of the win, masked only when shown.
CREATE TABLE game_wins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  member_id bigint,
  customer_name text NOT NULL CHECK (customer_name <> ''),
  game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  win_minor bigint NOT NULL CHECK (win_minor > 0),
  currency text NOT NULL,
  won_at timestamptz NOT NULL,
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id)
);
CREATE INDEX game_wins_top ON game_wins (merchant_id, win_minor DESC, id DESC);

CREATE TABLE banners (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  group_name text NOT NULL CHECK (group_name IN ('w_home', 'w_reg', 'w_forget', 'w_leftmenu')),
  -- NULL: every language.
  language text,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  image_url text NOT NULL,
  -- Where a click goes; NULL when the banner does not link.
  link_url text,
  sort integer NOT NULL DEFAULT 0,
  starts_at timestamptz,
  ends_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX banners_group ON banners (merchant_id, group_name, sort, id) WHERE enabled;

-- type: B banner notice, PL player (marquee), PU popup, PR promotion, H history. execution: A logged in, B guest,
-- F first login.
CREATE TABLE notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  type text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
  execution text NOT NULL CHECK (execution IN ('A', 'B', 'F')),
  -- NULL: every language.
  language text,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content text NOT NULL CHECK (length(content) <= 10000),
  promotion_type text CHECK (promotion_type IS NULL OR promotion_type ~ '^[A-Z0-9_]{1,32}$'),
  sort integer NOT NULL DEFAULT 0,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX notices_live ON notices (merchant_id, execution, type, starts_at DESC) WHERE enabled;
