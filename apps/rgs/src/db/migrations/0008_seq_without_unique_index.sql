-- The write-order columns (seq) of rounds, platform_calls and lottery_bets are identities GENERATED ALWAYS: PostgreSQL
-- gives each row a new value and refuses one written by hand, so their UNIQUE constraints added a unique index that
-- checked nothing, at the cost of an index entry on every insert and every update that moves a row (issue 23: a
-- lottery issue's settlement updates each bet's row, its round and its outbox call, and inserts the call). The orders
-- that read by seq go through the indexes that carry it (rounds_by_player, rounds_by_player_family,
-- rounds_transfer_settled, lottery_bets_open, lottery_bets_refunding, lottery_bets_by_player) or sort a round's few
-- calls; none looks a row up by seq alone.
ALTER TABLE rounds DROP CONSTRAINT rounds_seq_key;
ALTER TABLE platform_calls DROP CONSTRAINT platform_calls_seq_key;
ALTER TABLE lottery_bets DROP CONSTRAINT lottery_bets_seq_key;

-- The outbox's calls referenced their round by a foreign key. Every call is written by rounds.ts or payments.ts in
-- the transaction that writes its round or reads it, rounds are never deleted, and a call is only ever read joined to
-- its round (SELECT_CALL); the key's check cost a lookup and a row lock (one more write) on the round for every call.
ALTER TABLE platform_calls DROP CONSTRAINT platform_calls_round_id_fkey;
