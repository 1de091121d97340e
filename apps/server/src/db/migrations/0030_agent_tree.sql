-- The agent tree and team rollups (issue 18, DESIGN.md §12, ADR 0029).

-- The agent tree as a closure table (identity): one row per (ancestor, descendant) pair of a merchant's members, the
-- member itself at depth 0, its upline at depth 1 and so on. It mirrors members.parent_id: the trigger below keeps it
-- when a member is created or its upline changes (its function lives in modules/identity/identity/sql/member-tree.sql).
-- An agent's team is every row under ancestor_id = the agent; a member's uplines are the rows under descendant_id.
CREATE TABLE member_tree (
  merchant_id integer NOT NULL,
  ancestor_id bigint NOT NULL,
  descendant_id bigint NOT NULL,
  depth integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (merchant_id, ancestor_id, descendant_id),
  FOREIGN KEY (merchant_id, ancestor_id) REFERENCES members (merchant_id, id),
  FOREIGN KEY (merchant_id, descendant_id) REFERENCES members (merchant_id, id),
  CHECK ((depth = 0) = (ancestor_id = descendant_id))
);
CREATE INDEX member_tree_descendant_idx ON member_tree (merchant_id, descendant_id);

-- A first version: member-tree.sql, applied after the migrations in the same run, replaces it before any row can fire it.
CREATE FUNCTION member_tree_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_tree_link is defined by identity/sql/member-tree.sql';
END $$;
CREATE TRIGGER members_tree_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_link();
CREATE TRIGGER members_tree_move AFTER UPDATE OF parent_id ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_link();

-- Every existing member: itself and each upline up its parent_id chain.
INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
WITH RECURSIVE up AS (
  SELECT merchant_id, id AS ancestor_id, id AS descendant_id, 0 AS depth, parent_id AS next_id
  FROM members
  UNION ALL
  SELECT u.merchant_id, m.id, u.descendant_id, u.depth + 1, m.parent_id
  FROM up u
  JOIN members m ON m.merchant_id = u.merchant_id AND m.id = u.next_id
  WHERE u.depth < 10000
)
SELECT merchant_id, ancestor_id, descendant_id, depth FROM up;

-- Team rollups (agent-team): per (merchant, agent, business day in the merchant's time zone) the figures of the agent's
-- team (the agent and every descendant), each delta added to the uplines the tree names when it is taken in. Play
-- figures are sums of play_stat_changes; members, first deposits, deposits and withdrawals are counted on the day the
-- member or order was created. active_members counts distinct team members with a counting round that day.
CREATE TABLE agent_team_days (
  merchant_id integer NOT NULL,
  agent_id bigint NOT NULL,
  business_day date NOT NULL,
  rounds bigint NOT NULL DEFAULT 0,
  stake_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  profit_minor bigint NOT NULL DEFAULT 0,
  bonus_stake_minor bigint NOT NULL DEFAULT 0,
  active_members integer NOT NULL DEFAULT 0,
  new_members integer NOT NULL DEFAULT 0,
  first_deposits integer NOT NULL DEFAULT 0,
  first_deposit_minor bigint NOT NULL DEFAULT 0,
  deposit_count integer NOT NULL DEFAULT 0,
  deposit_minor bigint NOT NULL DEFAULT 0,
  withdraw_count integer NOT NULL DEFAULT 0,
  withdraw_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, agent_id, business_day)
);

-- Distinct active team members per week (starting Monday) and per calendar month: distinct counts do not add up from
-- days, so each period keeps its own.
CREATE TABLE agent_team_periods (
  merchant_id integer NOT NULL,
  agent_id bigint NOT NULL,
  period text NOT NULL CHECK (period IN ('WEEK', 'MONTH')),
  starts_on date NOT NULL,
  active_members integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, agent_id, period, starts_on)
);

-- Each member's counting rounds per day, week and month: a member turns active in a period when its count leaves
-- zero and inactive when it returns to zero (a voided round), which moves the uplines' active counts by one.
CREATE TABLE agent_team_member_periods (
  merchant_id integer NOT NULL,
  member_id bigint NOT NULL,
  period text NOT NULL CHECK (period IN ('DAY', 'WEEK', 'MONTH')),
  starts_on date NOT NULL,
  rounds bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, member_id, period, starts_on)
);

-- What each counting member sign-up (kind M), successful deposit order (D), paid withdrawal order (W) and member's
-- first deposit (F, keyed by the member) contributed, keyed by its source (the idempotency key): a source taken in
-- again adds only the difference, and one that stops counting (a rejected order) takes its contribution back.
CREATE TABLE agent_team_facts (
  merchant_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('M', 'D', 'W', 'F')),
  source_id bigint NOT NULL,
  member_id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  business_day date NOT NULL,
  amount_minor bigint NOT NULL,
  PRIMARY KEY (merchant_id, kind, source_id)
);
CREATE INDEX agent_team_facts_created_idx ON agent_team_facts (kind, created_at);

-- The play take-in's cursor: the last play_stat_changes seq taken in (one row).
CREATE TABLE agent_team_cursor (
  id smallint PRIMARY KEY CHECK (id = 1),
  play_seq bigint NOT NULL DEFAULT 0
);
INSERT INTO agent_team_cursor (id) VALUES (1);
