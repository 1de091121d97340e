-- Play statistics' take-in (DESIGN.md §11, ADR 0028): reads rounds only through the seamless module's
-- game_round_facts, time zones through merchant_directory and game types through game_directory.

-- Takes in up to p_batch rounds (all when NULL) settled since the watermark less p_overlap whose contribution is new
-- or changed, in one statement: each round's contribution (contracts' playContribution: only SETTLED real-money rounds
-- count; stake is the settled stake, bonus stake 0 until a bonus wallet exists) replaces its earlier one in
-- play_stat_rounds, and the difference lands in play_stat_days (the old contribution leaves its day, the new one joins
-- its settlement day). Serialised on the watermark row; returns how many rounds it took in.
CREATE OR REPLACE FUNCTION play_stats_take_in(p_batch integer, p_overlap interval DEFAULT interval '5 minutes')
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz;
  v_taken integer;
  v_last timestamptz;
BEGIN
  SELECT settled_through - p_overlap INTO v_from FROM play_stat_cursor WHERE id = 1 FOR UPDATE;

  WITH raw AS (
    SELECT r.merchant_id, r.vendor_code, r.round_id, r.member_id, r.settled_at,
      (r.settled_at AT TIME ZONE m.timezone)::date AS business_day, coalesce(g.game_type, 'OTHER') AS game_type,
      (r.status = 'SETTLED' AND NOT r.play) AS counts, r.valid_bet_minor AS stake, r.win_minor AS payout,
      0::bigint AS bonus
    FROM game_round_facts r
    JOIN merchant_directory m ON m.id = r.merchant_id
    LEFT JOIN game_directory g
      ON g.merchant_id = r.merchant_id AND g.vendor_code = r.vendor_code AND g.game_code = r.game_code
    WHERE r.settled_at IS NOT NULL AND r.settled_at >= v_from
  ), contributed AS (
    SELECT merchant_id, vendor_code, round_id, member_id, settled_at, business_day, game_type,
      CASE WHEN counts THEN 1 ELSE 0 END::smallint AS rounds,
      CASE WHEN counts THEN stake ELSE 0 END AS stake_minor,
      CASE WHEN counts THEN greatest(stake - bonus, 0) ELSE 0 END AS valid_bet_minor,
      CASE WHEN counts THEN payout ELSE 0 END AS payout_minor,
      CASE WHEN counts THEN payout - stake ELSE 0 END AS profit_minor,
      CASE WHEN counts THEN bonus ELSE 0 END AS bonus_stake_minor
    FROM raw
  ), fresh AS MATERIALIZED (
    SELECT c.*, l.round_id IS NOT NULL AS had, l.member_id AS old_member_id, l.business_day AS old_day,
      l.game_type AS old_game_type, l.rounds AS old_rounds, l.stake_minor AS old_stake,
      l.valid_bet_minor AS old_valid_bet, l.payout_minor AS old_payout, l.profit_minor AS old_profit,
      l.bonus_stake_minor AS old_bonus
    FROM contributed c
    LEFT JOIN play_stat_rounds l
      ON l.merchant_id = c.merchant_id AND l.vendor_code = c.vendor_code AND l.round_id = c.round_id
    WHERE l.round_id IS NULL
      OR (l.member_id, l.business_day, l.game_type, l.settled_at, l.rounds, l.stake_minor, l.valid_bet_minor,
          l.payout_minor, l.profit_minor, l.bonus_stake_minor)
        IS DISTINCT FROM (c.member_id, c.business_day, c.game_type, c.settled_at, c.rounds, c.stake_minor,
          c.valid_bet_minor, c.payout_minor, c.profit_minor, c.bonus_stake_minor)
    ORDER BY c.settled_at, c.merchant_id, c.vendor_code, c.round_id
    LIMIT p_batch
  ), saved AS (
    INSERT INTO play_stat_rounds AS l (merchant_id, vendor_code, round_id, member_id, business_day, game_type,
      settled_at, rounds, stake_minor, valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor)
    SELECT merchant_id, vendor_code, round_id, member_id, business_day, game_type, settled_at, rounds, stake_minor,
      valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor
    FROM fresh
    ON CONFLICT (merchant_id, vendor_code, round_id) DO UPDATE SET member_id = excluded.member_id,
      business_day = excluded.business_day, game_type = excluded.game_type, settled_at = excluded.settled_at,
      rounds = excluded.rounds, stake_minor = excluded.stake_minor, valid_bet_minor = excluded.valid_bet_minor,
      payout_minor = excluded.payout_minor, profit_minor = excluded.profit_minor,
      bonus_stake_minor = excluded.bonus_stake_minor
    RETURNING 1
  ), deltas AS (
    SELECT merchant_id, member_id, business_day, vendor_code, game_type, rounds::bigint AS rounds, stake_minor,
      valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor
    FROM fresh
    UNION ALL
    SELECT merchant_id, old_member_id, old_day, vendor_code, old_game_type, -old_rounds::bigint, -old_stake,
      -old_valid_bet, -old_payout, -old_profit, -old_bonus
    FROM fresh WHERE had
  ), summed AS (
    SELECT merchant_id, member_id, business_day, vendor_code, game_type, sum(rounds)::bigint AS rounds,
      sum(stake_minor)::bigint AS stake_minor, sum(valid_bet_minor)::bigint AS valid_bet_minor,
      sum(payout_minor)::bigint AS payout_minor, sum(profit_minor)::bigint AS profit_minor,
      sum(bonus_stake_minor)::bigint AS bonus_stake_minor
    FROM deltas
    GROUP BY merchant_id, member_id, business_day, vendor_code, game_type
    HAVING sum(rounds) <> 0 OR sum(stake_minor) <> 0 OR sum(payout_minor) <> 0 OR sum(bonus_stake_minor) <> 0
  ), applied AS (
    INSERT INTO play_stat_days AS d (merchant_id, member_id, business_day, vendor_code, game_type, rounds,
      stake_minor, valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor)
    SELECT * FROM summed
    ON CONFLICT (merchant_id, member_id, business_day, vendor_code, game_type) DO UPDATE SET
      rounds = d.rounds + excluded.rounds, stake_minor = d.stake_minor + excluded.stake_minor,
      valid_bet_minor = d.valid_bet_minor + excluded.valid_bet_minor,
      payout_minor = d.payout_minor + excluded.payout_minor, profit_minor = d.profit_minor + excluded.profit_minor,
      bonus_stake_minor = d.bonus_stake_minor + excluded.bonus_stake_minor
    RETURNING 1
  )
  -- saved and applied run though nothing reads them (data-modifying CTEs always do).
  SELECT count(*)::integer, max(settled_at) INTO v_taken, v_last FROM fresh;

  IF v_last IS NOT NULL THEN
    UPDATE play_stat_cursor SET settled_through = greatest(settled_through, v_last) WHERE id = 1;
  END IF;
  RETURN v_taken;
END
$$;

-- Recomputes every rollup from the raw rounds: forgets every contribution and the watermark, then takes in all.
CREATE OR REPLACE FUNCTION play_stats_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM play_stat_cursor WHERE id = 1 FOR UPDATE;
  DELETE FROM play_stat_days;
  DELETE FROM play_stat_rounds;
  UPDATE play_stat_cursor SET settled_through = '-infinity' WHERE id = 1;
  RETURN play_stats_take_in(NULL);
END
$$;
