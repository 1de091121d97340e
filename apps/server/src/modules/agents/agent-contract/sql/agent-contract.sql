-- Agent contracts' slots of play (migration 0033, ADR 0030): hourly and real-time salaries count play in 5-minute
-- slots by settlement time, per member, taken in from play statistics' journal (play_stat_changes) by a cursor on seq.
-- A change whose slot is already sealed (a window that covers it was counted) lands in the merchant's first open
-- slot, so a late or resettled round is counted in the next window and a counted window never changes.

CREATE OR REPLACE FUNCTION agent_contract_take_in(p_batch integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_from bigint;
  v_to bigint;
  v_taken integer;
BEGIN
  SELECT seq INTO v_from FROM agent_contract_cursor WHERE id = 1 FOR UPDATE;
  WITH batch AS (
    SELECT c.seq, c.merchant_id, c.member_id, c.rounds, c.valid_bet_minor, c.profit_minor,
      greatest(date_bin('5 minutes', c.settled_at, timestamptz '2000-01-01 00:00:00+00'),
        coalesce(s.sealed_until, '-infinity'::timestamptz)) AS slot_start
    FROM play_stat_changes c
    LEFT JOIN agent_contract_seals s ON s.merchant_id = c.merchant_id
    WHERE c.seq > v_from
    ORDER BY c.seq
    LIMIT p_batch
  ), added AS (
    INSERT INTO agent_contract_slots AS slot (merchant_id, slot_start, member_id, rounds, valid_bet_minor, profit_minor)
    SELECT merchant_id, slot_start, member_id, sum(rounds), sum(valid_bet_minor), sum(profit_minor)
    FROM batch GROUP BY merchant_id, slot_start, member_id
    ON CONFLICT (merchant_id, slot_start, member_id) DO UPDATE SET rounds = slot.rounds + excluded.rounds,
      valid_bet_minor = slot.valid_bet_minor + excluded.valid_bet_minor,
      profit_minor = slot.profit_minor + excluded.profit_minor
    RETURNING 1
  )
  SELECT count(*)::integer, max(seq) INTO v_taken, v_to FROM batch, (SELECT count(*) FROM added) a;
  IF v_taken > 0 THEN
    UPDATE agent_contract_cursor SET seq = v_to WHERE id = 1;
  END IF;
  RETURN v_taken;
END;
$$;
