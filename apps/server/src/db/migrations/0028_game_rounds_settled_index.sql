-- Play statistics take in rounds by settlement time (modules/games/play-stats, ADR 0028): every 15 seconds the rounds
-- settled since the watermark, every hour the last three days. Without this index each take-in reads all of
-- game_rounds. Open rounds (settled_at NULL) are left out of it.
CREATE INDEX IF NOT EXISTS game_rounds_settled_at_idx ON game_rounds (settled_at) WHERE settled_at IS NOT NULL;
