-- The ledger's current SQL functions (DESIGN.md §5). Applied with CREATE OR REPLACE after the migrations at every boot
-- whose checksum differs from the one recorded (packages/db migrate.ts, "routines"): change a function here, never in
-- a new migration. Migrations keep the tables and the triggers that call these functions.

-- Applies a batch of posts in one statement, hence one transaction, and returns one row per transfer of each post
-- (status OK or REPLAYED) or one row per refused post (status and detail). Business refusals are results, not
-- errors, so one caller's insufficient funds or key conflict never fails the other posts of a group commit; a post
-- that is refused leaves no write behind (its applied legs are undone before the next post).
--
-- p_posts: [{ "merchant": int, "source": text, "key": text, "hash": text, "reference": text|null,
--             "reverses": "id"|null, "legs": [{ "debit": "id", "credit": "id", "amount": "minor", "code": text }] }]
-- Amounts and ids travel as strings: JSON numbers would lose bigint precision on the way.
--
-- Locking: every account row of the batch is locked first, in (merchant_id, id, shard) order, so two batches can
-- never deadlock whatever their posts; only then are transfer ids taken (see ledger_transfer_id_seq).
-- The shard of a sharded account is picked from the idempotency key's hash, known before locking (DESIGN.md says
-- "from the transfer id", but the id is taken after the locks; the key spreads as evenly and keeps retries on the
-- same shard).
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
  v_key_hash integer;
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
  v_lock_merchants integer[] := '{}';
  v_lock_accounts bigint[] := '{}';
  v_lock_hashes integer[] := '{}';
  v_now timestamptz := now();
BEGIN
  -- 1. Lock every row the batch may touch, in key order. Unknown accounts lock nothing; they are refused below.
  -- The set is gathered into arrays first: joined straight to the JSON, the planner cannot estimate it and scans
  -- the whole accounts table.
  FOR v_post IN SELECT value FROM jsonb_array_elements(p_posts) LOOP
    v_key_hash := ledger_key_hash(v_post->>'source', v_post->>'key');
    FOR v_leg IN SELECT value FROM jsonb_array_elements(v_post->'legs') LOOP
      v_lock_merchants := v_lock_merchants || (v_post->>'merchant')::integer || (v_post->>'merchant')::integer;
      v_lock_accounts := v_lock_accounts || (v_leg->>'debit')::bigint || (v_leg->>'credit')::bigint;
      v_lock_hashes := v_lock_hashes || v_key_hash || v_key_hash;
    END LOOP;
  END LOOP;
  PERFORM ledger_lock_accounts(v_lock_merchants, v_lock_accounts, v_lock_hashes);

  FOR v_post IN SELECT value FROM jsonb_array_elements(p_posts) LOOP
    v_post_no := v_post_no + 1;
    v_merchant := (v_post->>'merchant')::integer;
    v_source := v_post->>'source';
    v_key := v_post->>'key';
    v_hash := v_post->>'hash';
    v_key_hash := ledger_key_hash(v_source, v_key);

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
    FOR v_leg IN SELECT value FROM jsonb_array_elements(v_post->'legs') LOOP
      EXIT WHEN v_refusal IS NOT NULL;
      v_amount := (v_leg->>'amount')::bigint;
      v_debit := (v_leg->>'debit')::bigint;
      v_credit := (v_leg->>'credit')::bigint;
      -- The one way a balance goes down: guarded by the balance itself, in the same statement (DESIGN.md §5).
      -- shard_count is read once (an InitPlan), so the shard is an index condition rather than a filter over shards.
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor - v_amount
        WHERE a.merchant_id = v_merchant AND a.id = v_debit
          AND a.shard = ledger_shard_of(v_key_hash, (SELECT c.shard_count FROM ledger_accounts c
                                                     WHERE c.merchant_id = v_merchant AND c.id = v_debit AND c.shard = 0))
          AND (a.allow_negative OR a.balance_minor >= v_amount)
        RETURNING a.balance_minor, a.shard, a.currency INTO v_debit_row;
      IF NOT FOUND THEN
        v_refusal := CASE WHEN EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.merchant_id = v_merchant
          AND a.id = v_debit) THEN 'INSUFFICIENT_FUNDS' ELSE 'ACCOUNT_NOT_FOUND' END;
        v_detail := v_debit::text;
        EXIT;
      END IF;
      v_debits := v_debits || v_debit;
      v_debit_shards := v_debit_shards || v_debit_row.shard;
      v_debit_afters := v_debit_afters || v_debit_row.balance_minor;
      v_amounts := v_amounts || v_amount;
      v_codes := v_codes || (v_leg->>'code');
      v_currency := v_debit_row.currency;

      UPDATE ledger_accounts a SET balance_minor = a.balance_minor + v_amount
        WHERE a.merchant_id = v_merchant AND a.id = v_credit
          AND a.shard = ledger_shard_of(v_key_hash, (SELECT c.shard_count FROM ledger_accounts c
                                                     WHERE c.merchant_id = v_merchant AND c.id = v_credit AND c.shard = 0))
        RETURNING a.balance_minor, a.shard, a.currency INTO v_credit_row;
      IF NOT FOUND THEN
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
