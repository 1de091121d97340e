-- The team's promotion costs per business day (issue 19, ADR 0049): what the members of each agent's team received in
-- cash from promotions, as bonuses and as rebates, so a dividend can deduct them (domain-rules §3.4).

-- agent-team's day rollups carry them beside deposits and withdrawals; rows seeded without them (bench/agent-reports,
-- bench/agent-settlement) read 0.
ALTER TABLE agent_team_days
  ADD COLUMN bonus_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN rebate_minor bigint NOT NULL DEFAULT 0;

-- Their contributions are kept per ledger transfer like orders: B a bonus, R a rebate (source_id: the transfer id).
ALTER TABLE agent_team_facts DROP CONSTRAINT agent_team_facts_kind_check;
ALTER TABLE agent_team_facts
  ADD CONSTRAINT agent_team_facts_kind_check CHECK (kind IN ('M', 'D', 'W', 'F', 'B', 'R'));

-- The ledger's view ledger_promotion_cash (money/ledger/sql/ledger-views.sql) is read by creation time, merchant by
-- merchant, every 15 seconds: a partial index holds only the few transfers it can name (promotion payments and
-- corrections), not the bets and wins.
CREATE INDEX ledger_transfers_promotion_idx ON ledger_transfers (merchant_id, created_at)
  WHERE code IN ('BONUS', 'REBATE', 'CORRECTION');

-- What a dividend window counted of its team's promotion cash, so that cash taken in after the window was counted is
-- corrected in the next window like late play (NULL: counted before these were kept; nothing is corrected for them).
ALTER TABLE agent_contract_windows
  ADD COLUMN team_bonus_minor bigint,
  ADD COLUMN team_rebate_minor bigint;
