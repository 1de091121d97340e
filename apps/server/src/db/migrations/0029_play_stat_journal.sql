-- Play statistics keep closed days (issue 18, DESIGN.md §11, ADR 0028 revised): play_stat_rounds becomes an
-- append-only journal. Each row is one change of one round's contribution, booked on the business day of the
-- settlement that caused it: a round's first settlement adds its contribution on its day; a resettlement adds only the
-- difference, on the day it was resettled, and never rewrites the earlier day. A round's contribution is the sum of its
-- rows. `seq` orders the rows as they were committed (the take-in is serialised on its watermark row), so consumers of
-- the view play_stat_changes (team rollups, later rebates) follow it with a cursor. The function lives in
-- modules/games/play-stats/sql. Rows already here are each round's whole contribution: a journal of one entry.
ALTER TABLE play_stat_rounds DROP CONSTRAINT play_stat_rounds_pkey;
ALTER TABLE play_stat_rounds ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE play_stat_rounds ADD PRIMARY KEY (seq);
CREATE INDEX play_stat_rounds_round_idx ON play_stat_rounds (merchant_id, vendor_code, round_id);
-- A round that contributed nothing has no row from now on; the rows of such rounds carry no figures.
DELETE FROM play_stat_rounds
WHERE rounds = 0 AND stake_minor = 0 AND payout_minor = 0 AND bonus_stake_minor = 0;
