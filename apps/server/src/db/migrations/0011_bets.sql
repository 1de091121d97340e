-- Betting record and winner board (issue 6). The betting record reads game_rounds and vendor_transactions (0010)
-- through their existing indexes (game_rounds_by_member, vendor_transactions_by_round); nothing to add for it.

-- The winner board is fed by settled rounds: a win row remembers its round, so a round reported twice (a repeated
-- event, a jackpot credit after the spin) keeps one row with its largest win. Demo rows have no round.
ALTER TABLE game_wins
  ADD COLUMN vendor_code text,
  ADD COLUMN round_id text,
  ADD CHECK ((vendor_code IS NULL) = (round_id IS NULL));
CREATE UNIQUE INDEX game_wins_by_round ON game_wins (merchant_id, vendor_code, round_id) WHERE round_id IS NOT NULL;
