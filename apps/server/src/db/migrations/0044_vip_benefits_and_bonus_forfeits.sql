-- VIP level benefits and the back office's bonus forfeits (issue 20; ADRs 0035, 0037 and 0042).

-- What a level is reached by (valid bet over the window, or deposits over it), its withdrawal limits (per business
-- day: how many, and how much in all; NULL: no limit of the level's own) and its birthday bonus. Module engagement/vip
-- owns the columns; the player side enforces the limits and pays the birthday bonus.
ALTER TABLE vip_levels
  ADD COLUMN upgrade_basis text NOT NULL DEFAULT 'VALID_BET' CHECK (upgrade_basis IN ('VALID_BET', 'DEPOSITS')),
  ADD COLUMN withdraw_daily_count integer CHECK (withdraw_daily_count BETWEEN 0 AND 1000),
  ADD COLUMN withdraw_daily_max_minor bigint CHECK (withdraw_daily_max_minor >= 0),
  ADD COLUMN birthday_bonus_minor bigint NOT NULL DEFAULT 0 CHECK (birthday_bonus_minor >= 0);

-- A staff member's forfeit of a member's active bonus grant (module engagement/promotions, the maker-checker of
-- bonus_manual_grants): at or below the merchant's threshold it is carried out at once (status FORFEITED, decided by
-- the maker); above it, it waits for a second staff member, who can never be the maker.
CREATE TABLE bonus_forfeit_requests (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  grant_id bigint NOT NULL,
  -- The grant's bonus balance when asked (what the member would lose).
  balance_minor bigint NOT NULL CHECK (balance_minor >= 0),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'FORFEITED', 'REJECTED', 'LAPSED')),
  requested_by_id bigint NOT NULL,
  requested_by text NOT NULL,
  request_id text NOT NULL,
  decided_by_id bigint,
  decided_by text,
  reject_reason text,
  forfeited_minor bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, request_id),
  FOREIGN KEY (merchant_id, grant_id) REFERENCES bonus_grants (merchant_id, id)
);
CREATE INDEX bonus_forfeit_requests_recent_idx ON bonus_forfeit_requests (merchant_id, created_at DESC, id DESC);
-- One open request per grant.
CREATE UNIQUE INDEX bonus_forfeit_requests_open_idx ON bonus_forfeit_requests (merchant_id, grant_id)
  WHERE status = 'PENDING';
