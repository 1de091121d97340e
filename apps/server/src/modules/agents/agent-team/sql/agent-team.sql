-- Team rollups' take-in (DESIGN.md §12, ADR 0029). Reads play through play statistics' play_stat_changes, the tree
-- through identity's agent_tree, sign-ups through member_directory, orders through deposit_order_facts and
-- withdraw_order_facts, promotion cash through the ledger's ledger_promotion_cash (ADR 0049), and time zones through
-- merchant_directory. Each delta is added to every upline the tree names
-- when it is taken in (the member itself included, depth 0), so a staff move changes future figures only.

-- Takes in up to p_batch play changes (all when NULL) past the cursor, in seq order, in one statement: each member's
-- day sums land on every upline's day; each member's count of rounds per day, week and month moves, and a count that
-- leaves zero (or returns to it) moves the uplines' active members of that period by one. Serialised on the cursor
-- row; returns how many changes it took in.
CREATE OR REPLACE FUNCTION agent_team_take_in_play(p_batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_from bigint;
  v_taken integer;
  v_last bigint;
BEGIN
  SELECT play_seq INTO v_from FROM agent_team_cursor WHERE id = 1 FOR UPDATE;

  WITH batch AS MATERIALIZED (
    SELECT seq, merchant_id, member_id, business_day, rounds, stake_minor, valid_bet_minor, payout_minor, profit_minor,
      bonus_stake_minor
    FROM play_stat_changes
    WHERE seq > v_from
    ORDER BY seq
    LIMIT p_batch
  ), by_member AS MATERIALIZED (
    SELECT merchant_id, member_id, business_day, sum(rounds)::bigint AS rounds, sum(stake_minor)::bigint AS stake_minor,
      sum(valid_bet_minor)::bigint AS valid_bet_minor, sum(payout_minor)::bigint AS payout_minor,
      sum(profit_minor)::bigint AS profit_minor, sum(bonus_stake_minor)::bigint AS bonus_stake_minor
    FROM batch
    GROUP BY merchant_id, member_id, business_day
  ), periods AS MATERIALIZED (
    SELECT merchant_id, member_id, 'DAY'::text AS period, business_day AS starts_on, rounds
    FROM by_member WHERE rounds <> 0
    UNION ALL
    SELECT merchant_id, member_id, 'WEEK', date_trunc('week', business_day)::date, sum(rounds)::bigint
    FROM by_member GROUP BY merchant_id, member_id, date_trunc('week', business_day) HAVING sum(rounds) <> 0
    UNION ALL
    SELECT merchant_id, member_id, 'MONTH', date_trunc('month', business_day)::date, sum(rounds)::bigint
    FROM by_member GROUP BY merchant_id, member_id, date_trunc('month', business_day) HAVING sum(rounds) <> 0
  ), turned AS MATERIALIZED (
    -- +1 when the member's count leaves zero with this batch, -1 when it returns to zero: the count before the batch
    -- read on the primary key (every part of this statement sees the rows as they were before it).
    SELECT x.merchant_id, x.member_id, x.period, x.starts_on,
      (CASE WHEN coalesce(o.rounds, 0) + x.rounds > 0 THEN 1 ELSE 0 END)
        - (CASE WHEN coalesce(o.rounds, 0) > 0 THEN 1 ELSE 0 END) AS active
    FROM periods x
    LEFT JOIN agent_team_member_periods o ON o.merchant_id = x.merchant_id AND o.member_id = x.member_id
      AND o.period = x.period AND o.starts_on = x.starts_on
    WHERE x.period <> 'DAY'
  ), counted AS (
    INSERT INTO agent_team_member_periods AS p (merchant_id, member_id, period, starts_on, rounds)
    SELECT merchant_id, member_id, period, starts_on, rounds FROM periods
    ON CONFLICT (merchant_id, member_id, period, starts_on) DO UPDATE SET rounds = p.rounds + excluded.rounds
    RETURNING 1
  ), member_days AS (
    -- The day's turn from the member's day count before the batch, on the primary key (no join with a CTE whose size
    -- the planner cannot know: a backlog of many batches' size stays linear).
    SELECT b.merchant_id, b.member_id, b.business_day, b.rounds, b.stake_minor, b.valid_bet_minor, b.payout_minor,
      b.profit_minor, b.bonus_stake_minor,
      CASE WHEN b.rounds = 0 THEN 0
        ELSE (CASE WHEN coalesce(o.rounds, 0) + b.rounds > 0 THEN 1 ELSE 0 END)
          - (CASE WHEN coalesce(o.rounds, 0) > 0 THEN 1 ELSE 0 END) END AS active
    FROM by_member b
    LEFT JOIN agent_team_member_periods o ON o.merchant_id = b.merchant_id AND o.member_id = b.member_id
      AND o.period = 'DAY' AND o.starts_on = b.business_day
  ), team_days AS (
    INSERT INTO agent_team_days AS d (merchant_id, agent_id, business_day, rounds, stake_minor, valid_bet_minor,
      payout_minor, profit_minor, bonus_stake_minor, active_members)
    SELECT m.merchant_id, a.ancestor_id, m.business_day, sum(m.rounds), sum(m.stake_minor), sum(m.valid_bet_minor),
      sum(m.payout_minor), sum(m.profit_minor), sum(m.bonus_stake_minor), sum(m.active)
    FROM member_days m
    JOIN agent_tree a ON a.merchant_id = m.merchant_id AND a.descendant_id = m.member_id
    GROUP BY m.merchant_id, a.ancestor_id, m.business_day
    ON CONFLICT (merchant_id, agent_id, business_day) DO UPDATE SET rounds = d.rounds + excluded.rounds,
      stake_minor = d.stake_minor + excluded.stake_minor, valid_bet_minor = d.valid_bet_minor + excluded.valid_bet_minor,
      payout_minor = d.payout_minor + excluded.payout_minor, profit_minor = d.profit_minor + excluded.profit_minor,
      bonus_stake_minor = d.bonus_stake_minor + excluded.bonus_stake_minor,
      active_members = d.active_members + excluded.active_members
    RETURNING 1
  ), team_periods AS (
    INSERT INTO agent_team_periods AS p (merchant_id, agent_id, period, starts_on, active_members)
    SELECT t.merchant_id, a.ancestor_id, t.period, t.starts_on, sum(t.active)
    FROM turned t
    JOIN agent_tree a ON a.merchant_id = t.merchant_id AND a.descendant_id = t.member_id
    WHERE t.active <> 0
    GROUP BY t.merchant_id, a.ancestor_id, t.period, t.starts_on
    ON CONFLICT (merchant_id, agent_id, period, starts_on) DO UPDATE
      SET active_members = p.active_members + excluded.active_members
    RETURNING 1
  )
  -- counted, team_days and team_periods run though nothing reads them (data-modifying CTEs always do).
  SELECT count(*)::integer, max(seq) INTO v_taken, v_last FROM batch;

  IF v_last IS NOT NULL THEN
    UPDATE agent_team_cursor SET play_seq = v_last WHERE id = 1;
  END IF;
  RETURN v_taken;
END
$$;

-- Takes in the sign-ups (not trial members), successful deposits (PAID, APPROVED), paid withdrawals and promotion cash
-- (B bonuses, R rebates, per ledger transfer; a reversal negative) created since p_since, then the first deposits of
-- the members whose deposits changed: each source's contribution (on the business day it was created) is compared with
-- the one recorded under its key, and only the difference lands on the uplines' days. A member's first deposit is its earliest successful one. Returns how many sources changed.
CREATE OR REPLACE FUNCTION agent_team_take_in_facts(p_since timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_orders integer;
  v_firsts integer;
BEGIN
  PERFORM 1 FROM agent_team_cursor WHERE id = 1 FOR UPDATE;

  -- Merchant by merchant, so each source is read on its (merchant_id, created_at) index.
  WITH wanted AS (
    SELECT m.id AS merchant_id, s.kind, s.source_id, s.member_id, s.created_at,
      (s.created_at AT TIME ZONE m.timezone)::date AS business_day, s.amount_minor
    FROM merchant_directory m
    CROSS JOIN LATERAL (
      SELECT 'M'::text AS kind, id AS source_id, id AS member_id, created_at, 0::bigint AS amount_minor
      FROM member_directory WHERE merchant_id = m.id AND created_at >= p_since AND user_type <> 4
      UNION ALL
      SELECT 'D', id, member_id, created_at, amount_minor
      FROM deposit_order_facts
      WHERE merchant_id = m.id AND created_at >= p_since AND status IN ('PAID', 'APPROVED')
      UNION ALL
      SELECT 'W', id, member_id, created_at, amount_minor
      FROM withdraw_order_facts WHERE merchant_id = m.id AND created_at >= p_since AND status = 'PAID'
      UNION ALL
      SELECT (CASE WHEN code = 'BONUS' THEN 'B' ELSE 'R' END), id, member_id, created_at, amount_minor
      FROM ledger_promotion_cash WHERE merchant_id = m.id AND created_at >= p_since
    ) s
  ), had AS (
    SELECT merchant_id, kind, source_id, member_id, business_day, amount_minor
    FROM agent_team_facts WHERE kind IN ('M', 'D', 'W', 'B', 'R') AND created_at >= p_since
  ), diff AS MATERIALIZED (
    SELECT coalesce(w.merchant_id, h.merchant_id) AS merchant_id, coalesce(w.kind, h.kind) AS kind,
      coalesce(w.source_id, h.source_id) AS source_id, w.member_id, w.created_at, w.business_day, w.amount_minor,
      h.member_id AS old_member_id, h.business_day AS old_day, h.amount_minor AS old_amount
    FROM wanted w
    FULL JOIN had h ON h.merchant_id = w.merchant_id AND h.kind = w.kind AND h.source_id = w.source_id
    WHERE (w.member_id, w.business_day, w.amount_minor) IS DISTINCT FROM (h.member_id, h.business_day, h.amount_minor)
  ), saved AS (
    INSERT INTO agent_team_facts AS f (merchant_id, kind, source_id, member_id, created_at, business_day, amount_minor)
    SELECT merchant_id, kind, source_id, member_id, created_at, business_day, amount_minor
    FROM diff WHERE member_id IS NOT NULL
    ON CONFLICT (merchant_id, kind, source_id) DO UPDATE SET member_id = excluded.member_id,
      created_at = excluded.created_at, business_day = excluded.business_day, amount_minor = excluded.amount_minor
    RETURNING 1
  ), dropped AS (
    DELETE FROM agent_team_facts f USING diff
    WHERE diff.member_id IS NULL AND f.merchant_id = diff.merchant_id AND f.kind = diff.kind
      AND f.source_id = diff.source_id
    RETURNING 1
  ), deltas AS (
    SELECT merchant_id, kind, member_id, business_day, 1 AS n, amount_minor AS amount
    FROM diff WHERE member_id IS NOT NULL
    UNION ALL
    SELECT merchant_id, kind, old_member_id, old_day, -1, -old_amount
    FROM diff WHERE old_member_id IS NOT NULL
  ), applied AS (
    INSERT INTO agent_team_days AS d (merchant_id, agent_id, business_day, new_members, deposit_count, deposit_minor,
      withdraw_count, withdraw_minor, bonus_minor, rebate_minor)
    SELECT x.merchant_id, a.ancestor_id, x.business_day,
      coalesce(sum(x.n) FILTER (WHERE x.kind = 'M' AND a.depth > 0), 0), coalesce(sum(x.n) FILTER (WHERE x.kind = 'D'), 0),
      coalesce(sum(x.amount) FILTER (WHERE x.kind = 'D'), 0), coalesce(sum(x.n) FILTER (WHERE x.kind = 'W'), 0),
      coalesce(sum(x.amount) FILTER (WHERE x.kind = 'W'), 0), coalesce(sum(x.amount) FILTER (WHERE x.kind = 'B'), 0),
      coalesce(sum(x.amount) FILTER (WHERE x.kind = 'R'), 0)
    FROM deltas x
    JOIN agent_tree a ON a.merchant_id = x.merchant_id AND a.descendant_id = x.member_id
    GROUP BY x.merchant_id, a.ancestor_id, x.business_day
    ON CONFLICT (merchant_id, agent_id, business_day) DO UPDATE SET new_members = d.new_members + excluded.new_members,
      deposit_count = d.deposit_count + excluded.deposit_count, deposit_minor = d.deposit_minor + excluded.deposit_minor,
      withdraw_count = d.withdraw_count + excluded.withdraw_count,
      withdraw_minor = d.withdraw_minor + excluded.withdraw_minor, bonus_minor = d.bonus_minor + excluded.bonus_minor,
      rebate_minor = d.rebate_minor + excluded.rebate_minor
    RETURNING 1
  )
  SELECT count(*)::integer INTO v_orders FROM diff;

  -- First deposits of the members with a deposit (or a first deposit) recorded since p_since.
  WITH who AS (
    SELECT DISTINCT merchant_id, member_id FROM agent_team_facts WHERE kind IN ('D', 'F') AND created_at >= p_since
  ), wanted AS (
    SELECT w.merchant_id, w.member_id, o.created_at, (o.created_at AT TIME ZONE m.timezone)::date AS business_day,
      o.amount_minor
    FROM who w
    JOIN merchant_directory m ON m.id = w.merchant_id
    CROSS JOIN LATERAL (
      SELECT created_at, amount_minor FROM deposit_order_facts
      WHERE merchant_id = w.merchant_id AND member_id = w.member_id AND status IN ('PAID', 'APPROVED')
      ORDER BY created_at, id
      LIMIT 1
    ) o
  ), had AS (
    SELECT f.merchant_id, f.member_id, f.business_day, f.created_at, f.amount_minor
    FROM agent_team_facts f
    JOIN who w ON f.merchant_id = w.merchant_id AND f.kind = 'F' AND f.source_id = w.member_id
  ), diff AS MATERIALIZED (
    SELECT coalesce(w.merchant_id, h.merchant_id) AS merchant_id, coalesce(w.member_id, h.member_id) AS member_id,
      w.created_at, w.business_day, w.amount_minor, h.business_day AS old_day, h.amount_minor AS old_amount
    FROM wanted w
    FULL JOIN had h ON h.merchant_id = w.merchant_id AND h.member_id = w.member_id
    WHERE (w.created_at, w.business_day, w.amount_minor) IS DISTINCT FROM (h.created_at, h.business_day, h.amount_minor)
  ), saved AS (
    INSERT INTO agent_team_facts AS f (merchant_id, kind, source_id, member_id, created_at, business_day, amount_minor)
    SELECT merchant_id, 'F', member_id, member_id, created_at, business_day, amount_minor
    FROM diff WHERE created_at IS NOT NULL
    ON CONFLICT (merchant_id, kind, source_id) DO UPDATE SET created_at = excluded.created_at,
      business_day = excluded.business_day, amount_minor = excluded.amount_minor
    RETURNING 1
  ), dropped AS (
    DELETE FROM agent_team_facts f USING diff
    WHERE diff.created_at IS NULL AND f.merchant_id = diff.merchant_id AND f.kind = 'F'
      AND f.source_id = diff.member_id
    RETURNING 1
  ), deltas AS (
    SELECT merchant_id, member_id, business_day, 1 AS n, amount_minor AS amount FROM diff WHERE created_at IS NOT NULL
    UNION ALL
    SELECT merchant_id, member_id, old_day, -1, -old_amount FROM diff WHERE old_day IS NOT NULL
  ), applied AS (
    INSERT INTO agent_team_days AS d (merchant_id, agent_id, business_day, first_deposits, first_deposit_minor)
    SELECT x.merchant_id, a.ancestor_id, x.business_day, sum(x.n), sum(x.amount)
    FROM deltas x
    JOIN agent_tree a ON a.merchant_id = x.merchant_id AND a.descendant_id = x.member_id
    GROUP BY x.merchant_id, a.ancestor_id, x.business_day
    ON CONFLICT (merchant_id, agent_id, business_day) DO UPDATE
      SET first_deposits = d.first_deposits + excluded.first_deposits,
      first_deposit_minor = d.first_deposit_minor + excluded.first_deposit_minor
    RETURNING 1
  )
  SELECT count(*)::integer INTO v_firsts FROM diff;

  RETURN v_orders + v_firsts;
END
$$;

-- Recomputes every team rollup from the sources over the tree as it stands now: forgets every contribution and the
-- cursor, then takes in all play changes and every sign-up and order. Returns how many play changes it took in.
CREATE OR REPLACE FUNCTION agent_team_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer := 0;
  v_batch integer;
BEGIN
  PERFORM 1 FROM agent_team_cursor WHERE id = 1 FOR UPDATE;
  DELETE FROM agent_team_days;
  DELETE FROM agent_team_periods;
  DELETE FROM agent_team_member_periods;
  DELETE FROM agent_team_facts;
  UPDATE agent_team_cursor SET play_seq = 0 WHERE id = 1;
  -- In batches, so no statement holds the whole journal in memory.
  LOOP
    v_batch := agent_team_take_in_play(100000);
    v_taken := v_taken + v_batch;
    EXIT WHEN v_batch < 100000;
  END LOOP;
  PERFORM agent_team_take_in_facts('-infinity');
  RETURN v_taken;
END
$$;

-- Distinct team members of p_agent whose counting rounds in p_from..p_to add up to more than zero (a round voided by a
-- later resettlement takes its count back on the resettlement's day). One day, or one whole week (from Monday) or
-- calendar month, or such a period from its start to today or later, reads the counts kept per period; any other range
-- counts the members of the agent's current team over their kept months, weeks and days in the range.
CREATE OR REPLACE FUNCTION agent_team_active_members(p_merchant integer, p_agent bigint, p_from date, p_to date)
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_today date;
  v_week date := date_trunc('week', p_from)::date;
  v_month date := date_trunc('month', p_from)::date;
  v_month_end date := (date_trunc('month', p_from) + interval '1 month - 1 day')::date;
  v_days date[];
  v_weeks date[];
  v_months date[];
BEGIN
  IF p_from > p_to THEN
    RETURN 0;
  END IF;
  IF p_from = p_to THEN
    RETURN coalesce((SELECT active_members FROM agent_team_days
      WHERE merchant_id = p_merchant AND agent_id = p_agent AND business_day = p_from), 0);
  END IF;
  SELECT (now() AT TIME ZONE timezone)::date INTO v_today FROM merchant_directory WHERE id = p_merchant;
  IF p_from = v_week AND p_to <= v_week + 6 AND (p_to = v_week + 6 OR p_to >= v_today) THEN
    RETURN coalesce((SELECT active_members FROM agent_team_periods
      WHERE merchant_id = p_merchant AND agent_id = p_agent AND period = 'WEEK' AND starts_on = v_week), 0);
  END IF;
  IF p_from = v_month AND p_to <= v_month_end AND (p_to = v_month_end OR p_to >= v_today) THEN
    RETURN coalesce((SELECT active_members FROM agent_team_periods
      WHERE merchant_id = p_merchant AND agent_id = p_agent AND period = 'MONTH' AND starts_on = v_month), 0);
  END IF;
  -- Any other range: each member's rounds over it, summed from the fewest kept rows that cover it exactly (its whole
  -- months, then whole weeks outside them, then the days left), read on the member's rows' primary key.
  SELECT array_agg(DISTINCT x.day) FILTER (WHERE NOT x.whole_month AND NOT x.whole_week),
    array_agg(DISTINCT x.week) FILTER (WHERE NOT x.whole_month AND x.whole_week),
    array_agg(DISTINCT x.month) FILTER (WHERE x.whole_month)
  INTO v_days, v_weeks, v_months
  FROM (
    SELECT c.day, c.week, c.month, c.month >= p_from AND c.month_end <= p_to AS whole_month,
      c.week >= p_from AND c.week + 6 <= p_to
        AND NOT (date_trunc('month', c.week)::date >= p_from
          AND (date_trunc('month', c.week) + interval '1 month - 1 day')::date <= p_to)
        AND NOT (date_trunc('month', c.week + 6)::date >= p_from
          AND (date_trunc('month', c.week + 6) + interval '1 month - 1 day')::date <= p_to) AS whole_week
    FROM (
      SELECT g.d::date AS day, date_trunc('week', g.d)::date AS week, date_trunc('month', g.d)::date AS month,
        (date_trunc('month', g.d) + interval '1 month - 1 day')::date AS month_end
      FROM generate_series(p_from, p_to, interval '1 day') AS g(d)
    ) c
  ) x;
  RETURN (
    SELECT count(*) FROM (
      SELECT k.member_id
      FROM (
        SELECT p.member_id, p.rounds
        FROM agent_tree a
        JOIN agent_team_member_periods p ON p.merchant_id = a.merchant_id AND p.member_id = a.descendant_id
          AND p.period = 'DAY' AND p.starts_on = ANY(v_days)
        WHERE a.merchant_id = p_merchant AND a.ancestor_id = p_agent
        UNION ALL
        SELECT p.member_id, p.rounds
        FROM agent_tree a
        JOIN agent_team_member_periods p ON p.merchant_id = a.merchant_id AND p.member_id = a.descendant_id
          AND p.period = 'WEEK' AND p.starts_on = ANY(v_weeks)
        WHERE a.merchant_id = p_merchant AND a.ancestor_id = p_agent
        UNION ALL
        SELECT p.member_id, p.rounds
        FROM agent_tree a
        JOIN agent_team_member_periods p ON p.merchant_id = a.merchant_id AND p.member_id = a.descendant_id
          AND p.period = 'MONTH' AND p.starts_on = ANY(v_months)
        WHERE a.merchant_id = p_merchant AND a.ancestor_id = p_agent
      ) k
      GROUP BY k.member_id
      HAVING sum(k.rounds) > 0
    ) active
  );
END
$$;
