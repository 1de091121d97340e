-- VIP levels (issue 20; spec §2 avatar VIP label, §3 public state hasVip, vipLabelName, vipRankLevel; DESIGN.md §13;
-- ADR 0035). Module engagement/vip. A member's level follows its own-money valid bet over a rolling window, read from
-- play statistics by the `vip.evaluate` job: up at once, down only after a grace period.

-- A merchant's levels: level 0 is the level of every member without a row in vip_members (no VIP label).
CREATE TABLE vip_levels (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  level smallint NOT NULL CHECK (level BETWEEN 0 AND 30),
  -- Per language code: { "EN": "Gold", "TY": "Ginto" }; the label is the avatar's short badge (e.g. "VIP2").
  name jsonb NOT NULL,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 12),
  -- Valid bet over the window that reaches the level (level 0: 0).
  min_valid_bet_minor bigint NOT NULL DEFAULT 0 CHECK (min_valid_bet_minor >= 0),
  -- Paid once per member and level in its lifetime, into the reward centre (vip_members.highest_rewarded).
  upgrade_bonus_minor bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus_minor >= 0),
  -- Rebate rates in basis points of valid bet by game type ({ "RNG": 80 }); at most the game type's house edge.
  rebate_rates jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (merchant_id, level),
  CHECK (level > 0 OR min_valid_bet_minor = 0)
);

-- Each member's level as the job last decided it, with the figures it decided on.
CREATE TABLE vip_members (
  merchant_id integer NOT NULL,
  member_id bigint NOT NULL,
  level smallint NOT NULL DEFAULT 0,
  level_since timestamptz NOT NULL,
  -- The highest level whose upgrade bonus was offered: a downgrade and a new upgrade do not pay it twice.
  highest_rewarded smallint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  evaluated_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, member_id)
);
