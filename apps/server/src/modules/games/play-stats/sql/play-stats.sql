-- Play statistics' take-in (DESIGN.md §11, ADR 0028): reads rounds only through the seamless module's
-- game_round_facts, time zones through merchant_directory and game types through game_directory.

-- Takes in up to p_batch rounds (all when NULL) settled since the watermark less p_overlap whose contribution changed,
-- in one statement. A round's contribution (contracts' playContribution: only SETTLED real-money rounds count; stake is
-- the settled stake, of which bonus_bet_minor was paid with bonus money and is not own-money valid bet) is compared
-- with the sum of its journal rows in play_stat_rounds; the difference is appended to the journal and added to play_stat_days on the business day of the
-- round's current settlement (migration 0029, ADR 0028): a resettled round's earlier day is never rewritten. A round
-- keeps the game type it was first counted under. Serialised on the watermark row; returns how many rounds it took in
-- and the latest settlement time among them.
--
-- p_from (a run's next batch) reads on from the previous batch's latest settlement time instead of from the watermark
-- less p_overlap: a run takes the overlap in once, not once per batch. Without it, a burst of rounds settled within the
-- overlap (a lottery issue of 200,000 bets settles in about a minute) was read and compared whole by every batch.
-- A new name, so that play_stats_take_in(batch, overlap) keeps its signature and integer answer for processes of the
-- previous release during a rolling start (and for play_stats_rebuild).
DROP FUNCTION IF EXISTS play_stats_take_in(integer, interval, timestamptz);
CREATE OR REPLACE FUNCTION play_stats_take_in_from(p_batch integer, p_overlap interval, p_from timestamptz,
  OUT taken integer, OUT last_settled timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz;
  v_taken integer;
  v_last timestamptz;
BEGIN
  SELECT settled_through - p_overlap INTO v_from FROM play_stat_cursor WHERE id = 1 FOR UPDATE;
  IF p_from IS NOT NULL THEN
    v_from := p_from;
  END IF;

  WITH raw AS (
    SELECT r.merchant_id, r.vendor_code, r.round_id, r.member_id, r.settled_at,
      (r.settled_at AT TIME ZONE m.timezone)::date AS business_day, coalesce(g.game_type, 'OTHER') AS game_type,
      (r.status = 'SETTLED' AND NOT r.play) AS counts, r.valid_bet_minor AS stake, r.win_minor AS payout,
      r.bonus_bet_minor AS bonus
    FROM game_round_facts r
    JOIN merchant_directory m ON m.id = r.merchant_id
    LEFT JOIN game_directory g
      ON g.merchant_id = r.merchant_id AND g.vendor_code = r.vendor_code AND g.game_code = r.game_code
    WHERE r.settled_at IS NOT NULL AND r.settled_at >= v_from
  ), contributed AS (
    SELECT merchant_id, vendor_code, round_id, member_id, settled_at, business_day, game_type,
      CASE WHEN counts THEN 1 ELSE 0 END AS rounds,
      CASE WHEN counts THEN stake ELSE 0 END AS stake_minor,
      CASE WHEN counts THEN greatest(stake - bonus, 0) ELSE 0 END AS valid_bet_minor,
      CASE WHEN counts THEN payout ELSE 0 END AS payout_minor,
      CASE WHEN counts THEN payout - stake ELSE 0 END AS profit_minor,
      CASE WHEN counts THEN bonus ELSE 0 END AS bonus_stake_minor
    FROM raw
  ), fresh AS MATERIALIZED (
    SELECT c.merchant_id, c.vendor_code, c.round_id, c.member_id, c.settled_at, c.business_day,
      coalesce(j.game_type, c.game_type) AS game_type,
      c.rounds - coalesce(j.rounds, 0) AS rounds, c.stake_minor - coalesce(j.stake_minor, 0) AS stake_minor,
      c.valid_bet_minor - coalesce(j.valid_bet_minor, 0) AS valid_bet_minor,
      c.payout_minor - coalesce(j.payout_minor, 0) AS payout_minor,
      c.profit_minor - coalesce(j.profit_minor, 0) AS profit_minor,
      c.bonus_stake_minor - coalesce(j.bonus_stake_minor, 0) AS bonus_stake_minor
    FROM contributed c
    LEFT JOIN LATERAL (
      SELECT min(l.game_type) AS game_type, sum(l.rounds) AS rounds, sum(l.stake_minor) AS stake_minor,
        sum(l.valid_bet_minor) AS valid_bet_minor, sum(l.payout_minor) AS payout_minor,
        sum(l.profit_minor) AS profit_minor, sum(l.bonus_stake_minor) AS bonus_stake_minor
      FROM play_stat_rounds l
      WHERE l.merchant_id = c.merchant_id AND l.vendor_code = c.vendor_code AND l.round_id = c.round_id
    ) j ON true
    WHERE (c.rounds, c.stake_minor, c.valid_bet_minor, c.payout_minor, c.profit_minor, c.bonus_stake_minor)
      IS DISTINCT FROM (coalesce(j.rounds, 0), coalesce(j.stake_minor, 0), coalesce(j.valid_bet_minor, 0),
        coalesce(j.payout_minor, 0), coalesce(j.profit_minor, 0), coalesce(j.bonus_stake_minor, 0))
    ORDER BY c.settled_at, c.merchant_id, c.vendor_code, c.round_id
    LIMIT p_batch
  ), saved AS (
    INSERT INTO play_stat_rounds (merchant_id, vendor_code, round_id, member_id, business_day, game_type,
      settled_at, rounds, stake_minor, valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor)
    SELECT merchant_id, vendor_code, round_id, member_id, business_day, game_type, settled_at, rounds, stake_minor,
      valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor
    FROM fresh
    ORDER BY settled_at, merchant_id, vendor_code, round_id
    RETURNING 1
  ), summed AS (
    SELECT merchant_id, member_id, business_day, vendor_code, game_type, sum(rounds)::bigint AS rounds,
      sum(stake_minor)::bigint AS stake_minor, sum(valid_bet_minor)::bigint AS valid_bet_minor,
      sum(payout_minor)::bigint AS payout_minor, sum(profit_minor)::bigint AS profit_minor,
      sum(bonus_stake_minor)::bigint AS bonus_stake_minor
    FROM fresh
    GROUP BY merchant_id, member_id, business_day, vendor_code, game_type
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
  taken := v_taken;
  last_settled := v_last;
END
$$;

-- The take-in from the watermark less p_overlap; returns how many rounds it took in.
CREATE OR REPLACE FUNCTION play_stats_take_in(p_batch integer, p_overlap interval DEFAULT interval '5 minutes')
RETURNS integer LANGUAGE sql AS $$
  SELECT (play_stats_take_in_from(p_batch, p_overlap, NULL)).taken
$$;

-- Rebuilds the rollups from the raw rounds without rewriting history: every settled round is compared with its
-- journal, and a round whose raw figures differ (a change the jobs have not seen, or one more than three days behind
-- the watermark) gets its difference booked on its current settlement day; then play_stat_days is recomputed from the
-- journal. On an empty journal (a new database) that is a rebuild from the raw rounds
-- alone. Returns how many rounds needed a correction.
CREATE OR REPLACE FUNCTION play_stats_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_corrected integer;
BEGIN
  PERFORM 1 FROM play_stat_cursor WHERE id = 1 FOR UPDATE;
  UPDATE play_stat_cursor SET settled_through = '-infinity' WHERE id = 1;
  v_corrected := play_stats_take_in(NULL);
  DELETE FROM play_stat_days;
  INSERT INTO play_stat_days (merchant_id, member_id, business_day, vendor_code, game_type, rounds, stake_minor,
    valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor)
  SELECT merchant_id, member_id, business_day, vendor_code, game_type, sum(rounds), sum(stake_minor),
    sum(valid_bet_minor), sum(payout_minor), sum(profit_minor), sum(bonus_stake_minor)
  FROM play_stat_rounds
  GROUP BY merchant_id, member_id, business_day, vendor_code, game_type;
  -- The jobs go on from the latest settlement: everything before it has just been compared.
  UPDATE play_stat_cursor SET settled_through = greatest(settled_through,
    coalesce((SELECT max(settled_at) FROM game_round_facts WHERE settled_at IS NOT NULL), '-infinity'))
  WHERE id = 1;
  RETURN v_corrected;
END
$$;
