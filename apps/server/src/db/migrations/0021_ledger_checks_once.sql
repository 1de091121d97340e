-- The ledger's row rules, checked once per row instead of compiled again by every statement (ADR 0010, "Row rules
-- checked once").
--
-- PostgreSQL reads a table's CHECK constraints back from their stored text and compiles them for every statement
-- that writes the table, and an UPDATE checks every constraint of the row, not only those on the columns it sets. A
-- post runs three writing statements (two balance UPDATEs, one INSERT), so each post parsed nineteen expressions,
-- the regular expressions and the nineteen transfer codes among them; perf put a quarter of the database's time per
-- post there.
--
-- Same rules, cheaper places:
-- - An account's metadata (owner, purpose, currency, shards, whether it may go negative) is checked when its row is
--   inserted, by a trigger, and can never change afterwards (a second trigger, fired only by an UPDATE that sets one
--   of those columns). A balance UPDATE pays for neither; the balance rule itself stays a CHECK.
-- - A transfer is checked by a row trigger when it is inserted; transfers are never updated
--   (ledger_transfers_immutable, 0003), so every row in the table has passed it. Plpgsql keeps its expressions
--   compiled for the session.
-- Both raise check_violation (23514) naming the rule, as the constraints did.

ALTER TABLE ledger_accounts
  DROP CONSTRAINT ledger_accounts_owner_kind_check,
  DROP CONSTRAINT ledger_accounts_owner_id_check,
  DROP CONSTRAINT ledger_accounts_purpose_check,
  DROP CONSTRAINT ledger_accounts_currency_check,
  DROP CONSTRAINT ledger_accounts_shard_count_check,
  DROP CONSTRAINT ledger_accounts_check,
  DROP CONSTRAINT ledger_accounts_check2,
  DROP CONSTRAINT ledger_accounts_check3,
  DROP CONSTRAINT ledger_accounts_check4;
-- The one rule a balance UPDATE must meet: only system accounts go below zero (DESIGN.md §5).
ALTER TABLE ledger_accounts RENAME CONSTRAINT ledger_accounts_check1 TO ledger_accounts_not_negative;

CREATE FUNCTION ledger_account_rules() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER ledger_accounts_rules BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_rules();

CREATE FUNCTION ledger_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- Fired only by an UPDATE whose SET names one of these columns, so balance updates never run it.
CREATE TRIGGER ledger_accounts_fixed BEFORE UPDATE OF merchant_id, id, shard, owner_kind, owner_id, purpose, currency,
    allow_negative, shard_count, created_at ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_fixed();

ALTER TABLE ledger_transfers
  DROP CONSTRAINT ledger_transfers_source_check,
  DROP CONSTRAINT ledger_transfers_idempotency_key_check,
  DROP CONSTRAINT ledger_transfers_leg_check,
  DROP CONSTRAINT ledger_transfers_request_hash_check,
  DROP CONSTRAINT ledger_transfers_code_check,
  DROP CONSTRAINT ledger_transfers_amount_minor_check,
  DROP CONSTRAINT ledger_transfers_reference_check,
  DROP CONSTRAINT ledger_transfers_check;

CREATE FUNCTION ledger_transfer_rules() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER ledger_transfers_rules BEFORE INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfer_rules();
