-- Many single-leg posts gathered by their caller (a settlement paying every agent of a window, ADR 0038), applied as
-- sets: one UPDATE per row touched and one INSERT of the transfers, instead of ledger_post_one per post. A system
-- account debited by every post of a batch (COMMISSIONS) is then written once per shard per batch, not once per post:
-- its rows do not pile up hundreds of row versions per transaction. Same arguments, rules, rows and answers as
-- ledger_post_single_batch (rows in any order: the caller sorts by post_no).
--
-- A post's outcome may depend on another post of the batch only through a balance that must not go below zero, or
-- through a key used twice. So the set path is taken when every debited account may go negative (a system account:
-- COMMISSIONS, PROMOTIONS, CASHIER, HOUSE) and every key of the batch is its own; otherwise the whole batch runs as
-- ledger_post_single_batch, one post after another.
--
-- On the set path, after every row is locked in (merchant_id, id, shard) order (as every batch does):
-- - a post whose key exists, or whose accounts are missing or differ in currency, is answered by ledger_post_one, which
--   moves no money for it (REPLAYED, IDEMPOTENCY_CONFLICT, ACCOUNT_NOT_FOUND, CURRENCY_MISMATCH);
-- - the others are applied in post order: transfer ids are taken in that order, and each row's balance after a transfer
--   is its balance before the batch plus the running sum of the batch's movements on it up to that post, so on any row
--   the id order is still the order of application and every balance_after is what one-by-one posting would write.
CREATE OR REPLACE FUNCTION ledger_post_gathered(
  p_merchants integer[],
  p_sources text[],
  p_keys text[],
  p_hashes text[],
  p_debits bigint[],
  p_credits bigint[],
  p_amounts bigint[],
  p_codes text[],
  p_references text[]
) RETURNS TABLE (
  post_no integer,
  status text,
  detail text,
  id bigint,
  code text,
  debit_shard smallint,
  credit_shard smallint,
  amount_minor bigint,
  currency text,
  debit_balance_after bigint,
  credit_balance_after bigint,
  reference text,
  created_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := coalesce(array_length(p_keys, 1), 0);
  v_alone integer[];
  v_hashes integer[];
  v_i integer;
BEGIN
  IF v_n = 0 THEN
    RETURN;
  END IF;
  -- Both sides of every post, as parallel arrays (ledger_lock_accounts: a join the planner estimates by the arrays).
  SELECT array_agg(ledger_key_hash(u.s, u.k) ORDER BY u.i) INTO v_hashes
  FROM unnest(p_sources, p_keys) WITH ORDINALITY AS u (s, k, i);
  PERFORM ledger_lock_accounts(p_merchants || p_merchants, p_debits || p_credits, v_hashes || v_hashes);

  IF (SELECT count(DISTINCT (u.m, u.s, u.k)) FROM unnest(p_merchants, p_sources, p_keys) AS u (m, s, k)) <> v_n
     OR EXISTS (SELECT 1 FROM unnest(p_merchants, p_debits) AS u (m, d)
                JOIN ledger_accounts a ON a.merchant_id = u.m AND a.id = u.d AND a.shard = 0
                WHERE NOT a.allow_negative) THEN
    RETURN QUERY SELECT * FROM ledger_post_single_batch(p_merchants, p_sources, p_keys, p_hashes, p_debits, p_credits,
      p_amounts, p_codes, p_references);
    RETURN;
  END IF;

  -- The posts answered one by one: key already used (one probe of the unique key each), an account missing,
  -- currencies differing.
  SELECT array_agg(u.i::integer) INTO v_alone
  FROM unnest(p_merchants, p_sources, p_keys, p_debits, p_credits) WITH ORDINALITY AS u (m, s, k, d, c, i)
  LEFT JOIN ledger_accounts da ON da.merchant_id = u.m AND da.id = u.d AND da.shard = 0
  LEFT JOIN ledger_accounts ca ON ca.merchant_id = u.m AND ca.id = u.c AND ca.shard = 0
  LEFT JOIN LATERAL (
    SELECT 1 AS hit FROM ledger_transfers t
    WHERE t.merchant_id = u.m AND t.source = u.s AND t.idempotency_key = u.k AND t.leg = 0
    LIMIT 1
  ) used ON true
  WHERE da.id IS NULL OR ca.id IS NULL OR da.currency <> ca.currency OR used.hit IS NOT NULL;

  -- The others as sets. Post fields are read from the arrays by post number (no join between the steps, whose sizes
  -- the planner cannot know); created_at is the transaction's now(), the column's default.
  RETURN QUERY
  WITH posts AS MATERIALIZED (
    SELECT (u.i - 1)::integer AS no, u.m, u.d, u.c, u.amt, ledger_key_hash(u.s, u.k) AS kh
    FROM unnest(p_merchants, p_sources, p_keys, p_debits, p_credits, p_amounts) WITH ORDINALITY AS u (m, s, k, d, c, amt, i)
    WHERE v_alone IS NULL OR NOT (u.i::integer = ANY (v_alone))
  ), moves AS (
    SELECT p.no, p.m, p.d AS acc, -p.amt AS delta, true AS debit,
      ledger_shard_of(p.kh, a0.shard_count)::smallint AS shard
    FROM posts p
    JOIN ledger_accounts a0 ON a0.merchant_id = p.m AND a0.id = p.d AND a0.shard = 0
    UNION ALL
    SELECT p.no, p.m, p.c, p.amt, false, ledger_shard_of(p.kh, a0.shard_count)::smallint
    FROM posts p
    JOIN ledger_accounts a0 ON a0.merchant_id = p.m AND a0.id = p.c AND a0.shard = 0
  ), running AS (
    SELECT mv.no, mv.debit, mv.shard, a.currency,
      a.balance_minor + sum(mv.delta) OVER (PARTITION BY mv.m, mv.acc, mv.shard ORDER BY mv.no) AS balance_after
    FROM moves mv
    JOIN ledger_accounts a ON a.merchant_id = mv.m AND a.id = mv.acc AND a.shard = mv.shard
  ), numbered AS MATERIALIZED (
    SELECT g.*, nextval('ledger_transfer_id_seq') AS tid
    FROM (
      SELECT r.no, max(r.shard) FILTER (WHERE r.debit) AS dshard, max(r.shard) FILTER (WHERE NOT r.debit) AS cshard,
        max(r.balance_after) FILTER (WHERE r.debit)::bigint AS debit_after,
        max(r.balance_after) FILTER (WHERE NOT r.debit)::bigint AS credit_after, max(r.currency) AS currency
      FROM running r
      GROUP BY r.no
      ORDER BY r.no
    ) g
  ), updated AS (
    UPDATE ledger_accounts a SET balance_minor = a.balance_minor + t.delta
    FROM (SELECT mv.m, mv.acc, mv.shard, sum(mv.delta)::bigint AS delta FROM moves mv GROUP BY mv.m, mv.acc, mv.shard) t
    WHERE a.merchant_id = t.m AND a.id = t.acc AND a.shard = t.shard
    RETURNING 1
  ), inserted AS (
    INSERT INTO ledger_transfers (merchant_id, id, source, idempotency_key, leg, request_hash, code, debit_account_id,
        debit_shard, credit_account_id, credit_shard, amount_minor, currency, debit_balance_after, credit_balance_after,
        reference)
    SELECT p_merchants[n.no + 1], n.tid, p_sources[n.no + 1], p_keys[n.no + 1], 0, p_hashes[n.no + 1],
      p_codes[n.no + 1], p_debits[n.no + 1], n.dshard, p_credits[n.no + 1], n.cshard, p_amounts[n.no + 1], n.currency,
      n.debit_after, n.credit_after, p_references[n.no + 1]
    FROM numbered n
    ORDER BY n.tid
    RETURNING 1
  )
  SELECT n.no, 'OK'::text, NULL::text, n.tid, p_codes[n.no + 1], n.dshard, n.cshard, p_amounts[n.no + 1], n.currency,
    n.debit_after, n.credit_after, p_references[n.no + 1], now()
  FROM numbered n;

  IF v_alone IS NOT NULL THEN
    FOREACH v_i IN ARRAY v_alone LOOP
      RETURN QUERY SELECT v_i - 1, r.* FROM ledger_post_one(p_merchants[v_i], p_sources[v_i], p_keys[v_i],
        p_hashes[v_i], p_debits[v_i], p_credits[v_i], p_amounts[v_i], p_codes[v_i], p_references[v_i]) AS r;
    END LOOP;
  END IF;
END $$;
