-- Read-only views identity publishes for the money modules (DESIGN.md §2, docs/architecture.md "Read-only views"):
-- others select from them, never write them. A simple view is inlined by the planner, so a reader's query runs on
-- members' own indexes (the seamless debit reads it on every bet). Keep the columns to what readers need.

-- Each member's name, type, upline and status: the seamless wallet's "a locked member places no bet", the agent
-- tree's downline walk, the transfer wallet's order list and the winner board's name.
CREATE OR REPLACE VIEW member_standing AS
  SELECT m.merchant_id, m.id, m.username, m.user_type, m.parent_id, m.status
  FROM members m;
