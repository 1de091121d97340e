-- agent-team's read-only view (docs/architecture.md "Read-only views"): each agent's team figures per business day,
-- as the rollups keep them (ADR 0028). Contract settlement counts a whole day window in one statement over it
-- (ADR 0038); a view is inlined into the reader's query, so its filters reach agent_team_days' primary key. A dividend
-- deducts the team's promotion cash of its days, bonuses and rebates, as the merchant's policy says (ADR 0049).
CREATE OR REPLACE VIEW agent_team_day_facts AS
SELECT merchant_id, agent_id, business_day, rounds, valid_bet_minor, profit_minor, active_members, bonus_minor,
  rebate_minor
FROM agent_team_days;
