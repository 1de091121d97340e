-- Play statistics' views for other modules (docs/architecture.md "Read-only views").

-- Every change to play_stat_days, one row per round and change, in commit order by seq (the take-in is serialised
-- on its watermark row, so a reader that has seen seq N has seen every row below it). Consumers that keep their own
-- rollups (the agents' team figures) follow it with a cursor instead of rescanning days. settled_at: the settlement that
-- caused the change (agent contracts count hourly and real-time salaries by it).
CREATE OR REPLACE VIEW play_stat_changes AS
SELECT seq, merchant_id, member_id, business_day, vendor_code, game_type, rounds, stake_minor,
  valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor, settled_at
FROM play_stat_rounds;
