-- The lottery back office (issue 23; ADR 0048): versioned odds tables, payout caps edited by staff, the VN station of
-- each issue, and a log of every staff action on the lottery.

-- Odds tables published by staff. The catalogue's table (game-math) is version 0..n of its id; a published row wins
-- over it for new bets from published_at on. A bet keeps the odds it was priced with (lottery_bets.odds, odds_version).
CREATE TABLE lottery_odds_versions (
  lottery_code text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  odds_id text NOT NULL,
  odds jsonb NOT NULL,
  published_at timestamptz NOT NULL,
  published_by text NOT NULL,
  note text,
  PRIMARY KEY (lottery_code, version)
);

-- Payout caps set by staff (null: the catalogue's). Read when an issue settles.
ALTER TABLE lottery_settings ADD COLUMN max_win_per_bet_minor bigint CHECK (max_win_per_bet_minor > 0);
ALTER TABLE lottery_settings ADD COLUMN max_win_per_issue_minor bigint CHECK (max_win_per_issue_minor > 0);
ALTER TABLE lottery_settings ADD COLUMN suspend_reason text;
ALTER TABLE lottery_settings ADD COLUMN updated_by text;

-- The province a Vietnamese regional draw is held for that day (stations rotate by weekday; null elsewhere).
ALTER TABLE lottery_issues ADD COLUMN station text;

-- Every staff action on the lottery, as the RGS saw it: who (operator and the staff member it named), what, on which
-- lottery or issue, and the detail.
CREATE TABLE lottery_admin_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator text NOT NULL,
  staff text NOT NULL,
  action text NOT NULL,
  lottery_code text NOT NULL,
  issue_no text,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX lottery_admin_log_by_lottery ON lottery_admin_log (lottery_code, created_at DESC);
