-- The bets module's published facts (docs/architecture.md "Read-only views"): the winner board's wins, named by the
-- member's username at the time of the win, for the content module's board. Read-only for every other module; columns
-- are only ever added.
CREATE OR REPLACE VIEW game_win_facts AS
SELECT merchant_id, id AS win_id, game_id, customer_name, win_minor, currency
FROM game_wins;
