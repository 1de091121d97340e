-- Promotions (issue 20, spec §1, §4 activity statuses; DESIGN.md §13). A promotion describes a reward and who may have
-- it; a claim is one member's taking of it, paid as a bonus-wallet grant under the claim's key. Module
-- engagement/promotions.
CREATE TABLE promotions (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  kind text NOT NULL CHECK (kind IN ('FIRST_DEPOSIT', 'RELOAD', 'FREE', 'CASHBACK', 'APPLICATION')),
  -- Per language code: { "EN": "...", "TY": "..." }; a language not listed falls back to the merchant's default.
  title jsonb NOT NULL,
  terms jsonb NOT NULL DEFAULT '{}'::jsonb,
  banner_url text,
  audience text NOT NULL DEFAULT 'EVERYONE' CHECK (audience IN ('EVERYONE', 'NEW_MEMBERS', 'VIP_LEVELS', 'AGENT_TEAM')),
  audience_levels integer[] NOT NULL DEFAULT '{}',
  audience_agent_id bigint,
  -- NEW_MEMBERS: signed up at most this many days before the claim.
  new_member_days integer NOT NULL DEFAULT 7 CHECK (new_member_days BETWEEN 1 AND 365),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('DRAFT', 'ACTIVE', 'STOPPED')),
  per_member_limit integer NOT NULL DEFAULT 1 CHECK (per_member_limit BETWEEN 1 AND 1000),
  total_limit integer CHECK (total_limit > 0),
  claimed_count integer NOT NULL DEFAULT 0,
  -- The reward: a fixed amount (FREE) or a share of the deposit in basis points up to a maximum (deposit bonuses).
  bonus_fixed_minor bigint NOT NULL DEFAULT 0 CHECK (bonus_fixed_minor >= 0),
  bonus_percent_bp integer NOT NULL DEFAULT 0 CHECK (bonus_percent_bp BETWEEN 0 AND 100000),
  bonus_max_minor bigint CHECK (bonus_max_minor > 0),
  min_deposit_minor bigint NOT NULL DEFAULT 0,
  -- The wagering terms the grant carries (bonus_grants).
  turnover_multiple integer NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 200),
  turnover_base text NOT NULL DEFAULT 'BONUS' CHECK (turnover_base IN ('BONUS', 'DEPOSIT_AND_BONUS')),
  weights jsonb NOT NULL DEFAULT '{}'::jsonb,
  default_weight integer NOT NULL DEFAULT 100 CHECK (default_weight BETWEEN 0 AND 100),
  max_bet_minor bigint CHECK (max_bet_minor > 0),
  max_conversion_minor bigint CHECK (max_conversion_minor >= 0),
  expiry_hours integer NOT NULL DEFAULT 168 CHECK (expiry_hours BETWEEN 1 AND 8760),
  on_withdraw text NOT NULL DEFAULT 'FORFEIT' CHECK (on_withdraw IN ('FORFEIT', 'REFUSE')),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, id)
);
CREATE INDEX promotions_live_idx ON promotions (merchant_id, sort, id) WHERE status = 'ACTIVE';

-- One member's claims of a promotion: `seq` counts them (1 .. per_member_limit), so a claim's business key is
-- (promotion, member, seq) and a retry or a race cannot pay twice.
CREATE TABLE promotion_claims (
  merchant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  promotion_id bigint NOT NULL,
  member_id bigint NOT NULL,
  seq integer NOT NULL CHECK (seq >= 1),
  status text NOT NULL CHECK (status IN ('CLAIMED', 'APPLYING', 'REJECTED', 'ISSUED')),
  amount_minor bigint NOT NULL DEFAULT 0,
  grant_id bigint,
  -- What the claim came from (a deposit's order number): one claim per source, however often its credit runs.
  source_ref text,
  -- An application's comment (spec §9: at most 140 characters), and the staff decision on it.
  comment text CHECK (length(comment) <= 140),
  decided_by bigint,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, promotion_id, member_id, seq),
  FOREIGN KEY (merchant_id, promotion_id) REFERENCES promotions (merchant_id, id)
);
CREATE UNIQUE INDEX promotion_claims_source_idx ON promotion_claims (merchant_id, source_ref) WHERE source_ref IS NOT NULL;
CREATE INDEX promotion_claims_member_idx ON promotion_claims (merchant_id, member_id, promotion_id);
CREATE INDEX promotion_claims_applying_idx ON promotion_claims (merchant_id, created_at) WHERE status = 'APPLYING';

-- An application's images (spec §9: at most 3, PNG or JPG by content, 5 MB each), for staff to review.
CREATE TABLE promotion_claim_images (
  merchant_id integer NOT NULL,
  claim_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) <= 5242880),
  PRIMARY KEY (merchant_id, claim_id, position),
  FOREIGN KEY (merchant_id, claim_id) REFERENCES promotion_claims (merchant_id, id)
);

-- The deposit bonus the member opted into on the deposit form (spec §2 depositv2), paid when the deposit is credited.
ALTER TABLE deposit_orders ADD COLUMN promotion_id bigint;
