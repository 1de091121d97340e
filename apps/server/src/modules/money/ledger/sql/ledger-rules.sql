-- The ledger's current SQL functions (DESIGN.md §5). Applied with CREATE OR REPLACE after the migrations at every boot
-- whose checksum differs from the one recorded (packages/db migrate.ts, "routines"): change a function here, never in
-- a new migration. Migrations keep the tables and the triggers that call these functions.

-- Transfers are facts: a mistake is corrected by a reversing transfer, never by UPDATE or DELETE (DESIGN.md §5).
-- Accounts are never deleted either, or the balances of their currency would stop summing to zero.
CREATE OR REPLACE FUNCTION ledger_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is forbidden: the ledger is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE OR REPLACE FUNCTION ledger_account_rules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_rule text;
BEGIN
  v_rule := CASE
    WHEN NEW.owner_kind NOT IN ('MEMBER', 'AGENT', 'VENDOR', 'MERCHANT') THEN 'owner_kind'
    WHEN NEW.owner_id < 0 THEN 'owner_id'
    WHEN NEW.purpose !~ '^(CASH|FROZEN|BONUS|PLAY|POINTS|CASHIER|PROMOTIONS|COMMISSIONS|(VENDOR|HOUSE):[A-Z0-9_]{1,32})$'
      THEN 'purpose'
    -- ISO 4217, or a code of its own for play money and points (e.g. XPL, PTS).
    WHEN NEW.currency !~ '^[A-Z][A-Z0-9]{2,7}$' THEN 'currency'
    WHEN NEW.shard_count NOT BETWEEN 1 AND 64 THEN 'shard_count'
    WHEN NEW.shard < 0 OR NEW.shard >= NEW.shard_count THEN 'shard'
    -- Only the merchant's system accounts may go below zero, and only they are sharded.
    WHEN NEW.allow_negative <> (NEW.purpose ~ '^(CASHIER|PROMOTIONS|COMMISSIONS|HOUSE:.+)$') THEN 'allow_negative'
    WHEN NEW.allow_negative AND NEW.owner_kind <> 'MERCHANT' THEN 'allow_negative_owner'
    WHEN NEW.shard_count <> 1 AND NOT NEW.allow_negative THEN 'shard_count_owned'
  END;
  IF v_rule IS NOT NULL THEN
    RAISE EXCEPTION 'ledger account % of merchant % breaks the rule on %', NEW.id, NEW.merchant_id, v_rule
      USING ERRCODE = 'check_violation', TABLE = 'ledger_accounts', CONSTRAINT = 'ledger_accounts_' || v_rule;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION ledger_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.merchant_id, NEW.id, NEW.shard, NEW.owner_kind, NEW.owner_id, NEW.purpose, NEW.currency,
      NEW.allow_negative, NEW.shard_count, NEW.created_at)
     IS DISTINCT FROM (OLD.merchant_id, OLD.id, OLD.shard, OLD.owner_kind, OLD.owner_id, OLD.purpose, OLD.currency,
      OLD.allow_negative, OLD.shard_count, OLD.created_at) THEN
    RAISE EXCEPTION 'ledger account % of merchant %: only its balance can change', OLD.id, OLD.merchant_id
      USING ERRCODE = 'restrict_violation', TABLE = 'ledger_accounts';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION ledger_transfer_rules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_rule text;
BEGIN
  v_rule := CASE
    WHEN NEW.amount_minor <= 0 THEN 'amount_minor'
    WHEN NEW.debit_account_id = NEW.credit_account_id THEN 'accounts'
    WHEN NEW.source !~ '^[a-zA-Z0-9_.:-]{1,64}$' THEN 'source'
    WHEN length(NEW.idempotency_key) NOT BETWEEN 1 AND 128 THEN 'idempotency_key'
    WHEN NEW.leg NOT BETWEEN 0 AND 7 THEN 'leg'
    -- SHA-256 of the canonical request (ledger.hash.ts).
    WHEN NEW.request_hash !~ '^[0-9a-f]{64}$' THEN 'request_hash'
    WHEN NEW.code NOT IN ('BET', 'WIN', 'REFUND', 'DEPOSIT', 'WITHDRAW_HOLD', 'WITHDRAW_PAID', 'WITHDRAW_RELEASE',
      'TRANSFER_UPLINE', 'TRANSFER_DOWNLINE', 'VENDOR_IN', 'VENDOR_OUT', 'BONUS', 'REBATE', 'SALARY', 'DIVIDEND',
      'POINTS_EARN', 'POINTS_SPEND', 'CORRECTION', 'PLAY_FUND') THEN 'code'
    WHEN length(NEW.reference) > 200 THEN 'reference'
  END;
  IF v_rule IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer of merchant % under key % breaks the rule on %', NEW.merchant_id,
        left(NEW.idempotency_key, 64), v_rule
      USING ERRCODE = 'check_violation', TABLE = 'ledger_transfers', CONSTRAINT = 'ledger_transfers_' || v_rule;
  END IF;
  RETURN NEW;
END $$;
