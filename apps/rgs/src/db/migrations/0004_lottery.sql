-- The lottery gateway (issue 23; ADR 0033): scheduled issues drawn from hash chains published in advance, bets and
-- chases. Every lottery bet is a round of family 'lottery' (rounds + platform_calls), so its stake, win and refund
-- move through the seamless protocol (or the RGS-held wallet in transfer mode) exactly like the other games.

ALTER TABLE rounds DROP CONSTRAINT rounds_family_check;
ALTER TABLE rounds ADD CONSTRAINT rounds_family_check
  CHECK (family IN ('slot', 'dice', 'mines', 'plinko', 'crash', 'lottery'));
-- Lottery rounds, like crash rounds, take no player seed: their outcome is the issue's draw.
ALTER TABLE rounds DROP CONSTRAINT rounds_check2;
ALTER TABLE rounds ADD CONSTRAINT rounds_seeded_check
  CHECK (family IN ('crash', 'lottery') OR seed_id IS NOT NULL OR state IN ('DEBITING', 'REFUSED', 'CANCELLED'));

-- One hash chain per lottery and business day: chain[0] = seed (secret), chain[i] = sha256(chain[i-1]);
-- terminating_hash = chain[length-1] is published when the day is scheduled, before its first window opens.
-- Issue k of the day uses chain[length-1-k].
CREATE TABLE lottery_chains (
  lottery_code text NOT NULL,
  business_day date NOT NULL,
  seed text NOT NULL,
  length integer NOT NULL CHECK (length >= 2),
  terminating_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (lottery_code, business_day)
);

-- Issues: SCHEDULED → OPEN (opens_at) → CLOSED (closes_at) → DRAWN (draw_at: seed revealed, numbers) → SETTLED (every
-- bet paid or closed), or CANCELLED (every bet refunded). Each transition is a conditional UPDATE on state, so it happens
-- once whichever process gets there first. commitment = sha256(seed), published with the schedule.
CREATE TABLE lottery_issues (
  lottery_code text NOT NULL,
  issue_no text NOT NULL,
  business_day date NOT NULL,
  seq integer NOT NULL CHECK (seq >= 1),
  commitment text NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  draw_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('SCHEDULED', 'OPEN', 'CLOSED', 'DRAWN', 'SETTLED', 'CANCELLED')),
  seed text,
  numbers integer[],
  drawn_at timestamptz,
  settled_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  PRIMARY KEY (lottery_code, issue_no),
  UNIQUE (lottery_code, business_day, seq),
  FOREIGN KEY (lottery_code, business_day) REFERENCES lottery_chains (lottery_code, business_day),
  CHECK (closes_at <= draw_at AND opens_at < closes_at),
  CHECK ((state IN ('DRAWN', 'SETTLED')) = (numbers IS NOT NULL))
);
-- The stage runner looks for the next due issues of each state; menus and results read a lottery's recent issues.
CREATE INDEX lottery_issues_due ON lottery_issues (state, draw_at) WHERE state NOT IN ('SETTLED', 'CANCELLED');
CREATE INDEX lottery_issues_by_draw ON lottery_issues (lottery_code, draw_at DESC);

-- Back-office switches per lottery (suspended: no new bets, issues still drawn and settled).
CREATE TABLE lottery_settings (
  lottery_code text PRIMARY KEY,
  suspended boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL
);

-- Chases: one pick over N consecutive issues, every issue's bet paid when the chase is placed. ACTIVE until its last
-- issue settles (FINISHED), a win stops it (WON_STOPPED, the rest refunded) or the player cancels the rest (CANCELLED).
CREATE TABLE lottery_chases (
  id text PRIMARY KEY,
  operator text NOT NULL,
  player_id text NOT NULL,
  lottery_code text NOT NULL,
  win_stop boolean NOT NULL,
  issues integer NOT NULL CHECK (issues >= 1),
  state text NOT NULL CHECK (state IN ('ACTIVE', 'FINISHED', 'WON_STOPPED', 'CANCELLED')),
  created_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX lottery_chases_by_player ON lottery_chases (operator, player_id, created_at DESC);

-- Bets: one row per round. The pick, units and the odds the bet was priced with are stored with it, so a later odds
-- change never reprices it. PLACED → SETTLED (win_minor, after caps), or PLACED → REFUNDING → REFUNDED (issue
-- cancelled, player cancel, chase stopped): the refund is the round's rollback, sent before REFUNDED is written.
CREATE TABLE lottery_bets (
  round_id text PRIMARY KEY REFERENCES rounds (id),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  operator text NOT NULL,
  player_id text NOT NULL,
  currency text NOT NULL,
  lottery_code text NOT NULL,
  issue_no text NOT NULL,
  method text NOT NULL,
  picks jsonb NOT NULL,
  unit_minor bigint NOT NULL CHECK (unit_minor > 0),
  multiple integer NOT NULL CHECK (multiple >= 1),
  ticket_count integer NOT NULL CHECK (ticket_count >= 1),
  cost_minor bigint NOT NULL CHECK (cost_minor > 0),
  odds_id text NOT NULL,
  odds_version integer NOT NULL,
  odds jsonb NOT NULL,
  chase_id text REFERENCES lottery_chases (id),
  state text NOT NULL CHECK (state IN ('PLACED', 'SETTLED', 'REFUNDING', 'REFUNDED')),
  hits jsonb,
  win_minor bigint CHECK (win_minor >= 0),
  capped_from_minor bigint,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  FOREIGN KEY (lottery_code, issue_no) REFERENCES lottery_issues (lottery_code, issue_no)
);
CREATE INDEX lottery_bets_open ON lottery_bets (lottery_code, issue_no, seq) WHERE state = 'PLACED';
CREATE INDEX lottery_bets_refunding ON lottery_bets (seq) WHERE state = 'REFUNDING';
CREATE INDEX lottery_bets_by_issue_player ON lottery_bets (lottery_code, issue_no, operator, player_id);
CREATE INDEX lottery_bets_by_player ON lottery_bets (operator, player_id, seq DESC);
CREATE INDEX lottery_bets_by_chase ON lottery_bets (chase_id, issue_no) WHERE chase_id IS NOT NULL;
