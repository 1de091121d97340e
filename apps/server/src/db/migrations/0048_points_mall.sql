-- The points mall (issue 21; spec §1, §4 redeem statuses, §7 points calls, §9 points have no expiry; domain-rules
-- §4.7; ADR 0046). Module engagement/points. Points live in the ledger: a member's POINTS account in the currency PTS,
-- whose other side is the merchant's PROMOTIONS account in PTS, so points never sum with money. These tables hold the
-- mall's terms (rates, catalogue, stock) and the redemptions; no balance is kept here.

-- One row per merchant: earning on or off and the conversion rule (points per 1 major unit of cash; 0 turns it off).
CREATE TABLE points_settings (
  merchant_id integer PRIMARY KEY REFERENCES merchants (id),
  enabled boolean NOT NULL DEFAULT true,
  convert_points_per_unit integer NOT NULL DEFAULT 0 CHECK (convert_points_per_unit BETWEEN 0 AND 1000000),
  convert_min_points bigint NOT NULL DEFAULT 100 CHECK (convert_min_points BETWEEN 1 AND 1000000000),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Points per 100 (major units) of valid bet, per VIP level and game type ('ALL': the level's rate for every other
-- type). A member earns at the highest configured level at or below its own.
CREATE TABLE points_rates (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  vip_level integer NOT NULL CHECK (vip_level BETWEEN 0 AND 30),
  game_type text NOT NULL CHECK (game_type ~ '^[A-Z0-9_]{1,32}$'),
  points_per_hundred integer NOT NULL CHECK (points_per_hundred BETWEEN 0 AND 100000),
  PRIMARY KEY (merchant_id, vip_level, game_type)
);

CREATE TABLE mall_items (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  kind text NOT NULL CHECK (kind IN ('BONUS', 'CASH', 'GOODS')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  price_points bigint NOT NULL CHECK (price_points > 0),
  -- Cash paid (CASH) or bonus granted (BONUS), in the merchant's minor units; 0 for goods.
  value_minor bigint NOT NULL DEFAULT 0 CHECK (value_minor >= 0),
  turnover_multiple integer NOT NULL DEFAULT 0 CHECK (turnover_multiple BETWEEN 0 AND 200),
  -- NULL: unlimited. Taken by a conditional UPDATE (stock >= 1), so it never goes below zero.
  stock integer CHECK (stock >= 0),
  per_member_limit integer CHECK (per_member_limit >= 1),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'HIDDEN')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, id),
  CHECK (kind = 'GOODS' OR value_minor > 0)
);

-- Spec §4 redeem statuses. Points are spent when the row is written (POINTS_SPEND under `mall-redeem:<id>`); a
-- rejection refunds them (`mall-refund:<id>`) and puts the stock back.
CREATE TABLE mall_redemptions (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  request_id text NOT NULL CHECK (length(request_id) BETWEEN 8 AND 64),
  item_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('BONUS', 'CASH', 'GOODS')),
  item_name text NOT NULL,
  points bigint NOT NULL CHECK (points > 0),
  value_minor bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'IN_PROCESS' CHECK (status IN ('IN_PROCESS', 'REJECTED', 'APPROVED')),
  address jsonb,
  reason text CHECK (length(reason) <= 200),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by bigint,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, member_id, request_id),
  FOREIGN KEY (merchant_id, item_id) REFERENCES mall_items (merchant_id, id)
);
CREATE INDEX mall_redemptions_member_idx ON mall_redemptions (merchant_id, member_id, id DESC);
CREATE INDEX mall_redemptions_item_idx ON mall_redemptions (merchant_id, item_id, member_id);
CREATE INDEX mall_redemptions_open_idx ON mall_redemptions (merchant_id, id) WHERE status = 'IN_PROCESS';

-- Conversions of points to cash (the cost report); the ledger post under `points-convert:<member>:<request>` moved them.
CREATE TABLE points_conversions (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  request_id text NOT NULL CHECK (length(request_id) BETWEEN 8 AND 64),
  points bigint NOT NULL CHECK (points > 0),
  cash_minor bigint NOT NULL CHECK (cash_minor > 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, member_id, request_id)
);
CREATE INDEX mall_redemptions_rejected_idx ON mall_redemptions (merchant_id, decided_at) WHERE status = 'REJECTED';
