-- Ledger speed (issue 4, bench/ledger.mjs): the same guarantees as 0003_ledger.sql with less work per transfer.

-- 1. The transfer -> account foreign keys cost a lookup and a row lock (a WAL record) per side of every transfer. The
-- only writer of transfers is ledger_post(), which inserts a transfer only after both of its account rows were found,
-- locked and updated in the same transaction; accounts are never deleted (ledger_accounts_no_delete) and, from
-- here on, the columns a transfer points at never change either, so the reference cannot dangle. The audit
-- (TRANSFER_ACCOUNT_MISSING) checks it too. The foreign key of a correction to its original stays.
DO $$
DECLARE
  v_name name;
BEGIN
  FOR v_name IN
    SELECT conname FROM pg_constraint
      WHERE conrelid = 'ledger_transfers'::regclass AND confrelid = 'ledger_accounts'::regclass AND contype = 'f'
  LOOP
    EXECUTE format('ALTER TABLE ledger_transfers DROP CONSTRAINT %I', v_name);
  END LOOP;
END $$;
-- Statement-level and only when one of these columns is SET, so the balance UPDATEs never fire it.
CREATE TRIGGER ledger_accounts_key_immutable
  BEFORE UPDATE OF merchant_id, id, shard, shard_count, currency, allow_negative ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();

