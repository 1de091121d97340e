-- The bonus wallet's SQL functions (DESIGN.md §13, ADR 0034); tables in migration 0036. Applied with CREATE OR
-- REPLACE at boot like every module's sql/ folder. The seamless wallet calls bonus_debit and bonus_settle inside its
-- own statement (seamless_call), so a bet's cash and bonus parts, its stake record and the grant's turnover are one
-- transaction with the vendor call; grants, conversions, expiries and forfeits are statements of their own.
--
-- Locking: the member's CASH and BONUS rows are locked before the grant row, in the ledger's order
-- (ledger_lock_accounts), by every function here and by seamless_calls, so no two of them wait on each other crosswise.
-- Rounding: a win split between cash and bonus truncates the cash share and gives the remainder to bonus (the house's
-- side, since bonus must still be wagered).

-- Functions reading other modules' views are plpgsql: their bodies are bound at first call, not when this file is
-- applied (the views may be created after it).

-- The BONUS account of the member's active grant in a currency (NULL: none): what seamless_calls locks beside CASH.
CREATE OR REPLACE FUNCTION bonus_account_for(p_merchant integer, p_member bigint, p_currency text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT g.account_id FROM bonus_grants g
  WHERE g.merchant_id = p_merchant AND g.member_id = p_member AND g.currency = p_currency AND g.status = 'ACTIVE'
$$;

-- The playable bonus: the active grant's BONUS balance, 0 without one.
CREATE OR REPLACE FUNCTION bonus_balance_of(p_merchant integer, p_member bigint, p_currency text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce((SELECT a.balance_minor FROM bonus_grants g
    JOIN ledger_account_balances a ON a.merchant_id = g.merchant_id AND a.id = g.account_id AND a.shard = 0
    WHERE g.merchant_id = p_merchant AND g.member_id = p_member AND g.currency = p_currency AND g.status = 'ACTIVE'),
    0)::bigint);
END $$;

-- One post of 1 or 2 legs through the ledger; answers the ledger's rows, raising on anything but OK.
CREATE OR REPLACE FUNCTION bonus_post(p_merchant integer, p_source text, p_key text, p_hash text, p_reference text,
  p_legs jsonb) RETURNS TABLE (debit_account_id bigint, credit_account_id bigint, debit_balance_after bigint,
  credit_balance_after bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
BEGIN
  FOR v_row IN SELECT * FROM ledger_post(jsonb_build_array(jsonb_build_object('merchant', p_merchant,
      'source', p_source, 'key', p_key, 'hash', p_hash, 'reference', p_reference, 'reverses', NULL, 'legs', p_legs)))
  LOOP
    IF v_row.status NOT IN ('OK', 'REPLAYED') THEN
      RAISE EXCEPTION 'bonus post refused by the ledger: % %', v_row.status, v_row.detail;
    END IF;
    debit_account_id := v_row.debit_account_id;
    credit_account_id := v_row.credit_account_id;
    debit_balance_after := v_row.debit_balance_after;
    credit_balance_after := v_row.credit_balance_after;
    RETURN NEXT;
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION bonus_leg(p_debit bigint, p_credit bigint, p_amount bigint, p_code text) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_amount > 0 THEN jsonb_build_array(jsonb_build_object('debit', p_debit::text,
    'credit', p_credit::text, 'amount', p_amount::text, 'code', p_code)) ELSE '[]'::jsonb END
$$;

CREATE OR REPLACE FUNCTION bonus_cash_of(p_merchant integer, p_account bigint) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce((SELECT a.balance_minor FROM ledger_account_balances a
    WHERE a.merchant_id = p_merchant AND a.id = p_account AND a.shard = 0), 0)::bigint);
END $$;

-- A seamless debit while a grant is active (p: seamless_call's input). NULL: no active grant, the caller posts the
-- bet from cash as usual. Otherwise { "refused": code, "detail": text } (BONUS_MAX_BET: the round's whole stake would
-- pass the grant's max bet, checked per round so that splitting a bet does not get round it; INSUFFICIENT_FUNDS: cash
-- and bonus together do not cover it), or { "cash": balance after, "bonusPart": minor }: cash first, then bonus, in
-- one ledger post under the call's key, the stake recorded with its weighted turnover added to the grant.
CREATE OR REPLACE FUNCTION bonus_debit(p jsonb, p_amount bigint) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_merchant integer := (p->>'merchant')::integer;
  v_member bigint := (p->>'member')::bigint;
  v_cash_account bigint := (p->>'account')::bigint;
  v_house bigint := (p->>'house')::bigint;
  v_account bigint;
  v_grant record;
  v_cash bigint;
  v_bonus bigint;
  v_cash_part bigint;
  v_bonus_part bigint;
  v_round_stake bigint;
  v_weight integer;
  v_row record;
  v_cash_after bigint;
BEGIN
  v_account := bonus_account_for(v_merchant, v_member, p->>'currency');
  IF v_account IS NULL THEN RETURN NULL; END IF;
  PERFORM ledger_lock_accounts(ARRAY[v_merchant, v_merchant], ARRAY[v_cash_account, v_account], ARRAY[0, 0]);
  SELECT * INTO v_grant FROM bonus_grants g WHERE g.merchant_id = v_merchant AND g.member_id = v_member
    AND g.currency = p->>'currency' AND g.status = 'ACTIVE' FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF v_grant.max_bet_minor IS NOT NULL THEN
    SELECT coalesce(sum(s.cash_minor + s.bonus_minor), 0) INTO v_round_stake FROM bonus_stakes s
      WHERE s.merchant_id = v_merchant AND s.vendor_code = p->>'vendor' AND s.round_id = p->>'round'
        AND s.status = 'PLACED';
    IF v_round_stake + p_amount > v_grant.max_bet_minor THEN
      RETURN jsonb_build_object('refused', 'BONUS_MAX_BET', 'detail', v_grant.max_bet_minor::text);
    END IF;
  END IF;
  v_cash := bonus_cash_of(v_merchant, v_cash_account);
  v_bonus := bonus_cash_of(v_merchant, v_grant.account_id);
  IF v_cash + v_bonus < p_amount THEN
    RETURN jsonb_build_object('refused', 'INSUFFICIENT_FUNDS', 'detail', (v_cash + v_bonus)::text);
  END IF;
  v_cash_part := least(v_cash, p_amount);
  v_bonus_part := p_amount - v_cash_part;
  SELECT coalesce((v_grant.weights->>g.game_type)::integer, v_grant.default_weight) INTO v_weight
    FROM game_directory g
    WHERE g.merchant_id = v_merchant AND g.vendor_code = p->>'vendor' AND g.game_code = p->>'game';
  v_weight := coalesce(v_weight, v_grant.default_weight);
  v_cash_after := v_cash - v_cash_part;
  PERFORM bonus_post(v_merchant, p->>'source', p->>'tx', p->>'hash', p->>'round',
    bonus_leg(v_cash_account, v_house, v_cash_part, 'BET') || bonus_leg(v_grant.account_id, v_house, v_bonus_part, 'BET'));
  INSERT INTO bonus_stakes (merchant_id, vendor_code, transaction_id, round_id, grant_id, member_id, cash_minor,
      bonus_minor, weighted_minor)
    VALUES (v_merchant, p->>'vendor', p->>'tx', p->>'round', v_grant.id, v_member, v_cash_part, v_bonus_part,
      p_amount * v_weight / 100);
  UPDATE bonus_grants g SET turnover_done_minor = g.turnover_done_minor + p_amount * v_weight / 100
    WHERE g.merchant_id = v_merchant AND g.id = v_grant.id;
  RETURN jsonb_build_object('cash', v_cash_after, 'bonusPart', v_bonus_part);
END $$;

-- A win (p_code WIN, p_amount the win) or a refund (REFUND, p_amount the bet) of a bet placed while a grant was active.
-- NULL: the normal path pays it all to cash (no such stake, a stake funded by cash alone, or a grant that has
-- converted). Otherwise the amount returns in the stake's cash:bonus proportion, the bonus share to BONUS while the
-- grant is active; a forfeited or expired grant's bonus share stays with the house. A refund also takes the stake's
-- weighted turnover back. Answers { "cash": balance after, "bonusPart": the stake's bonus part on a refund }.
CREATE OR REPLACE FUNCTION bonus_settle(p jsonb, p_code text, p_bet_tx text, p_amount bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant integer := (p->>'merchant')::integer;
  v_cash_account bigint := (p->>'account')::bigint;
  v_stake record;
  v_grant record;
  v_cash_share bigint;
  v_bonus_share bigint;
BEGIN
  SELECT * INTO v_stake FROM bonus_stakes s
    WHERE s.merchant_id = v_merchant AND s.vendor_code = p->>'vendor' AND s.transaction_id = p_bet_tx FOR UPDATE;
  IF NOT FOUND OR v_stake.status <> 'PLACED' THEN RETURN NULL; END IF;
  PERFORM ledger_lock_accounts(ARRAY[v_merchant], ARRAY[v_cash_account], ARRAY[0]);
  SELECT g.status, g.account_id INTO v_grant FROM bonus_grants g
    WHERE g.merchant_id = v_merchant AND g.id = v_stake.grant_id FOR UPDATE;
  IF p_code = 'REFUND' THEN
    UPDATE bonus_stakes s SET status = 'ROLLED_BACK'
      WHERE s.merchant_id = v_merchant AND s.vendor_code = p->>'vendor' AND s.transaction_id = p_bet_tx;
    UPDATE bonus_grants g SET turnover_done_minor = g.turnover_done_minor - v_stake.weighted_minor
      WHERE g.merchant_id = v_merchant AND g.id = v_stake.grant_id AND g.status = 'ACTIVE';
    v_cash_share := v_stake.cash_minor;
    v_bonus_share := v_stake.bonus_minor;
  ELSE
    IF v_stake.bonus_minor = 0 THEN RETURN NULL; END IF;
    v_cash_share := p_amount * v_stake.cash_minor / (v_stake.cash_minor + v_stake.bonus_minor);
    v_bonus_share := p_amount - v_cash_share;
  END IF;
  IF v_bonus_share = 0 OR v_grant.status = 'CONVERTED' THEN
    IF p_code = 'REFUND' THEN
      RETURN jsonb_build_object('normal', true, 'bonusPart', v_stake.bonus_minor);
    END IF;
    RETURN NULL;
  END IF;
  IF v_grant.status <> 'ACTIVE' THEN v_bonus_share := 0; END IF;
  IF v_cash_share + v_bonus_share > 0 THEN
    PERFORM bonus_post(v_merchant, p->>'source', p->>'tx', p->>'hash', p->>'round',
      bonus_leg((p->>'house')::bigint, v_cash_account, v_cash_share, p_code)
        || bonus_leg((p->>'house')::bigint, v_grant.account_id, v_bonus_share, p_code));
  END IF;
  RETURN jsonb_build_object('cash', bonus_cash_of(v_merchant, v_cash_account),
    'bonusPart', CASE WHEN p_code = 'REFUND' THEN v_stake.bonus_minor ELSE 0 END);
END $$;

-- The member's active grant that may convert now (its turnover met and none of its rounds open), or NULL.
CREATE OR REPLACE FUNCTION bonus_ready(p_merchant integer, p_member bigint, p_currency text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT g.id FROM bonus_grants g
  WHERE g.merchant_id = p_merchant AND g.member_id = p_member AND g.currency = p_currency AND g.status = 'ACTIVE'
    AND g.turnover_done_minor >= g.turnover_required_minor
    AND NOT EXISTS (SELECT 1 FROM bonus_stakes s
      JOIN game_round_facts r ON r.merchant_id = s.merchant_id AND r.vendor_code = s.vendor_code
        AND r.round_id = s.round_id
      WHERE s.merchant_id = g.merchant_id AND s.grant_id = g.id AND s.status = 'PLACED' AND r.status = 'OPEN'));
END $$;

-- Makes a grant (p: merchant, member, currency, account, promotions, key, amount, deposit, required, weights,
-- defaultWeight, maxBet, maxConversion, onWithdraw, expiresAt, promotion): PROMOTIONS → BONUS and the grant row in one
-- statement. The same key answers the grant made under it; another active grant refuses with BONUS_ACTIVE.
CREATE OR REPLACE FUNCTION bonus_grant(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_merchant integer := (p->>'merchant')::integer;
  v_member bigint := (p->>'member')::bigint;
  v_account bigint := (p->>'account')::bigint;
  v_promotions bigint := (p->>'promotions')::bigint;
  v_key text := 'grant:' || (p->>'key');
  v_existing record;
  v_id bigint;
BEGIN
  SELECT g.id, g.member_id, g.amount_minor INTO v_existing FROM bonus_grants g
    WHERE g.merchant_id = v_merchant AND g.grant_key = p->>'key';
  IF FOUND THEN
    IF v_existing.member_id <> v_member OR v_existing.amount_minor <> (p->>'amount')::bigint THEN
      RETURN jsonb_build_object('refused', 'IDEMPOTENCY_CONFLICT');
    END IF;
    RETURN jsonb_build_object('id', v_existing.id::text, 'replayed', true);
  END IF;
  PERFORM ledger_lock_accounts(ARRAY[v_merchant, v_merchant], ARRAY[v_account, v_promotions],
    ARRAY[ledger_key_hash('bonus', v_key), ledger_key_hash('bonus', v_key)]);
  IF bonus_account_for(v_merchant, v_member, p->>'currency') IS NOT NULL THEN
    RETURN jsonb_build_object('refused', 'BONUS_ACTIVE');
  END IF;
  INSERT INTO bonus_grants (merchant_id, member_id, currency, account_id, grant_key, promotion_id, amount_minor,
      deposit_minor, turnover_required_minor, weights, default_weight, max_bet_minor, max_conversion_minor,
      on_withdraw, expires_at, created_at)
    VALUES (v_merchant, v_member, p->>'currency', v_account, p->>'key', (p->>'promotion')::bigint,
      (p->>'amount')::bigint, coalesce((p->>'deposit')::bigint, 0), (p->>'required')::bigint,
      coalesce(p->'weights', '{}'::jsonb), coalesce((p->>'defaultWeight')::integer, 100), (p->>'maxBet')::bigint,
      (p->>'maxConversion')::bigint, coalesce(p->>'onWithdraw', 'FORFEIT'), (p->>'expiresAt')::timestamptz,
      (p->>'now')::timestamptz)
    RETURNING id INTO v_id;
  PERFORM bonus_post(v_merchant, 'bonus', v_key, p->>'hash', 'bonus grant ' || v_id,
    bonus_leg(v_promotions, v_account, (p->>'amount')::bigint, 'BONUS'));
  RETURN jsonb_build_object('id', v_id::text, 'replayed', false);
END $$;

-- Closes an active grant (p_mode CONVERT, EXPIRE or FORFEIT) in one statement: CONVERT (turnover met, no round open)
-- moves the BONUS balance up to the conversion cap to CASH and the excess to PROMOTIONS; EXPIRE (past its expiry) and
-- FORFEIT move it all to PROMOTIONS. Answers { status, converted, forfeited } or { "refused": BONUS_NOT_ACTIVE (closed
-- already) | BONUS_NOT_READY }.
CREATE OR REPLACE FUNCTION bonus_close(p_merchant integer, p_grant bigint, p_mode text, p_reason text,
  p_now timestamptz, p_cash bigint, p_promotions bigint) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_key text := 'close:' || p_grant;
  v_hash integer := ledger_key_hash('bonus', 'close:' || p_grant);
  v_grant record;
  v_balance bigint;
  v_converted bigint := 0;
  v_status text;
BEGIN
  SELECT g.account_id INTO v_grant FROM bonus_grants g WHERE g.merchant_id = p_merchant AND g.id = p_grant;
  IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'BONUS_NOT_FOUND'); END IF;
  PERFORM ledger_lock_accounts(ARRAY[p_merchant, p_merchant, p_merchant], ARRAY[p_cash, v_grant.account_id,
    p_promotions], ARRAY[v_hash, v_hash, v_hash]);
  SELECT * INTO v_grant FROM bonus_grants g WHERE g.merchant_id = p_merchant AND g.id = p_grant FOR UPDATE;
  IF v_grant.status <> 'ACTIVE' THEN RETURN jsonb_build_object('refused', 'BONUS_NOT_ACTIVE'); END IF;
  IF p_mode = 'CONVERT' AND bonus_ready(p_merchant, v_grant.member_id, v_grant.currency) IS DISTINCT FROM p_grant
    OR p_mode = 'EXPIRE' AND v_grant.expires_at > p_now THEN
    RETURN jsonb_build_object('refused', 'BONUS_NOT_READY');
  END IF;
  v_balance := bonus_cash_of(p_merchant, v_grant.account_id);
  IF p_mode = 'CONVERT' THEN
    v_converted := least(v_balance, coalesce(v_grant.max_conversion_minor, v_balance));
  END IF;
  v_status := CASE p_mode WHEN 'CONVERT' THEN 'CONVERTED' WHEN 'EXPIRE' THEN 'EXPIRED' ELSE 'FORFEITED' END;
  IF v_balance > 0 THEN
    PERFORM bonus_post(p_merchant, 'bonus', v_key, encode(sha256(convert_to(v_key || ':' || v_status, 'UTF8')), 'hex'),
      'bonus ' || lower(v_status) || ' ' || p_grant,
      bonus_leg(v_grant.account_id, p_cash, v_converted, 'BONUS')
        || bonus_leg(v_grant.account_id, p_promotions, v_balance - v_converted, 'BONUS'));
  END IF;
  UPDATE bonus_grants g SET status = v_status, converted_minor = v_converted,
      forfeited_minor = v_balance - v_converted, closed_reason = p_reason, closed_at = p_now
    WHERE g.merchant_id = p_merchant AND g.id = p_grant;
  RETURN jsonb_build_object('status', v_status, 'converted', v_converted::text,
    'forfeited', (v_balance - v_converted)::text, 'member', v_grant.member_id::text);
END $$;
