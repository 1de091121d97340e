-- Play statistics (issue 18, DESIGN.md §11, ADR 0028): rollups of settled rounds per merchant, member, business day in
-- the merchant's time zone, vendor and game type, kept by the play-stats module's job from the seamless module's
-- game_round_facts view. The take-in function lives in modules/games/play-stats/sql.

-- One row per (merchant, member, business day, vendor, game type): sums of the contributions of the rounds settled
-- that day (the contracts' playContribution). Amounts in minor units; profit is the member's (payout - stake).
CREATE TABLE play_stat_days (
  merchant_id integer NOT NULL,
  member_id bigint NOT NULL,
  business_day date NOT NULL,
  vendor_code text NOT NULL,
  game_type text NOT NULL,
  rounds bigint NOT NULL DEFAULT 0,
  stake_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  profit_minor bigint NOT NULL DEFAULT 0,
  bonus_stake_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, member_id, business_day, vendor_code, game_type)
);
-- A member's period (member centre personalProfit) is a range over the primary key; reports by day read this one.
CREATE INDEX play_stat_days_by_day ON play_stat_days (merchant_id, business_day);

-- What each round contributed, keyed by the round (the idempotency key): a round taken in again replaces its earlier
-- contribution instead of adding to it, and a resettled round moves to its new settlement day.
CREATE TABLE play_stat_rounds (
  merchant_id integer NOT NULL,
  vendor_code text NOT NULL,
  round_id text NOT NULL,
  member_id bigint NOT NULL,
  business_day date NOT NULL,
  game_type text NOT NULL,
  settled_at timestamptz NOT NULL,
  rounds smallint NOT NULL,
  stake_minor bigint NOT NULL,
  valid_bet_minor bigint NOT NULL,
  payout_minor bigint NOT NULL,
  profit_minor bigint NOT NULL,
  bonus_stake_minor bigint NOT NULL,
  PRIMARY KEY (merchant_id, vendor_code, round_id)
);

-- The take-in's watermark: the latest settlement time it has taken in (one row). Each run rescans a short overlap
-- before it, so a round whose transaction committed late, with an earlier settlement time, is not missed.
CREATE TABLE play_stat_cursor (
  id smallint PRIMARY KEY CHECK (id = 1),
  settled_through timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO play_stat_cursor (id) VALUES (1);
