-- The seamless batch call (ADR 0047), applied after the migrations like seamless-call.sql: change it here, never in a
-- new migration.

-- A batch's items as rows: each is a seamless_call input (sql/seamless-call.sql) with its place `n` in the batch.
CREATE OR REPLACE FUNCTION seamless_batch_items(p_items jsonb) RETURNS TABLE (
  n integer, op text, merchant integer, vendor text, tx text, member bigint, round text, game text, currency text,
  play boolean, amount bigint, bet text, end_round boolean, hash text, source text, account bigint, house bigint
) LANGUAGE sql IMMUTABLE AS $$
  SELECT e.n::integer, c->>'op', (c->>'merchant')::integer, c->>'vendor', c->>'tx', (c->>'member')::bigint,
    c->>'round', c->>'game', c->>'currency', coalesce((c->>'play')::boolean, false), coalesce((c->>'amount')::bigint, 0),
    c->>'bet', coalesce((c->>'endRound')::boolean, false), c->>'hash', c->>'source', (c->>'account')::bigint,
    (c->>'house')::bigint
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (c, n)
$$;

-- Many settlements (credits and endRounds) of one vendor in one statement, hence one transaction. Answers one entry per
-- item, in order, as seamless_calls does: seamless_call's answer, or { "refused": code, "detail": text }.
--
-- The common item goes as a set: an endRound, or a credit that ends its round, of a member wagering no bonus, on a round
-- paid by no bonus, whose transaction id and round appear once in the batch. Rows are locked in seamless_call's order
-- (the items' own ids, then the rounds' bets, then the rounds, each in key order; then the ledger's accounts), every
-- check is seamless_call's, a refused item's claim is deleted (as a refusal rolls a single call's claim back), and the
-- wins are posted by ledger_post_gathered: HOUSE is debited by every post, so the batch writes each of its shards once.
-- Every other item (a bonus to split in the stake's proportion, a credit that leaves its round open, a round named
-- twice) is applied by seamless_call itself after the set, each in its own subtransaction. The balance of an item
-- that moves no money is the member's balance after the batch's set.
CREATE OR REPLACE FUNCTION seamless_batch(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := jsonb_array_length(p_items);
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_items)]);
  v_fast integer[];
  v_go integer[];
  v_row record;
  v_call jsonb;
  v_detail text;
  v_post_n integer[];
  v_merchants integer[];
  v_sources text[];
  v_keys text[];
  v_hashes text[];
  v_debits bigint[];
  v_credits bigint[];
  v_amounts bigint[];
  v_codes text[];
  v_references text[];