-- 2. ledger_post(): shard counts are read once per batch, by the statement that takes the locks, instead of by an
-- InitPlan in every UPDATE; an unknown account is known from that statement too (no EXISTS after a failed UPDATE).
-- Everything else is 0003's: the same lock order, guarded UPDATE, idempotency check, ids taken after the locks,
-- refusals as per-post results.
CREATE OR REPLACE FUNCTION ledger_post(p_posts jsonb) RETURNS TABLE (
  post_no integer,
  status text,
  detail text,
  id bigint,
  leg smallint,
  code text,
  debit_account_id bigint,
  debit_shard smallint,
  credit_account_id bigint,
  credit_shard smallint,
  amount_minor bigint,
  currency text,
  debit_balance_after bigint,
  credit_balance_after bigint,
  reference text,
  reverses_transfer_id bigint,
  created_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_post jsonb;
  v_leg jsonb;
  v_post_no integer := -1;
  v_merchant integer;
  v_source text;
  v_key text;
  v_hash text;
  v_existing text;
  v_amount bigint;
  v_debit bigint;
  v_credit bigint;
  v_debit_row record;
  v_credit_row record;
  v_refusal text;
  v_detail text;
  -- The legs of the current post as applied so far: what to insert, or what to undo if a later leg is refused.
  v_debits bigint[];
  v_credits bigint[];
  v_debit_shards smallint[];
  v_credit_shards smallint[];
  v_amounts bigint[];
  v_codes text[];
  v_debit_afters bigint[];
  v_credit_afters bigint[];
  v_currency text;
  v_i integer;
  v_lock_merchants integer[];
  v_lock_accounts bigint[];
  v_lock_hashes integer[];
  -- Per side of every leg of the batch, in order (post, leg, debit then credit): the shard locked for it, or NULL
  -- when the account does not exist.
  v_shards smallint[];
  v_base integer := 0;
  v_next integer := 0;
  v_leg_no integer;
  v_debit_shard smallint;
  v_credit_shard smallint;
  v_now timestamptz := now();
BEGIN
  -- 1. Lock every row the batch may touch, in key order, and remember which shard each leg side got: shard counts
  -- are read here, once per batch, not again per UPDATE. Unknown accounts lock nothing; they are refused below.
  -- The sides are gathered into arrays first: joined straight to the JSON, the planner cannot estimate them and
  -- scans the whole accounts table.
  SELECT array_agg((p.value->>'merchant')::integer ORDER BY p.n, l.n, s.side),
         array_agg((CASE s.side WHEN 0 THEN l.value->>'debit' ELSE l.value->>'credit' END)::bigint
                   ORDER BY p.n, l.n, s.side),
         array_agg(hashtext((p.value->>'source') || ':' || (p.value->>'key')) ORDER BY p.n, l.n, s.side)
    INTO v_lock_merchants, v_lock_accounts, v_lock_hashes
    FROM jsonb_array_elements(p_posts) WITH ORDINALITY AS p (value, n)
    CROSS JOIN LATERAL jsonb_array_elements(p.value->'legs') WITH ORDINALITY AS l (value, n)
    CROSS JOIN (VALUES (0), (1)) AS s (side);
  -- LockRows runs above the Sort, so rows are locked in (merchant_id, id, shard) order whatever the batch.
  WITH locked AS MATERIALIZED (
    SELECT t.n, a.shard FROM unnest(v_lock_merchants, v_lock_accounts, v_lock_hashes) WITH ORDINALITY AS t (m, acc, h, n)
      JOIN ledger_accounts a ON a.merchant_id = t.m AND a.id = t.acc AND a.shard = abs(t.h % a.shard_count)
      ORDER BY a.merchant_id, a.id, a.shard
      FOR UPDATE OF a
  )
  SELECT array_agg(k.shard ORDER BY s.n) INTO v_shards
    FROM generate_series(1, coalesce(cardinality(v_lock_accounts), 0)) AS s (n)
    LEFT JOIN locked k ON k.n = s.n;

  FOR v_post IN SELECT value FROM jsonb_array_elements(p_posts) LOOP
    v_post_no := v_post_no + 1;
    v_merchant := (v_post->>'merchant')::integer;
    v_source := v_post->>'source';
    v_key := v_post->>'key';
    v_hash := v_post->>'hash';
    v_base := v_next;
    v_next := v_next + 2 * jsonb_array_length(v_post->'legs');

    -- 2. Idempotency: the same key and request returns the first result; another request is refused.
    SELECT t.request_hash INTO v_existing FROM ledger_transfers t
      WHERE t.merchant_id = v_merchant AND t.source = v_source AND t.idempotency_key = v_key AND t.leg = 0;
    IF FOUND THEN
      IF v_existing <> v_hash THEN
        post_no := v_post_no; status := 'IDEMPOTENCY_CONFLICT'; detail := NULL;
        id := NULL; leg := NULL; code := NULL; debit_account_id := NULL; debit_shard := NULL;
        credit_account_id := NULL; credit_shard := NULL; amount_minor := NULL; currency := NULL;
        debit_balance_after := NULL; credit_balance_after := NULL; reference := NULL;
        reverses_transfer_id := NULL; created_at := NULL;
        RETURN NEXT;
      ELSE
        RETURN QUERY SELECT v_post_no, 'REPLAYED'::text, NULL::text, t.id, t.leg, t.code, t.debit_account_id,
          t.debit_shard, t.credit_account_id, t.credit_shard, t.amount_minor, t.currency, t.debit_balance_after,
          t.credit_balance_after, t.reference, t.reverses_transfer_id, t.created_at
          FROM ledger_transfers t
          WHERE t.merchant_id = v_merchant AND t.source = v_source AND t.idempotency_key = v_key
          ORDER BY t.leg;
      END IF;
      CONTINUE;
    END IF;

    v_refusal := NULL;
    v_detail := NULL;
    IF v_post->>'reverses' IS NOT NULL AND EXISTS (
      SELECT 1 FROM ledger_transfers t
        WHERE t.merchant_id = v_merchant AND t.reverses_transfer_id = (v_post->>'reverses')::bigint
    ) THEN
      v_refusal := 'ALREADY_REVERSED';
      v_detail := v_post->>'reverses';
    END IF;

    -- 3. Apply the legs in order; a refused leg undoes the legs before it, so a post is all or nothing.
    v_debits := '{}'; v_credits := '{}'; v_debit_shards := '{}'; v_credit_shards := '{}';
    v_amounts := '{}'; v_codes := '{}'; v_debit_afters := '{}'; v_credit_afters := '{}';
    v_leg_no := 0;
    FOR v_leg IN SELECT value FROM jsonb_array_elements(v_post->'legs') LOOP
      EXIT WHEN v_refusal IS NOT NULL;
      v_leg_no := v_leg_no + 1;
      v_amount := (v_leg->>'amount')::bigint;
      v_debit := (v_leg->>'debit')::bigint;
      v_credit := (v_leg->>'credit')::bigint;
      v_debit_shard := v_shards[v_base + 2 * v_leg_no - 1];
      v_credit_shard := v_shards[v_base + 2 * v_leg_no];
      IF v_debit_shard IS NULL THEN
        v_refusal := 'ACCOUNT_NOT_FOUND'; v_detail := v_debit::text;
        EXIT;
      END IF;
      -- The one way a balance goes down: guarded by the balance itself, in the same statement (DESIGN.md §5).
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor - v_amount
        WHERE a.merchant_id = v_merchant AND a.id = v_debit AND a.shard = v_debit_shard
          AND (a.allow_negative OR a.balance_minor >= v_amount)
        RETURNING a.balance_minor, a.shard, a.currency INTO v_debit_row;
      IF NOT FOUND THEN
        -- The row exists (it was locked above) and accounts are never deleted: only the guard can refuse.
        v_refusal := 'INSUFFICIENT_FUNDS'; v_detail := v_debit::text;
        EXIT;
      END IF;
      v_debits := v_debits || v_debit;
      v_debit_shards := v_debit_shards || v_debit_row.shard;
      v_debit_afters := v_debit_afters || v_debit_row.balance_minor;
      v_amounts := v_amounts || v_amount;
      v_codes := v_codes || (v_leg->>'code');
      v_currency := v_debit_row.currency;

      IF v_credit_shard IS NOT NULL THEN
        UPDATE ledger_accounts a SET balance_minor = a.balance_minor + v_amount
          WHERE a.merchant_id = v_merchant AND a.id = v_credit AND a.shard = v_credit_shard
          RETURNING a.balance_minor, a.shard, a.currency INTO v_credit_row;
      END IF;
      IF v_credit_shard IS NULL OR NOT FOUND THEN
        v_refusal := 'ACCOUNT_NOT_FOUND'; v_detail := v_credit::text;
        v_credits := v_credits || NULL::bigint; v_credit_shards := v_credit_shards || NULL::smallint;
        EXIT;
      END IF;
      v_credits := v_credits || v_credit;
      v_credit_shards := v_credit_shards || v_credit_row.shard;
      v_credit_afters := v_credit_afters || v_credit_row.balance_minor;
      IF v_credit_row.currency <> v_debit_row.currency THEN
        v_refusal := 'CURRENCY_MISMATCH'; v_detail := v_debit_row.currency || '/' || v_credit_row.currency;
        EXIT;
      END IF;
    END LOOP;

    IF v_refusal IS NOT NULL THEN
      FOR v_i IN REVERSE coalesce(array_length(v_debits, 1), 0)..1 LOOP
        IF v_credits[v_i] IS NOT NULL THEN
          UPDATE ledger_accounts a SET balance_minor = a.balance_minor - v_amounts[v_i]
            WHERE a.merchant_id = v_merchant AND a.id = v_credits[v_i] AND a.shard = v_credit_shards[v_i];
        END IF;
        UPDATE ledger_accounts a SET balance_minor = a.balance_minor + v_amounts[v_i]
          WHERE a.merchant_id = v_merchant AND a.id = v_debits[v_i] AND a.shard = v_debit_shards[v_i];
      END LOOP;
      post_no := v_post_no; status := v_refusal; detail := v_detail;
      id := NULL; leg := NULL; code := NULL; debit_account_id := NULL; debit_shard := NULL;
      credit_account_id := NULL; credit_shard := NULL; amount_minor := NULL; currency := NULL;
      debit_balance_after := NULL; credit_balance_after := NULL; reference := NULL;
      reverses_transfer_id := NULL; created_at := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- 4. The facts, with ids taken now that every row is locked, in leg order.
    RETURN QUERY INSERT INTO ledger_transfers AS t (merchant_id, id, source, idempotency_key, leg, request_hash, code,
        debit_account_id, debit_shard, credit_account_id, credit_shard, amount_minor, currency, debit_balance_after,
        credit_balance_after, reference, reverses_transfer_id, created_at)
      SELECT v_merchant, nextval('ledger_transfer_id_seq'), v_source, v_key, (u.n - 1)::smallint, v_hash, u.code,
          u.debit, u.debit_shard, u.credit, u.credit_shard, u.amount, v_currency, u.debit_after, u.credit_after,
          v_post->>'reference', (v_post->>'reverses')::bigint, v_now
        FROM unnest(v_debits, v_debit_shards, v_credits, v_credit_shards, v_amounts, v_codes, v_debit_afters,
                    v_credit_afters)
          WITH ORDINALITY AS u (debit, debit_shard, credit, credit_shard, amount, code, debit_after, credit_after, n)
      RETURNING v_post_no, 'OK'::text, NULL::text, t.id, t.leg, t.code, t.debit_account_id, t.debit_shard,
        t.credit_account_id, t.credit_shard, t.amount_minor, t.currency, t.debit_balance_after,
        t.credit_balance_after, t.reference, t.reverses_transfer_id, t.created_at;
  END LOOP;
END $$;
