-- Read-only views the seamless wallet publishes (DESIGN.md §2, docs/architecture.md "Read-only views"): others select
-- from them, never write them (rounds pulled from transfer vendors are written through the module's index.ts). Each
-- is one table under its own column names, so the planner inlines it and a reader's query runs on its indexes.

-- The views these replace; a view whose columns change is dropped first (CREATE OR REPLACE cannot drop or reorder).
DROP VIEW IF EXISTS game_round_records, game_round_facts, vendor_call_records;

-- Every game round, from either wallet protocol: its member, vendor, game, money totals (turnover: bets not rolled
-- back), status and times (the betting record and the reports), and the part of the stake paid with bonus money.
CREATE OR REPLACE VIEW game_round_facts AS
SELECT merchant_id, vendor_code, round_id, member_id, game_code, currency, play, bet_minor, win_minor,
  valid_bet_minor, status, started_at, settled_at, bonus_bet_minor
FROM game_rounds;

-- Every seamless call of a round (bet, win, rollback, round end, and a rollback's tombstone) with its amount and state.
CREATE OR REPLACE VIEW vendor_call_facts AS
SELECT merchant_id, vendor_code, round_id, member_id, transaction_id, kind, amount_minor, status, created_at
FROM vendor_transactions;