BEGIN
  IF v_count = 0 THEN RETURN '[]'::jsonb; END IF;

  -- 1. The items the set takes (the bonus check again under the round's lock, below).
  SELECT coalesce(array_agg(i.n), '{}') INTO v_fast FROM (
    SELECT i.*, count(*) OVER (PARTITION BY i.merchant, i.vendor, i.tx) AS same_tx,
      count(*) OVER (PARTITION BY i.merchant, i.vendor, i.round) AS same_round
    FROM seamless_batch_items(p_items) i) i
  WHERE (i.op = 'endRound' OR (i.op = 'credit' AND i.end_round)) AND i.same_tx = 1 AND i.same_round = 1
    AND (i.play OR NOT EXISTS (SELECT 1 FROM bonus_active_accounts b WHERE b.merchant_id = i.merchant
      AND b.member_id = i.member AND b.currency = i.currency));

  -- 2. Claim their transaction ids; an id that exists is a retry (its first answer) or a conflict.
  WITH claimed AS (
    INSERT INTO vendor_transactions (merchant_id, vendor_code, transaction_id, kind, member_id, round_id,
        bet_transaction_id, amount_minor, currency, status, request_hash)
      SELECT i.merchant, i.vendor, i.tx, CASE i.op WHEN 'credit' THEN 'WIN' ELSE 'END_ROUND' END, i.member, i.round,
        i.bet, CASE i.op WHEN 'credit' THEN i.amount ELSE 0 END, i.currency, 'DONE', i.hash
      FROM seamless_batch_items(p_items) i WHERE i.n = ANY (v_fast) ORDER BY i.merchant, i.vendor, i.tx
      ON CONFLICT DO NOTHING
      RETURNING merchant_id, vendor_code, transaction_id)
  SELECT coalesce(array_agg(i.n), '{}') INTO v_go FROM seamless_batch_items(p_items) i
    JOIN claimed c ON c.merchant_id = i.merchant AND c.vendor_code = i.vendor AND c.transaction_id = i.tx
    WHERE i.n = ANY (v_fast);
  FOR v_row IN SELECT i.n, t.request_hash IS NOT DISTINCT FROM i.hash AS same, t.balance_after_minor AS balance
      FROM seamless_batch_items(p_items) i JOIN vendor_transactions t ON t.merchant_id = i.merchant
        AND t.vendor_code = i.vendor AND t.transaction_id = i.tx
      WHERE i.n = ANY (v_fast) AND NOT i.n = ANY (v_go) LOOP
    v_out[v_row.n] := CASE WHEN v_row.same
      THEN jsonb_build_object('duplicate', true, 'balance', v_row.balance::text, 'settled', false)
      ELSE jsonb_build_object('refused', 'TRANSACTION_CONFLICT', 'detail', '') END;
  END LOOP;

  -- 3. Lock the rounds' bets, then the rounds, in key order.
  PERFORM 1 FROM vendor_transactions t JOIN seamless_batch_items(p_items) i ON t.merchant_id = i.merchant
      AND t.vendor_code = i.vendor AND t.round_id = i.round
    WHERE i.n = ANY (v_go) AND t.kind = 'BET' ORDER BY t.merchant_id, t.vendor_code, t.transaction_id FOR UPDATE OF t;
  PERFORM 1 FROM game_rounds r JOIN seamless_batch_items(p_items) i ON r.merchant_id = i.merchant
      AND r.vendor_code = i.vendor AND r.round_id = i.round
    WHERE i.n = ANY (v_go) ORDER BY r.merchant_id, r.vendor_code, r.round_id FOR UPDATE OF r;

  -- 4. seamless_call's checks. A round paid partly by bonus leaves the set for seamless_call (its win is split).
  FOR v_row IN SELECT i.n, i.merchant, i.vendor, i.tx,
      CASE
        WHEN i.op = 'credit' AND (b.kind IS DISTINCT FROM 'BET' OR b.member_id <> i.member OR b.round_id <> i.round)
          THEN 'BET_NOT_FOUND'
        WHEN i.op = 'credit' AND b.status IN ('ROLLED_BACK', 'TOMBSTONE') THEN 'BET_ROLLED_BACK'
        WHEN i.op = 'credit' AND b.currency <> i.currency THEN 'CURRENCY_MISMATCH'
        WHEN i.op = 'endRound' AND (r.member_id IS NULL OR r.member_id <> i.member) THEN 'BET_NOT_FOUND'
        WHEN i.op = 'endRound' AND r.currency <> i.currency THEN 'CURRENCY_MISMATCH'
        WHEN r.bonus_bet_minor > 0 THEN 'SLOW'
      END AS refused
    FROM seamless_batch_items(p_items) i
      LEFT JOIN vendor_transactions b ON i.op = 'credit' AND b.merchant_id = i.merchant AND b.vendor_code = i.vendor
        AND b.transaction_id = i.bet
      LEFT JOIN game_rounds r ON r.merchant_id = i.merchant AND r.vendor_code = i.vendor AND r.round_id = i.round
    WHERE i.n = ANY (v_go) LOOP
    CONTINUE WHEN v_row.refused IS NULL;
    DELETE FROM vendor_transactions t WHERE t.merchant_id = v_row.merchant AND t.vendor_code = v_row.vendor
      AND t.transaction_id = v_row.tx;
    v_go := array_remove(v_go, v_row.n);
    IF v_row.refused <> 'SLOW' THEN
      v_out[v_row.n] := jsonb_build_object('refused', v_row.refused, 'detail', '');
    ELSE
      v_fast := array_remove(v_fast, v_row.n);
    END IF;
  END LOOP;

  -- 5. Apply the set: every open bet of the rounds settles, the rounds take their wins and close, the wins are posted.
  UPDATE vendor_transactions t SET status = 'SETTLED', updated_at = now()
    FROM seamless_batch_items(p_items) i
    WHERE i.n = ANY (v_go) AND t.merchant_id = i.merchant AND t.vendor_code = i.vendor AND t.round_id = i.round
      AND t.kind = 'BET' AND t.status = 'OPEN';
  -- The set's rounds and answers, per connection (created once, emptied at every commit).
  IF to_regclass('pg_temp.seamless_batch_rounds') IS NULL THEN
    CREATE TEMP TABLE seamless_batch_rounds (n integer PRIMARY KEY, was_open boolean, status text, game text,
      valid bigint, win bigint, balance bigint, post text) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM seamless_batch_rounds;
  WITH before AS (
    SELECT i.n, r.status = 'OPEN' AS was_open FROM seamless_batch_items(p_items) i JOIN game_rounds r
      ON r.merchant_id = i.merchant AND r.vendor_code = i.vendor AND r.round_id = i.round WHERE i.n = ANY (v_go)),
  updated AS (
    UPDATE game_rounds r SET win_minor = r.win_minor + CASE i.op WHEN 'credit' THEN i.amount ELSE 0 END,
        status = CASE WHEN r.status = 'OPEN' THEN 'SETTLED' ELSE r.status END,
        settled_at = CASE WHEN r.status = 'OPEN' THEN now() ELSE r.settled_at END
      FROM seamless_batch_items(p_items) i
      WHERE i.n = ANY (v_go) AND r.merchant_id = i.merchant AND r.vendor_code = i.vendor AND r.round_id = i.round
      RETURNING i.n, r.status, r.game_code, r.valid_bet_minor, r.win_minor)
  INSERT INTO seamless_batch_rounds (n, was_open, status, game, valid, win)
    SELECT u.n, b.was_open, u.status, u.game_code, u.valid_bet_minor, u.win_minor FROM updated u JOIN before b USING (n);

  SELECT array_agg(i.n ORDER BY i.n), array_agg(i.merchant ORDER BY i.n), array_agg(i.source ORDER BY i.n),
      array_agg(i.tx ORDER BY i.n), array_agg(i.hash ORDER BY i.n), array_agg(i.house ORDER BY i.n),
      array_agg(i.account ORDER BY i.n), array_agg(i.amount ORDER BY i.n), array_agg('WIN'::text ORDER BY i.n),
      array_agg(i.round ORDER BY i.n)
    INTO v_post_n, v_merchants, v_sources, v_keys, v_hashes, v_debits, v_credits, v_amounts, v_codes, v_references
    FROM seamless_batch_items(p_items) i WHERE i.n = ANY (v_go) AND i.op = 'credit' AND i.amount > 0;
  -- post_no counts from 0.
  FOR v_row IN SELECT g.post_no, g.status, g.credit_balance_after FROM ledger_post_gathered(v_merchants, v_sources,
      v_keys, v_hashes, v_debits, v_credits, v_amounts, v_codes, v_references) g LOOP
    UPDATE seamless_batch_rounds s SET balance = v_row.credit_balance_after, post = v_row.status
      WHERE s.n = v_post_n[v_row.post_no + 1];
  END LOOP;
  IF EXISTS (SELECT 1 FROM seamless_batch_rounds s WHERE s.post <> 'OK') THEN
    -- The item's own id guards the key, and the accounts come from the caller: anything else is a bug.
    RAISE EXCEPTION 'seamless batch post refused by the ledger: %',
      (SELECT string_agg(s.post, ', ') FROM seamless_batch_rounds s WHERE s.post <> 'OK');
  END IF;
  -- Items that moved no money answer the member's balance after the set.
  UPDATE seamless_batch_rounds s SET balance = a.balance_minor
    FROM seamless_batch_items(p_items) i JOIN ledger_account_balances a ON a.merchant_id = i.merchant
      AND a.id = i.account AND a.shard = 0
    WHERE s.balance IS NULL AND i.n = s.n;
  UPDATE vendor_transactions t SET balance_after_minor = s.balance
    FROM seamless_batch_rounds s JOIN seamless_batch_items(p_items) i ON i.n = s.n
    WHERE t.merchant_id = i.merchant AND t.vendor_code = i.vendor AND t.transaction_id = i.tx;
  FOR v_row IN SELECT s.*, i.op, i.amount FROM seamless_batch_rounds s JOIN seamless_batch_items(p_items) i
      ON i.n = s.n LOOP
    v_out[v_row.n] := CASE
      WHEN v_row.status = 'SETTLED' AND (v_row.was_open OR v_row.op = 'credit')
        THEN jsonb_build_object('duplicate', false, 'balance', v_row.balance::text, 'settled', true,
          'betMinor', v_row.valid::text, 'winMinor', v_row.win::text, 'game', v_row.game)
      ELSE jsonb_build_object('duplicate', false, 'balance', v_row.balance::text, 'settled', false) END;
  END LOOP;

  -- 6. Everything else, one by one as seamless_calls applies them.
  FOR v_row IN SELECT e.n::integer AS n, e.c FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (c, n)
      WHERE NOT e.n::integer = ANY (v_fast) ORDER BY e.n LOOP
    BEGIN
      v_out[v_row.n] := seamless_call(v_row.c);
    EXCEPTION WHEN SQLSTATE 'SW001' THEN
      GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
      v_out[v_row.n] := jsonb_build_object('refused', SQLERRM, 'detail', v_detail);
    END;
  END LOOP;
  RETURN to_jsonb(v_out);
END $$;
