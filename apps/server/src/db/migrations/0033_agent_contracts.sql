-- Agent contracts (issue 19, DESIGN.md §12, ADR 0030): the merchant's policy per contract type, versioned contracts
-- offered by an upline (or the merchant) to a direct downline agent, their events (each party's notices), settlement
-- windows per (agent, type, window) and the runs that count them. Owned by modules/agents/agent-contract.

CREATE TABLE agent_contract_policies (
  merchant_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY')),
  enabled boolean NOT NULL,
  top_rate_bps integer NOT NULL CHECK (top_rate_bps BETWEEN 0 AND 10000),
  max_tiers smallint NOT NULL CHECK (max_tiers BETWEEN 1 AND 10),
  max_tier_valid_bet_minor bigint NOT NULL CHECK (max_tier_valid_bet_minor >= 0),
  max_tier_active_members integer NOT NULL CHECK (max_tier_active_members >= 0),
  min_active_members integer NOT NULL CHECK (min_active_members >= 0),
  downline_may_offer boolean NOT NULL,
  -- Dividend only: the period, the deductions ({bonuses, rebates, salaries, feeBps}) and the carry-forward policy.
  dividend_period text CHECK (dividend_period IN ('DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY')),
  deductions jsonb,
  carry_forward text CHECK (carry_forward IN ('NONE', 'CARRY', 'CARRY_WITHIN_MONTH')),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, type)
);

-- A contract is a version: (holder, type, version) is unique; at most one ACTIVE and one OFFERED per holder and type.
-- offered_by_id NULL: offered by the merchant (a top-level agent's contract). tiers: [{minValidBetMinor,
-- minActiveMembers, rateBps}] ordered.
CREATE TABLE agent_contracts (
  merchant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  type text NOT NULL,
  version integer NOT NULL,
  holder_id bigint NOT NULL,
  offered_by_id bigint,
  status text NOT NULL CHECK (status IN ('OFFERED', 'ACTIVE', 'REJECTED', 'WITHDRAWN', 'TERMINATED', 'REPLACED')),
  tiers jsonb NOT NULL,
  dividend_period text,
  offered_at timestamptz NOT NULL,
  accepted_at timestamptz,
  ended_at timestamptz,
  end_reason text,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, holder_id, type, version)
);
CREATE UNIQUE INDEX agent_contracts_one_active ON agent_contracts (merchant_id, holder_id, type)
  WHERE status = 'ACTIVE';
CREATE UNIQUE INDEX agent_contracts_one_offer ON agent_contracts (merchant_id, holder_id, type)
  WHERE status = 'OFFERED';
CREATE INDEX agent_contracts_offered_by ON agent_contracts (merchant_id, offered_by_id, id DESC);
CREATE INDEX agent_contracts_type_status ON agent_contracts (merchant_id, type, status);

-- Each transition, once per party told (recipient NULL: the merchant). A notice inbox until messages exist.
CREATE TABLE agent_contract_events (
  merchant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  contract_id bigint NOT NULL,
  kind text NOT NULL,
  recipient_id bigint,
  actor text NOT NULL,
  at timestamptz NOT NULL,
  note text,
  PRIMARY KEY (merchant_id, id)
);
CREATE INDEX agent_contract_events_contract ON agent_contract_events (merchant_id, contract_id, id);
CREATE INDEX agent_contract_events_recipient ON agent_contract_events (merchant_id, recipient_id, id DESC);

-- One row per (merchant, type, window) once the window is counted: the exactly-once claim of the count. Payment of
-- each agent's window follows, idempotent by the ledger key (type, agent, window start).
CREATE TABLE agent_contract_runs (
  merchant_id integer NOT NULL,
  type text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  agents integer NOT NULL,
  counted_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, type, window_start)
);

-- Each contract holder's settlement of a window (the record pages and the settlement board).
CREATE TABLE agent_contract_windows (
  merchant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  agent_id bigint NOT NULL,
  type text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  contract_id bigint NOT NULL,
  parent_agent_id bigint,
  team_valid_bet_minor bigint NOT NULL,
  team_profit_minor bigint NOT NULL,
  active_members integer NOT NULL,
  deductions_minor bigint NOT NULL,
  carried_in_minor bigint NOT NULL,
  correction_minor bigint NOT NULL,
  team_base_minor bigint NOT NULL,
  rate_bps integer NOT NULL,
  gross_minor bigint NOT NULL,
  downline_minor bigint NOT NULL,
  accrued_in_minor bigint NOT NULL,
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  carry_out_minor bigint NOT NULL CHECK (carry_out_minor <= 0),
  status text NOT NULL CHECK (status IN ('COUNTED', 'PAID', 'HELD', 'CARRIED', 'NOTHING', 'FAILED')),
  failure text,
  attempts integer NOT NULL DEFAULT 0,
  settled_at timestamptz NOT NULL,
  paid_at timestamptz,
  transfer_id bigint,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, agent_id, type, window_start)
);
CREATE INDEX agent_contract_windows_day ON agent_contract_windows (merchant_id, type, first_day DESC);
CREATE INDEX agent_contract_windows_unpaid ON agent_contract_windows (merchant_id, status)
  WHERE status IN ('COUNTED', 'FAILED');

-- Hourly and real-time salaries count play in 5-minute slots by settlement time, per member, taken in from play
-- statistics' journal (play_stat_changes) by a cursor. A change whose slot is already sealed (its window counted)
-- lands in the first open slot: a late or resettled round is counted in the next window, never in a closed one.
CREATE TABLE agent_contract_slots (
  merchant_id integer NOT NULL,
  slot_start timestamptz NOT NULL,
  member_id bigint NOT NULL,
  rounds bigint NOT NULL,
  valid_bet_minor bigint NOT NULL,
  profit_minor bigint NOT NULL,
  PRIMARY KEY (merchant_id, slot_start, member_id)
);

CREATE TABLE agent_contract_cursor (
  id smallint PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL
);
INSERT INTO agent_contract_cursor (id, seq) VALUES (1, 0);

-- Per merchant: slots before sealed_until are closed.
CREATE TABLE agent_contract_seals (
  merchant_id integer PRIMARY KEY,
  sealed_until timestamptz NOT NULL
);
