-- The ledger's current SQL functions (DESIGN.md §5). Applied with CREATE OR REPLACE after the migrations at every boot
-- whose checksum differs from the one recorded (packages/db migrate.ts, "routines"): change a function here, never in
-- a new migration. Migrations keep the tables and the triggers that call these functions.

-- A lean path for the commonest post: one leg, no reversal (a bet, a win, a deposit, a hold). Same rules and same rows
-- as ledger_post() (0003), without its general batch machinery (JSON legs, per-post arrays, a dozen statements for one
-- leg): the idempotency lookup, two guarded UPDATEs and one INSERT. ADR 0010, "The single-leg path".
--
-- Locking: the two rows are updated in (id) order, so two posts cannot deadlock on them; when the debit is the second
-- row and is refused, the credit already applied is undone before answering. A batch (ledger_post_single_batch) locks
-- every row of the batch first, in (merchant_id, id, shard) order, exactly as ledger_post does. Transfer ids are taken
-- after both rows are locked, so on any row the id order is still the order of application.
--
-- Answers one row: status OK (the new transfer), REPLAYED (the first transfer under the key), or a refusal
-- (IDEMPOTENCY_CONFLICT, INSUFFICIENT_FUNDS, ACCOUNT_NOT_FOUND, CURRENCY_MISMATCH) with its detail and no transfer.
CREATE OR REPLACE FUNCTION ledger_post_one(
  p_merchant integer,
  p_source text,
  p_key text,
  p_hash text,
  p_debit bigint,
  p_credit bigint,
  p_amount bigint,
  p_code text,
  p_reference text
) RETURNS TABLE (
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
  v_key_hash integer := ledger_key_hash(p_source, p_key);
  v_existing record;
  v_debit record;
  v_credit record;
  v_credit_first boolean := p_credit < p_debit;
BEGIN
  -- 1. Idempotency: the same key and request returns the first result; another request is refused. Two posts racing
  -- past this check meet on the unique index, and the loser's statement fails whole (the caller retries and replays).
  SELECT t.request_hash, t.id, t.code, t.debit_account_id, t.credit_account_id, t.debit_shard, t.credit_shard,
      t.amount_minor, t.currency, t.debit_balance_after, t.credit_balance_after, t.reference, t.created_at
    INTO v_existing FROM ledger_transfers t
    WHERE t.merchant_id = p_merchant AND t.source = p_source AND t.idempotency_key = p_key AND t.leg = 0;
  IF FOUND THEN
    IF v_existing.request_hash <> p_hash THEN
      RETURN QUERY SELECT 'IDEMPOTENCY_CONFLICT'::text, NULL::text, NULL::bigint, NULL::text, NULL::smallint,
        NULL::smallint, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint, NULL::text, NULL::timestamptz;
    ELSE
      RETURN QUERY SELECT 'REPLAYED'::text, NULL::text, v_existing.id, v_existing.code, v_existing.debit_shard,
        v_existing.credit_shard, v_existing.amount_minor, v_existing.currency, v_existing.debit_balance_after,
        v_existing.credit_balance_after, v_existing.reference, v_existing.created_at;
    END IF;
    RETURN;
  END IF;

  -- 2. The two rows, lower id first. The shard of a sharded account comes from the key (ADR 0010); shard_count is
  -- read once (an InitPlan) so the shard is an index condition.
  IF v_credit_first THEN
    UPDATE ledger_accounts a SET balance_minor = a.balance_minor + p_amount
      WHERE a.merchant_id = p_merchant AND a.id = p_credit
        AND a.shard = ledger_shard_of(v_key_hash, (SELECT c.shard_count FROM ledger_accounts c
                                                   WHERE c.merchant_id = p_merchant AND c.id = p_credit AND c.shard = 0))
      RETURNING a.balance_minor, a.shard, a.currency INTO v_credit;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'ACCOUNT_NOT_FOUND'::text, p_credit::text, NULL::bigint, NULL::text, NULL::smallint,
        NULL::smallint, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint, NULL::text, NULL::timestamptz;
      RETURN;
    END IF;
  END IF;

  -- The one way a balance goes down: guarded by the balance itself, in the same statement (DESIGN.md §5).
  UPDATE ledger_accounts a SET balance_minor = a.balance_minor - p_amount
    WHERE a.merchant_id = p_merchant AND a.id = p_debit
      AND a.shard = ledger_shard_of(v_key_hash, (SELECT c.shard_count FROM ledger_accounts c
                                                 WHERE c.merchant_id = p_merchant AND c.id = p_debit AND c.shard = 0))
      AND (a.allow_negative OR a.balance_minor >= p_amount)
    RETURNING a.balance_minor, a.shard, a.currency INTO v_debit;
  IF NOT FOUND THEN
    IF v_credit_first THEN
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor - p_amount
        WHERE a.merchant_id = p_merchant AND a.id = p_credit AND a.shard = v_credit.shard;
    END IF;
    RETURN QUERY SELECT CASE WHEN EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.merchant_id = p_merchant
        AND a.id = p_debit) THEN 'INSUFFICIENT_FUNDS' ELSE 'ACCOUNT_NOT_FOUND' END, p_debit::text, NULL::bigint,
      NULL::text, NULL::smallint, NULL::smallint, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint, NULL::text,
      NULL::timestamptz;
    RETURN;
  END IF;

  IF NOT v_credit_first THEN
    UPDATE ledger_accounts a SET balance_minor = a.balance_minor + p_amount
      WHERE a.merchant_id = p_merchant AND a.id = p_credit
        AND a.shard = ledger_shard_of(v_key_hash, (SELECT c.shard_count FROM ledger_accounts c
                                                   WHERE c.merchant_id = p_merchant AND c.id = p_credit AND c.shard = 0))
      RETURNING a.balance_minor, a.shard, a.currency INTO v_credit;
    IF NOT FOUND THEN
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor + p_amount
        WHERE a.merchant_id = p_merchant AND a.id = p_debit AND a.shard = v_debit.shard;
      RETURN QUERY SELECT 'ACCOUNT_NOT_FOUND'::text, p_credit::text, NULL::bigint, NULL::text, NULL::smallint,
        NULL::smallint, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint, NULL::text, NULL::timestamptz;
      RETURN;
    END IF;
  END IF;

  IF v_credit.currency <> v_debit.currency THEN
    UPDATE ledger_accounts a SET balance_minor = a.balance_minor + p_amount
      WHERE a.merchant_id = p_merchant AND a.id = p_debit AND a.shard = v_debit.shard;
    UPDATE ledger_accounts a SET balance_minor = a.balance_minor - p_amount
      WHERE a.merchant_id = p_merchant AND a.id = p_credit AND a.shard = v_credit.shard;
    RETURN QUERY SELECT 'CURRENCY_MISMATCH'::text, v_debit.currency || '/' || v_credit.currency, NULL::bigint,
      NULL::text, NULL::smallint, NULL::smallint, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint, NULL::text,
      NULL::timestamptz;
    RETURN;
  END IF;

  -- 3. The fact, with its id taken now that both rows are locked.
  RETURN QUERY INSERT INTO ledger_transfers AS t (merchant_id, id, source, idempotency_key, leg, request_hash, code,
      debit_account_id, debit_shard, credit_account_id, credit_shard, amount_minor, currency, debit_balance_after,
      credit_balance_after, reference)
    VALUES (p_merchant, nextval('ledger_transfer_id_seq'), p_source, p_key, 0, p_hash, p_code, p_debit, v_debit.shard,
      p_credit, v_credit.shard, p_amount, v_debit.currency, v_debit.balance_minor, v_credit.balance_minor, p_reference)
    RETURNING 'OK'::text, NULL::text, t.id, t.code, t.debit_shard, t.credit_shard, t.amount_minor, t.currency,
      t.debit_balance_after, t.credit_balance_after, t.reference, t.created_at;
