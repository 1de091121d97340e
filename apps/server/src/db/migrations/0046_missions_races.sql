-- Missions and races (issue 21; spec §2 member centre missionLeaderboard, §7 mission summary and leaderboard, rank
-- list; domain-rules §4.5; ADR 0044). Module engagement/missions. Progress is never stored for play: it is read from
-- play statistics over the mission's window (business days in the merchant's time zone); what play statistics do not
-- hold (deposits, withdrawals, qualified friends) is kept in mission_events, one row per source event. A completed
-- mission is offered in the reward centre under `mission:<id>:<period>:<member>`, a race's prize under
-- `race:<id>:<rank>`: each pays once however often it is offered.
CREATE TABLE missions (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- DAILY and WEEKLY reset at the merchant's midnight (weeks start on Monday); ONCE runs from starts_on to ends_on.
  cadence text NOT NULL CHECK (cadence IN ('DAILY', 'WEEKLY', 'ONCE')),
  metric text NOT NULL CHECK (
    metric IN ('VALID_BET', 'ROUNDS', 'DEPOSIT', 'LOGIN_STREAK', 'FIRST_WITHDRAWAL', 'FRIENDS_INVITED')
  ),
  -- VALID_BET and ROUNDS only: the game type counted (null: every game type).
  game_type text,
  -- Minor units for VALID_BET and DEPOSIT; a count for the others (rounds, days, withdrawals, friends).
  target bigint NOT NULL CHECK (target > 0),
  reward_minor bigint NOT NULL CHECK (reward_minor > 0),
  pay_as text NOT NULL DEFAULT 'CASH' CHECK (pay_as IN ('CASH', 'BONUS')),
  turnover_multiple integer NOT NULL DEFAULT 0 CHECK (turnover_multiple BETWEEN 0 AND 200),
  starts_on date NOT NULL,
  ends_on date,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PAUSED')),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, id),
  CHECK (ends_on IS NULL OR ends_on >= starts_on)
);

-- Events from the bus that count towards missions, each once by its source reference (an order number, a referee).
CREATE TABLE mission_events (
  merchant_id integer NOT NULL,
  metric text NOT NULL CHECK (metric IN ('DEPOSIT', 'WITHDRAWAL', 'FRIEND')),
  ref text NOT NULL CHECK (length(ref) BETWEEN 1 AND 100),
  member_id bigint NOT NULL,
  business_day date NOT NULL,
  amount_minor bigint NOT NULL DEFAULT 0,
  occurred_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, metric, ref)
);
CREATE INDEX mission_events_member_idx ON mission_events (merchant_id, member_id, metric, business_day);

-- Races: ranked by valid bet or by the best multiplier of one round (payout ÷ stake, stakes of at least min_stake),
-- over [starts_at, ends_at) by the rounds' settlement time. prizes: the prize of rank 1, 2, … in minor units.
CREATE TABLE races (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  metric text NOT NULL CHECK (metric IN ('VALID_BET', 'MULTIPLIER')),
  game_type text,
  min_stake_minor bigint NOT NULL DEFAULT 0 CHECK (min_stake_minor >= 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  prizes jsonb NOT NULL,
  pay_as text NOT NULL DEFAULT 'CASH' CHECK (pay_as IN ('CASH', 'BONUS')),
  turnover_multiple integer NOT NULL DEFAULT 0 CHECK (turnover_multiple BETWEEN 0 AND 200),
  created_at timestamptz NOT NULL,
  -- Set once by the `races.settle` job in the transaction that wrote the results.
  settled_at timestamptz,
  PRIMARY KEY (merchant_id, id),
  CHECK (ends_at > starts_at)
);
CREATE INDEX races_unsettled_idx ON races (ends_at) WHERE settled_at IS NULL;

-- The final standings of a settled race: one row per paid rank.
CREATE TABLE race_results (
  merchant_id integer NOT NULL,
  race_id bigint NOT NULL,
  rank integer NOT NULL CHECK (rank > 0),
  member_id bigint NOT NULL,
  score bigint NOT NULL,
  prize_minor bigint NOT NULL,
  reward_id bigint,
  PRIMARY KEY (merchant_id, race_id, rank),
  FOREIGN KEY (merchant_id, race_id) REFERENCES races (merchant_id, id)
);

-- Races read the play-statistics journal by settlement time (play-stats' rankings, read through its index).
CREATE INDEX play_stat_rounds_settled_idx ON play_stat_rounds (merchant_id, settled_at);
