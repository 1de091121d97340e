-- Read-only views the seamless wallet publishes (DESIGN.md §2, docs/architecture.md "Read-only views"): others select
-- from them, never write them (rounds pulled from transfer vendors are written through the module's index.ts).

-- Every game round, from either wallet protocol: its member, game, money totals, status and times.
CREATE OR REPLACE VIEW game_round_records AS
  SELECT r.merchant_id, r.vendor_code, r.round_id, r.member_id, r.game_code, r.currency, r.play, r.bet_minor,
    r.win_minor, r.valid_bet_minor, r.status, r.started_at, r.settled_at
  FROM game_rounds r;

-- Every seamless call of a round (bet, win, rollback, round end, and a rollback's tombstone) with its amount and state.
CREATE OR REPLACE VIEW vendor_call_records AS
  SELECT t.merchant_id, t.vendor_code, t.round_id, t.member_id, t.transaction_id, t.kind, t.amount_minor, t.status,
    t.created_at
  FROM vendor_transactions t;
