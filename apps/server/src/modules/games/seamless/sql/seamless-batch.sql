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
-- paid by no bonus, whose transaction id and round appear once in the batch. The set locks the rounds' bets, then the
-- rounds, each in key order (then the ledger's accounts), reading what seamless_call's checks need as it locks; an
-- item whose transaction id exists by then is a retry (its first answer) or a conflict; the wins are posted by
-- ledger_post_gathered (HOUSE is debited by every post, so the batch writes each of its shards once); and the items'
-- own transaction rows are written last, once, with the balance they answer. A transaction id claimed meanwhile by a
-- single call that has not committed makes the two wait on each other: PostgreSQL ends one as a deadlock, and the
-- caller runs it again (the batch as a whole, like a claim found taken at the end: 40001). Every other item (a bonus to
-- split in the stake's proportion, a credit that leaves its round open, a round named twice) is applied by
-- seamless_call itself after the set, each in its own subtransaction. The balance of an item that moves no money is
-- the member's balance after the batch's set.
--
-- Which items are in the set is kept as flags indexed by the item's place (v_fast, v_go), and what the set's rounds
-- answer as arrays indexed the same way: a lookup by place costs the same for any batch size, where `n = ANY (list)`
-- read the list for every row, and a temporary table was truncated at every commit.
CREATE OR REPLACE FUNCTION seamless_batch(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := jsonb_array_length(p_items);
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_items)]);
  v_fast boolean[];
  v_go boolean[];
  v_ops text[];
  v_row record;
  v_detail text;
  v_claimed integer;
  v_expected integer := 0;
  -- Per item place: the refusal its bet or round gives, and for the set's rounds: whether this item closed it, status
  -- after, game, valid bet, win, balance after.
  v_refusal text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(p_items)]);
  v_set boolean[] := array_fill(false, ARRAY[jsonb_array_length(p_items)]);
  v_was_open boolean[] := array_fill(NULL::boolean, ARRAY[jsonb_array_length(p_items)]);
  v_status text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(p_items)]);
  v_game text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(p_items)]);
  v_valid bigint[] := array_fill(NULL::bigint, ARRAY[jsonb_array_length(p_items)]);
  v_win bigint[] := array_fill(NULL::bigint, ARRAY[jsonb_array_length(p_items)]);
  v_balance bigint[] := array_fill(NULL::bigint, ARRAY[jsonb_array_length(p_items)]);
  v_refused text;
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
  SELECT array_agg(i.op ORDER BY i.n), array_agg(coalesce(
      (i.op = 'endRound' OR (i.op = 'credit' AND i.end_round)) AND i.same_tx = 1 AND i.same_round = 1
      AND (i.play OR NOT EXISTS (SELECT 1 FROM bonus_active_accounts b WHERE b.merchant_id = i.merchant
        AND b.member_id = i.member AND b.currency = i.currency)), false) ORDER BY i.n)
    INTO v_ops, v_fast
    FROM (SELECT i.*, count(*) OVER (PARTITION BY i.merchant, i.vendor, i.tx) AS same_tx,
        count(*) OVER (PARTITION BY i.merchant, i.vendor, i.round) AS same_round
      FROM seamless_batch_items(p_items) i) i;

  -- 2. Lock the rounds' bets in key order; a credit's own bet must be among them (seamless_call's checks).
  FOR v_row IN
    WITH locked AS (
      SELECT i.n, i.op, i.bet, i.member, i.currency, t.transaction_id, t.member_id, t.status, t.currency AS bet_currency
      FROM vendor_transactions t JOIN seamless_batch_items(p_items) i ON t.merchant_id = i.merchant
        AND t.vendor_code = i.vendor AND t.round_id = i.round
      WHERE v_fast[i.n] AND t.kind = 'BET' ORDER BY t.merchant_id, t.vendor_code, t.transaction_id FOR UPDATE OF t)
    SELECT l.n, l.transaction_id, l.member_id = l.member AS same_member, l.status, l.bet_currency = l.currency AS same_currency
    FROM locked l WHERE l.op = 'credit' AND l.transaction_id = l.bet
  LOOP
    v_refusal[v_row.n] := CASE
      WHEN NOT v_row.same_member THEN 'BET_NOT_FOUND'
      WHEN v_row.status IN ('ROLLED_BACK', 'TOMBSTONE') THEN 'BET_ROLLED_BACK'
      WHEN NOT v_row.same_currency THEN 'CURRENCY_MISMATCH'
      ELSE '' END;
  END LOOP;

  -- 3. Lock the rounds in key order, and read what the checks and the answers need. A round paid partly by bonus
  -- leaves the set for seamless_call (its win is split).
  FOR v_row IN SELECT i.n, i.op, r.member_id = i.member AS same_member, r.currency = i.currency AS same_currency,
        r.bonus_bet_minor > 0 AS bonus, r.status = 'OPEN' AS was_open
      FROM game_rounds r JOIN seamless_batch_items(p_items) i ON r.merchant_id = i.merchant
        AND r.vendor_code = i.vendor AND r.round_id = i.round
      WHERE v_fast[i.n] ORDER BY r.merchant_id, r.vendor_code, r.round_id FOR UPDATE OF r LOOP
    v_was_open[v_row.n] := v_row.was_open;
    v_refusal[v_row.n] := CASE
      WHEN v_row.op = 'credit' THEN coalesce(v_refusal[v_row.n], 'BET_NOT_FOUND')
      WHEN NOT v_row.same_member THEN 'BET_NOT_FOUND'
      WHEN NOT v_row.same_currency THEN 'CURRENCY_MISMATCH'
      ELSE '' END;
    IF v_refusal[v_row.n] = '' AND v_row.bonus THEN
      v_refusal[v_row.n] := 'SLOW';
    END IF;
  END LOOP;

  -- 4. Under those locks: an item whose transaction id exists is a retry (its first answer) or a conflict; the others
  -- go into the set, are refused, or leave it for seamless_call. A round not found refuses the item.
  v_go := v_fast;
  FOR v_row IN SELECT i.n, t.request_hash IS NOT DISTINCT FROM i.hash AS same, t.balance_after_minor AS balance
      FROM seamless_batch_items(p_items) i JOIN vendor_transactions t ON t.merchant_id = i.merchant
        AND t.vendor_code = i.vendor AND t.transaction_id = i.tx
      WHERE v_fast[i.n] LOOP
    v_go[v_row.n] := false;
    v_out[v_row.n] := CASE WHEN v_row.same
      THEN jsonb_build_object('duplicate', true, 'balance', v_row.balance::text, 'settled', false)
      ELSE jsonb_build_object('refused', 'TRANSACTION_CONFLICT', 'detail', '') END;
  END LOOP;
  FOR v_n IN 1 .. v_count LOOP
    CONTINUE WHEN NOT v_go[v_n];
    IF v_refusal[v_n] IS NULL OR v_refusal[v_n] NOT IN ('', 'SLOW') THEN
      v_go[v_n] := false;
      v_out[v_n] := jsonb_build_object('refused', coalesce(v_refusal[v_n], 'BET_NOT_FOUND'), 'detail', '');
    ELSIF v_refusal[v_n] = 'SLOW' THEN
      v_go[v_n] := false;
      v_fast[v_n] := false;
    ELSE
      v_expected := v_expected + 1;
    END IF;
  END LOOP;

  -- 5. Apply the set: every open bet of the rounds settles, the rounds take their wins and close, the wins are posted.
  UPDATE vendor_transactions t SET status = 'SETTLED', updated_at = now()
    FROM seamless_batch_items(p_items) i
    WHERE v_go[i.n] AND t.merchant_id = i.merchant AND t.vendor_code = i.vendor AND t.round_id = i.round
      AND t.kind = 'BET' AND t.status = 'OPEN';
  FOR v_row IN
    UPDATE game_rounds r SET win_minor = r.win_minor + CASE i.op WHEN 'credit' THEN i.amount ELSE 0 END,
        status = CASE WHEN r.status = 'OPEN' THEN 'SETTLED' ELSE r.status END,
        settled_at = CASE WHEN r.status = 'OPEN' THEN now() ELSE r.settled_at END
      FROM seamless_batch_items(p_items) i
      WHERE v_go[i.n] AND r.merchant_id = i.merchant AND r.vendor_code = i.vendor AND r.round_id = i.round
      RETURNING i.n, r.status, r.game_code, r.valid_bet_minor, r.win_minor
  LOOP
    v_set[v_row.n] := true;
    v_status[v_row.n] := v_row.status;
    v_game[v_row.n] := v_row.game_code;
    v_valid[v_row.n] := v_row.valid_bet_minor;
    v_win[v_row.n] := v_row.win_minor;
  END LOOP;

  SELECT array_agg(i.n ORDER BY i.n), array_agg(i.merchant ORDER BY i.n), array_agg(i.source ORDER BY i.n),
      array_agg(i.tx ORDER BY i.n), array_agg(i.hash ORDER BY i.n), array_agg(i.house ORDER BY i.n),
      array_agg(i.account ORDER BY i.n), array_agg(i.amount ORDER BY i.n), array_agg('WIN'::text ORDER BY i.n),
      array_agg(i.round ORDER BY i.n)
    INTO v_post_n, v_merchants, v_sources, v_keys, v_hashes, v_debits, v_credits, v_amounts, v_codes, v_references
    FROM seamless_batch_items(p_items) i WHERE v_go[i.n] AND i.op = 'credit' AND i.amount > 0;
  -- post_no counts from 0.
  FOR v_row IN SELECT g.post_no, g.status, g.credit_balance_after FROM ledger_post_gathered(v_merchants, v_sources,
      v_keys, v_hashes, v_debits, v_credits, v_amounts, v_codes, v_references) g LOOP
    v_balance[v_post_n[v_row.post_no + 1]] := v_row.credit_balance_after;
    IF v_row.status <> 'OK' THEN
      v_refused := concat_ws(', ', v_refused, v_row.status);
    END IF;
  END LOOP;
  IF v_refused IS NOT NULL THEN
    -- The item's own id guards the key, and the accounts come from the caller: anything else is a bug.
    RAISE EXCEPTION 'seamless batch post refused by the ledger: %', v_refused;
  END IF;
  -- Items that moved no money answer the member's balance after the set.
  FOR v_row IN SELECT i.n, a.balance_minor FROM seamless_batch_items(p_items) i
      JOIN ledger_account_balances a ON a.merchant_id = i.merchant AND a.id = i.account AND a.shard = 0
      WHERE v_go[i.n] AND v_balance[i.n] IS NULL LOOP
    v_balance[v_row.n] := v_row.balance_minor;
  END LOOP;

  -- 6. The items' own transaction rows, with the balance each answers.
  WITH claimed AS (
    INSERT INTO vendor_transactions (merchant_id, vendor_code, transaction_id, kind, member_id, round_id,
        bet_transaction_id, amount_minor, currency, status, request_hash, balance_after_minor)
      SELECT i.merchant, i.vendor, i.tx, CASE i.op WHEN 'credit' THEN 'WIN' ELSE 'END_ROUND' END, i.member, i.round,
        i.bet, CASE i.op WHEN 'credit' THEN i.amount ELSE 0 END, i.currency, 'DONE', i.hash, v_balance[i.n]
      FROM seamless_batch_items(p_items) i WHERE v_go[i.n] ORDER BY i.merchant, i.vendor, i.tx
      ON CONFLICT DO NOTHING
      RETURNING 1)
  SELECT count(*) INTO v_claimed FROM claimed;
  IF v_claimed <> v_expected THEN
    RAISE EXCEPTION 'a transaction id of the batch was claimed meanwhile' USING ERRCODE = '40001';
  END IF;
  FOR v_n IN 1 .. v_count LOOP
    CONTINUE WHEN NOT v_go[v_n];
    v_out[v_n] := CASE
      WHEN v_set[v_n] AND v_status[v_n] = 'SETTLED' AND (v_was_open[v_n] OR v_ops[v_n] = 'credit')
        THEN jsonb_build_object('duplicate', false, 'balance', v_balance[v_n]::text, 'settled', true,
          'betMinor', v_valid[v_n]::text, 'winMinor', v_win[v_n]::text, 'game', v_game[v_n])
      ELSE jsonb_build_object('duplicate', false, 'balance', v_balance[v_n]::text, 'settled', false) END;
  END LOOP;

  -- 7. Everything else, one by one as seamless_calls applies them.
  FOR v_row IN SELECT e.n::integer AS n, e.c FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (c, n)
      WHERE NOT v_fast[e.n::integer] ORDER BY e.n LOOP
    BEGIN
      v_out[v_row.n] := seamless_call(v_row.c);
    EXCEPTION WHEN SQLSTATE 'SW001' THEN
      GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
      v_out[v_row.n] := jsonb_build_object('refused', SQLERRM, 'detail', v_detail);
    END;
  END LOOP;
  RETURN to_jsonb(v_out);
END $$;
