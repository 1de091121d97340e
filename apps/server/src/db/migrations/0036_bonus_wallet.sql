-- The bonus wallet (issue 20, DESIGN.md §13, ADR 0034). A grant is money moved from the merchant's PROMOTIONS account
-- into the member's BONUS account, with the terms it is wagered under. A member has at most one ACTIVE grant per
-- currency, so the BONUS account's balance is that grant's balance; every stake placed while it is active belongs to
-- it. The functions live in modules/engagement/bonus-wallet/sql.
CREATE TABLE bonus_grants (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  currency text NOT NULL,
  -- The member's BONUS account (ledger) and the business key the grant was made under (one grant per key).
  account_id bigint NOT NULL,
  grant_key text NOT NULL CHECK (length(grant_key) BETWEEN 1 AND 100),
  promotion_id bigint,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  deposit_minor bigint NOT NULL DEFAULT 0 CHECK (deposit_minor >= 0),
  turnover_required_minor bigint NOT NULL CHECK (turnover_required_minor >= 0),
  -- Weighted stake so far: Σ stake × weight(game type) / 100 over the grant's stakes not rolled back.
  turnover_done_minor bigint NOT NULL DEFAULT 0,
  -- { "<game type>": percent } with default_weight for types not listed; 0 means the type does not count.
  weights jsonb NOT NULL DEFAULT '{}'::jsonb,
  default_weight integer NOT NULL DEFAULT 100 CHECK (default_weight BETWEEN 0 AND 100),
  -- Largest stake of one round while wagering (the whole stake, cash and bonus); NULL: no limit.
  max_bet_minor bigint CHECK (max_bet_minor > 0),
  -- Most that converts to cash; the rest goes back to PROMOTIONS. NULL: no cap.
  max_conversion_minor bigint CHECK (max_conversion_minor >= 0),
  on_withdraw text NOT NULL DEFAULT 'FORFEIT' CHECK (on_withdraw IN ('FORFEIT', 'REFUSE')),
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'CONVERTED', 'FORFEITED', 'EXPIRED')),
  converted_minor bigint NOT NULL DEFAULT 0,
  forfeited_minor bigint NOT NULL DEFAULT 0,
  closed_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, grant_key)
);
CREATE UNIQUE INDEX bonus_grants_active_idx ON bonus_grants (merchant_id, member_id, currency) WHERE status = 'ACTIVE';
CREATE INDEX bonus_grants_member_idx ON bonus_grants (merchant_id, member_id, id DESC);
CREATE INDEX bonus_grants_expiry_idx ON bonus_grants (expires_at) WHERE status = 'ACTIVE';

-- Every stake placed while a grant is active: how it was funded (cash first, then bonus), so that its win or refund
-- returns in the same proportion, and its weighted turnover, so that a rollback takes it back.
CREATE TABLE bonus_stakes (
  merchant_id integer NOT NULL,
  vendor_code text NOT NULL,
  transaction_id text NOT NULL,
  round_id text NOT NULL,
  grant_id bigint NOT NULL,
  member_id bigint NOT NULL,
  cash_minor bigint NOT NULL CHECK (cash_minor >= 0),
  bonus_minor bigint NOT NULL CHECK (bonus_minor >= 0),
  weighted_minor bigint NOT NULL CHECK (weighted_minor >= 0),
  status text NOT NULL DEFAULT 'PLACED' CHECK (status IN ('PLACED', 'ROLLED_BACK')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, vendor_code, transaction_id),
  FOREIGN KEY (merchant_id, grant_id) REFERENCES bonus_grants (merchant_id, id)
);
CREATE INDEX bonus_stakes_grant_idx ON bonus_stakes (merchant_id, grant_id);
CREATE INDEX bonus_stakes_round_idx ON bonus_stakes (merchant_id, vendor_code, round_id);

-- The bonus-funded part of each round's stake (seamless wallet), for play statistics' bonus_stake and own-money
-- valid bet (DESIGN.md §11).
ALTER TABLE game_rounds ADD COLUMN bonus_bet_minor bigint NOT NULL DEFAULT 0;
