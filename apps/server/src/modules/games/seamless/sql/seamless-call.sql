-- The seamless wallet's current SQL functions (DESIGN.md §6). Applied with CREATE OR REPLACE after the migrations at
-- every boot whose checksum differs from the one recorded (packages/db migrate.ts, "routines"): change a function here,
-- never in a new migration.

-- One seamless wallet call (DESIGN.md §6, ADR 0013) in one statement, hence one transaction and one round trip: the
-- idempotency record, the bet's bookkeeping, the round and the ledger post commit together or not at all.
--
-- p: { "op": debit|credit|rollback|endRound, "merchant": int, "vendor": text, "tx": text, "member": "id",
--      "round": text, "game": text, "currency": text, "play": bool, "amount": "minor", "bet": text,
--      "endRound": bool, "sessionExpired": bool, "hash": text, "source": text, "account": "id", "house": "id" }
-- (ids and amounts as strings: JSON numbers would lose bigint precision). The caller has checked the signature, the
-- game session (member, player, currency) and parsed the amount; `account` is the member's CASH or PLAY
-- account and `house` the merchant's HOUSE:<vendor> account in the session's currency.
--
-- Answers { "duplicate": bool, "balance": "minor", "settled": bool, "betMinor": "minor", "winMinor": "minor",
-- "game": text } where settled says the round is SETTLED after this call and the call closed it or added to its win
-- (the caller emits round.settled; a round can be reported more than once, each time with its totals). Refusals are
-- raised (seamless_refuse: SQLSTATE SW001, the protocol's code as the message, the balance as DETAIL for
-- INSUFFICIENT_FUNDS), so whatever the call wrote before is rolled back with them.
--
-- Rows are locked in one order: the call's own transaction id, then bet rows, then the round, then the ledger's
-- accounts (ledger_post sorts them). Two calls on different bets of one round that both close it (or a close and
-- an endRound) can still deadlock on the other bets; PostgreSQL then aborts one whole, and the caller runs it again.
-- Idempotency: the INSERT of the call's own id waits for a concurrent call with the same id and then sees its row,
-- so two identical debits at once pay once. A rollback whose bet is not there inserts a TOMBSTONE under the bet's id
-- with ON CONFLICT DO NOTHING: when the bet is being written at that moment the insert waits for it and the rollback
-- then refunds it; when the tombstone wins, the bet's own insert finds it and is refused with BET_ROLLED_BACK.
CREATE OR REPLACE FUNCTION seamless_refuse(p_code text, p_detail text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'SW001', MESSAGE = p_code, DETAIL = coalesce(p_detail, '');
END $$;

-- The seamless wallet's post (0010) takes the lean path: one call, one leg.
CREATE OR REPLACE FUNCTION seamless_post(p jsonb, p_code text, p_debit bigint, p_credit bigint, p_amount bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
  v_merchant integer := (p->>'merchant')::integer;
  v_account bigint := (p->>'account')::bigint;
BEGIN
  SELECT * INTO v_row FROM ledger_post_one(v_merchant, p->>'source', p->>'tx', p->>'hash', p_debit, p_credit,
    p_amount, p_code, p->>'round');
  IF v_row.status = 'INSUFFICIENT_FUNDS' THEN
    PERFORM seamless_refuse('INSUFFICIENT_FUNDS', (SELECT a.balance_minor::text FROM ledger_account_balances a
      WHERE a.merchant_id = v_merchant AND a.id = v_account AND a.shard = 0));
  END IF;
  IF v_row.status IS DISTINCT FROM 'OK' THEN
    -- The call's own id guards the key, and the accounts come from the caller: anything else is a bug.
    RAISE EXCEPTION 'seamless post refused by the ledger: % %', v_row.status, v_row.detail;
  END IF;
  RETURN CASE WHEN p_debit = v_account THEN v_row.debit_balance_after ELSE v_row.credit_balance_after END;
END $$;

CREATE OR REPLACE FUNCTION seamless_call(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_op text := p->>'op';
  v_merchant integer := (p->>'merchant')::integer;
  v_vendor text := p->>'vendor';
  v_tx text := p->>'tx';
  v_member bigint := (p->>'member')::bigint;
  v_round text := p->>'round';
  v_currency text := p->>'currency';
  v_account bigint := (p->>'account')::bigint;
  v_house bigint := (p->>'house')::bigint;
  v_amount bigint := coalesce((p->>'amount')::bigint, 0);
  v_bet_tx text := p->>'bet';
  v_end boolean := coalesce((p->>'endRound')::boolean, false);
  v_kind text;
  v_existing record;
  v_bet record;
  v_round_row record;
  v_balance bigint;
  v_settled boolean := false;
  v_bonus jsonb;
  v_ready bigint;
  -- The BONUS account of the member's active grant (bonus wallet), NULL for nearly every call: one index probe.
  v_bonus_account bigint := CASE WHEN (p->>'play')::boolean THEN NULL
    ELSE (SELECT b.account_id FROM bonus_active_accounts b WHERE b.merchant_id = (p->>'merchant')::integer
      AND b.member_id = (p->>'member')::bigint AND b.currency = p->>'currency') END;
BEGIN
  v_kind := CASE v_op WHEN 'debit' THEN 'BET' WHEN 'credit' THEN 'WIN' WHEN 'rollback' THEN 'ROLLBACK'
    WHEN 'endRound' THEN 'END_ROUND' END;
  IF v_kind IS NULL THEN RAISE EXCEPTION 'unknown seamless op %', v_op; END IF;

  -- 1. Claim the call's transaction id (the idempotency record).
  INSERT INTO vendor_transactions (merchant_id, vendor_code, transaction_id, kind, member_id, round_id,
      bet_transaction_id, amount_minor, currency, status, request_hash)
    VALUES (v_merchant, v_vendor, v_tx, v_kind, v_member, v_round, v_bet_tx,
      CASE WHEN v_kind IN ('BET', 'WIN') THEN v_amount ELSE 0 END, v_currency,
      CASE WHEN v_kind = 'BET' THEN 'OPEN' ELSE 'DONE' END, p->>'hash')
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT t.kind, t.status, t.request_hash, t.balance_after_minor INTO v_existing FROM vendor_transactions t
      WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.transaction_id = v_tx;
    IF v_existing.status = 'TOMBSTONE' AND v_kind = 'BET' THEN PERFORM seamless_refuse('BET_ROLLED_BACK'); END IF;
    IF v_existing.request_hash IS DISTINCT FROM p->>'hash' THEN PERFORM seamless_refuse('TRANSACTION_CONFLICT'); END IF;
    RETURN jsonb_build_object('duplicate', true, 'balance', v_existing.balance_after_minor::text, 'settled', false);
  END IF;

  IF v_op = 'debit' THEN
    -- After the idempotency check, so that a retry of a debit accepted in time still gets its first answer.
    IF coalesce((p->>'sessionExpired')::boolean, false) THEN PERFORM seamless_refuse('SESSION_EXPIRED'); END IF;
    -- The round takes the bet; a locked or closed member places no new bet (wins and refunds of earlier bets are
    -- still paid), and a round is one member's and open.
    INSERT INTO game_rounds AS r (merchant_id, vendor_code, round_id, member_id, game_code, currency, play,
        bet_minor, valid_bet_minor)
      SELECT v_merchant, v_vendor, v_round, v_member, p->>'game', v_currency, (p->>'play')::boolean, v_amount, v_amount
        FROM member_directory m WHERE m.merchant_id = v_merchant AND m.id = v_member AND m.status = 'ACTIVE'
      ON CONFLICT (merchant_id, vendor_code, round_id) DO UPDATE
        SET bet_minor = r.bet_minor + excluded.bet_minor, valid_bet_minor = r.valid_bet_minor + excluded.valid_bet_minor
        WHERE r.member_id = excluded.member_id AND r.currency = excluded.currency AND r.status = 'OPEN';
    IF NOT FOUND THEN
      IF NOT EXISTS (SELECT 1 FROM member_directory m WHERE m.merchant_id = v_merchant AND m.id = v_member
                     AND m.status = 'ACTIVE') THEN
        PERFORM seamless_refuse('ACCOUNT_LOCKED');
      END IF;
      SELECT r.member_id, r.currency INTO v_round_row FROM game_rounds r
        WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round;
      IF v_round_row.member_id <> v_member OR v_round_row.currency <> v_currency THEN
        PERFORM seamless_refuse('TRANSACTION_CONFLICT', 'round');
      END IF;
      PERFORM seamless_refuse('BET_SETTLED', 'round');
    END IF;
    -- While a bonus is being wagered the bet is funded cash first, then bonus (bonus wallet, DESIGN.md §13).
    v_bonus := CASE WHEN v_bonus_account IS NULL THEN NULL ELSE bonus_debit(p, v_amount) END;
    IF v_bonus IS NULL THEN
      v_balance := seamless_post(p, 'BET', v_account, v_house, v_amount);
    ELSIF v_bonus ? 'refused' THEN
      PERFORM seamless_refuse(v_bonus->>'refused', v_bonus->>'detail');
    ELSE
      v_balance := (v_bonus->>'cash')::bigint;
      IF (v_bonus->>'bonusPart')::bigint > 0 THEN
        UPDATE game_rounds r SET bonus_bet_minor = r.bonus_bet_minor + (v_bonus->>'bonusPart')::bigint
          WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round;
      END IF;
    END IF;

  ELSIF v_op = 'credit' THEN
    -- Locks the bet and settles it in one statement; a refusal below rolls the change back.
    UPDATE vendor_transactions t SET status = CASE WHEN t.status = 'OPEN' THEN 'SETTLED' ELSE t.status END,
        updated_at = now()
      WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.transaction_id = v_bet_tx
      RETURNING t.kind, t.status, t.member_id, t.round_id, t.currency, t.amount_minor INTO v_bet;
    IF NOT FOUND OR v_bet.kind <> 'BET' OR v_bet.member_id <> v_member OR v_bet.round_id <> v_round THEN
      PERFORM seamless_refuse('BET_NOT_FOUND');
    END IF;
    IF v_bet.status IN ('ROLLED_BACK', 'TOMBSTONE') THEN PERFORM seamless_refuse('BET_ROLLED_BACK'); END IF;
    IF v_bet.currency <> v_currency THEN PERFORM seamless_refuse('CURRENCY_MISMATCH'); END IF;
    UPDATE game_rounds r SET win_minor = r.win_minor + v_amount,
        status = CASE WHEN v_end AND r.status = 'OPEN' THEN 'SETTLED' ELSE r.status END,
        settled_at = CASE WHEN v_end AND r.status = 'OPEN' THEN now() ELSE r.settled_at END
      WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round
      RETURNING r.status, r.game_code, r.valid_bet_minor, r.win_minor, r.bonus_bet_minor INTO v_round_row;
    -- The round's other bets lose with it. A round of one bet (a spin) has no other: its valid stake is this bet's.
    IF v_end AND v_round_row.valid_bet_minor <> v_bet.amount_minor THEN
      UPDATE vendor_transactions t SET status = 'SETTLED', updated_at = now()
        WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.round_id = v_round AND t.kind = 'BET'
          AND t.status = 'OPEN';
    END IF;
    -- Closed by this call (or again), or a win (a jackpot) added to a round that had closed already: listeners get
    -- the round's totals again and keep one entry per round.
    v_settled := v_round_row.status = 'SETTLED' AND (v_end OR v_amount > 0);
    IF v_amount > 0 THEN
      -- A bet funded partly by bonus wins in its stake's cash:bonus proportion.
      -- Only a member wagering now, or a round paid partly with bonus, has a share to split.
      v_bonus := CASE WHEN v_bonus_account IS NULL AND v_round_row.bonus_bet_minor = 0 THEN NULL
        ELSE bonus_settle(p, 'WIN', v_bet_tx, v_amount) END;
      v_balance := CASE WHEN v_bonus IS NULL THEN seamless_post(p, 'WIN', v_house, v_account, v_amount)
        ELSE (v_bonus->>'cash')::bigint END;
    END IF;

  ELSIF v_op = 'rollback' THEN
    SELECT t.kind, t.status, t.member_id, t.round_id, t.currency, t.amount_minor INTO v_bet FROM vendor_transactions t
      WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.transaction_id = v_bet_tx FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO vendor_transactions (merchant_id, vendor_code, transaction_id, kind, member_id, round_id,
          amount_minor, currency, status, request_hash)
        VALUES (v_merchant, v_vendor, v_bet_tx, 'BET', v_member, v_round, 0, v_currency, 'TOMBSTONE', 'TOMBSTONE')
        ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        -- The bet was being written at this moment and is committed now: roll it back like any other.
        SELECT t.kind, t.status, t.member_id, t.round_id, t.currency, t.amount_minor INTO v_bet
          FROM vendor_transactions t
          WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.transaction_id = v_bet_tx FOR UPDATE;
      END IF;
    END IF;
    -- Still no row here: the tombstone was written, nothing to refund.
    IF v_bet.kind IS NOT NULL THEN
      IF v_bet.kind <> 'BET' OR v_bet.member_id <> v_member OR v_bet.round_id <> v_round THEN
        PERFORM seamless_refuse('BET_NOT_FOUND');
      END IF;
      IF v_bet.currency <> v_currency THEN PERFORM seamless_refuse('CURRENCY_MISMATCH'); END IF;
      IF v_bet.status = 'SETTLED' THEN PERFORM seamless_refuse('BET_SETTLED'); END IF;
      IF v_bet.status = 'OPEN' THEN
        UPDATE vendor_transactions t SET status = 'ROLLED_BACK', updated_at = now()
          WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.transaction_id = v_bet_tx;
        UPDATE game_rounds r SET valid_bet_minor = r.valid_bet_minor - v_bet.amount_minor,
            status = CASE WHEN r.status = 'OPEN' AND NOT EXISTS (SELECT 1 FROM vendor_transactions t
                WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.round_id = v_round
                  AND t.kind = 'BET' AND t.status IN ('OPEN', 'SETTLED'))
              THEN 'CANCELLED' ELSE r.status END,
            settled_at = CASE WHEN r.status = 'OPEN' AND NOT EXISTS (SELECT 1 FROM vendor_transactions t
                WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.round_id = v_round
                  AND t.kind = 'BET' AND t.status IN ('OPEN', 'SETTLED'))
              THEN now() ELSE r.settled_at END
          WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round;
        UPDATE vendor_transactions t SET amount_minor = v_bet.amount_minor
          WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.transaction_id = v_tx;
        -- A bet funded partly by bonus is refunded in the same parts.
        v_bonus := CASE WHEN v_bonus_account IS NULL AND NOT EXISTS (SELECT 1 FROM game_rounds r
            WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round
              AND r.bonus_bet_minor > 0) THEN NULL
          ELSE bonus_settle(p, 'REFUND', v_bet_tx, 0) END;
        IF v_bonus IS NOT NULL AND (v_bonus->>'bonusPart')::bigint > 0 THEN
          UPDATE game_rounds r SET bonus_bet_minor = r.bonus_bet_minor - (v_bonus->>'bonusPart')::bigint
            WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round;
        END IF;
        v_balance := CASE WHEN v_bonus IS NULL OR v_bonus ? 'normal'
          THEN seamless_post(p, 'REFUND', v_house, v_account, v_bet.amount_minor) ELSE (v_bonus->>'cash')::bigint END;
      END IF;
      -- ROLLED_BACK or TOMBSTONE: rolled back already (a retry under another id); nothing moves.
    END IF;

  ELSE -- endRound
    PERFORM 1 FROM vendor_transactions t
      WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.round_id = v_round AND t.kind = 'BET'
      ORDER BY t.transaction_id FOR UPDATE;
    SELECT r.member_id, r.currency, r.status INTO v_round_row FROM game_rounds r
      WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round FOR UPDATE;
    IF NOT FOUND OR v_round_row.member_id <> v_member THEN PERFORM seamless_refuse('BET_NOT_FOUND'); END IF;
    IF v_round_row.currency <> v_currency THEN PERFORM seamless_refuse('CURRENCY_MISMATCH'); END IF;
    UPDATE vendor_transactions t SET status = 'SETTLED', updated_at = now()
      WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.round_id = v_round AND t.kind = 'BET'
        AND t.status = 'OPEN';
    IF v_round_row.status = 'OPEN' THEN
      UPDATE game_rounds r SET status = 'SETTLED', settled_at = now()
        WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round;
      v_settled := true;
    END IF;
    SELECT r.status, r.game_code, r.valid_bet_minor, r.win_minor INTO v_round_row FROM game_rounds r
      WHERE r.merchant_id = v_merchant AND r.vendor_code = v_vendor AND r.round_id = v_round;
  END IF;

  IF v_balance IS NULL THEN
    SELECT a.balance_minor INTO v_balance FROM ledger_account_balances a
      WHERE a.merchant_id = v_merchant AND a.id = v_account AND a.shard = 0;
  END IF;
  IF v_bonus_account IS NOT NULL OR v_bonus IS NOT NULL THEN
    -- The balance a vendor plays with is cash and the bonus being wagered.
    v_balance := v_balance + bonus_balance_of(v_merchant, v_member, v_currency);
    -- A grant whose turnover is met converts once none of its rounds is open: the caller converts it after the commit.
    IF v_op <> 'debit' THEN v_ready := bonus_ready(v_merchant, v_member, v_currency); END IF;
  END IF;
  UPDATE vendor_transactions t SET balance_after_minor = v_balance
    WHERE t.merchant_id = v_merchant AND t.vendor_code = v_vendor AND t.transaction_id = v_tx;
  IF NOT v_settled THEN
    RETURN jsonb_build_object('duplicate', false, 'balance', v_balance::text, 'settled', false,
      'bonusReady', v_ready::text);
  END IF;
  RETURN jsonb_build_object('duplicate', false, 'balance', v_balance::text, 'settled', true,
    'betMinor', v_round_row.valid_bet_minor::text, 'winMinor', v_round_row.win_minor::text,
    'game', v_round_row.game_code, 'bonusReady', v_ready::text);
END $$;

-- Group commit of seamless calls (ADR 0013): calls that arrive together run in one statement, hence one transaction
-- and one WAL flush, each in its own subtransaction so that one call's refusal undoes only that call. Every account
-- row the batch may touch is locked first by the ledger (ledger_lock_accounts), in (merchant, id, shard) order with
-- the shard ledger_post will pick, so two batches cannot deadlock on accounts. Answers one entry per call, in order:
-- the call's answer, or { "refused": code, "detail": text } for a refusal. Any other error fails the batch whole; the
-- caller then runs each call alone.
CREATE OR REPLACE FUNCTION seamless_calls(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_call jsonb;
  v_out jsonb := '[]'::jsonb;
  v_detail text;
  v_merchants integer[];
  v_accounts bigint[];
  v_hashes integer[];
BEGIN
  -- Gathered into arrays first, as ledger_post does (ledger_lock_accounts, sql/ledger-shards.sql of the ledger).
  SELECT array_agg((c->>'merchant')::integer), array_agg(x.acc),
      array_agg(ledger_key_hash(c->>'source', c->>'tx'))
    INTO v_merchants, v_accounts, v_hashes
    FROM jsonb_array_elements(p_calls) AS c
      LEFT JOIN bonus_active_accounts b ON NOT (c->>'play')::boolean AND b.merchant_id = (c->>'merchant')::integer
        AND b.member_id = (c->>'member')::bigint AND b.currency = c->>'currency',
      LATERAL (VALUES ((c->>'account')::bigint), ((c->>'house')::bigint), (b.account_id)) AS x (acc)
    WHERE c->>'op' <> 'endRound' AND x.acc IS NOT NULL;
  PERFORM ledger_lock_accounts(v_merchants, v_accounts, v_hashes);
  FOR v_call IN SELECT value FROM jsonb_array_elements(p_calls) LOOP
    BEGIN
      v_out := v_out || jsonb_build_array(seamless_call(v_call));
    EXCEPTION WHEN SQLSTATE 'SW001' THEN
      GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
      v_out := v_out || jsonb_build_array(jsonb_build_object('refused', SQLERRM, 'detail', v_detail));
    END;
  END LOOP;
  RETURN v_out;
END $$;
