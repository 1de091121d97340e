-- The seamless module's published facts (docs/architecture.md "Read-only views"): each game round's member, vendor,
-- start, turnover (bets not rolled back) and win, for the back office's reports. Read-only for every other module;
-- columns are only ever added.
CREATE OR REPLACE VIEW game_round_facts AS
SELECT merchant_id, member_id, vendor_code, started_at, play, valid_bet_minor, win_minor
FROM game_rounds;