END $$;

-- Group commit of single-leg posts: every row the batch may touch is locked first in (merchant_id, id, shard) order
-- (so batches cannot deadlock), then each post runs as ledger_post_one. The arrays are parallel, one element per post;
-- post_no is the element's index from 0. A refusal is that post's result; the others commit.
CREATE OR REPLACE FUNCTION ledger_post_single_batch(
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
  v_i integer;
BEGIN
  PERFORM 1 FROM unnest(p_merchants, p_sources, p_keys, p_debits, p_credits) AS u (m, s, k, d, c)
    CROSS JOIN LATERAL (VALUES (u.d), (u.c)) AS x (acc)
    JOIN ledger_accounts a ON a.merchant_id = u.m AND a.id = x.acc
      AND a.shard = ledger_shard_of(ledger_key_hash(u.s, u.k), a.shard_count)
    ORDER BY a.merchant_id, a.id, a.shard
    FOR UPDATE OF a;
  FOR v_i IN 1..coalesce(array_length(p_keys, 1), 0) LOOP
    RETURN QUERY SELECT v_i - 1, r.* FROM ledger_post_one(p_merchants[v_i], p_sources[v_i], p_keys[v_i],
      p_hashes[v_i], p_debits[v_i], p_credits[v_i], p_amounts[v_i], p_codes[v_i], p_references[v_i]) AS r;
  END LOOP;
END $$;
