-- Read-only views the ledger publishes (DESIGN.md §2, docs/architecture.md "Read-only views"): others select from
-- them, never write them; money moves only through ledger_post and ledger_post_one. Simple views, inlined by the
-- planner: a reader's query runs on the ledger's own indexes.

-- The views this replaces; a view whose columns change is dropped first (CREATE OR REPLACE cannot drop or reorder).
DROP VIEW IF EXISTS ledger_balances, ledger_member_balances;

-- Every row of every account, one per shard: owner, purpose, currency, shard, shard count and that row's balance. An
-- account's balance is the sum of its shards; a person's account has one shard, so its shard 0 row is its balance.
-- Readers name the shard (or sum) so that a select by (merchant_id, id, shard) or by (merchant_id, owner_kind,
-- owner_id, purpose, currency, shard) walks the accounts' primary or unique key.
CREATE OR REPLACE VIEW ledger_account_balances AS
SELECT merchant_id, id, shard, owner_kind, owner_id, purpose, currency, shard_count, balance_minor
FROM ledger_accounts;

-- Every transfer row (one per leg) as an account record shows it: both sides, the amount, each side's balance after
-- it, its code and reference.
CREATE OR REPLACE VIEW ledger_entries AS
  SELECT t.merchant_id, t.id, t.created_at, t.code, t.debit_account_id, t.credit_account_id, t.amount_minor,
    t.debit_balance_after, t.credit_balance_after, t.reference
  FROM ledger_transfers t;

-- Promotion cash (ADR 0049): every transfer that put promotion money into a member's CASH account (code BONUS or
-- REBATE: a cash reward or promotion paid from PROMOTIONS, a bonus converted from the member's BONUS account) with
-- the member, code, amount and time; and every correction reversing one, with the reversed transfer's code and the
-- amount negative, at the correction's own time. Grants into BONUS are not cash yet and are not here. Read by creation
-- time on ledger_transfers_promotion_idx (migration 0051), which holds only the transfers these arms can name.
CREATE OR REPLACE VIEW ledger_promotion_cash AS
  SELECT t.merchant_id, t.id, a.owner_id AS member_id, t.code, t.amount_minor, t.created_at
  FROM ledger_transfers t
  JOIN ledger_accounts a ON a.merchant_id = t.merchant_id AND a.id = t.credit_account_id AND a.shard = t.credit_shard
  WHERE t.code IN ('BONUS', 'REBATE') AND a.owner_kind = 'MEMBER' AND a.purpose = 'CASH'
  UNION ALL
  SELECT c.merchant_id, c.id, a.owner_id, t.code, -c.amount_minor, c.created_at
  FROM ledger_transfers c
  JOIN ledger_transfers t ON t.merchant_id = c.merchant_id AND t.id = c.reverses_transfer_id
  JOIN ledger_accounts a ON a.merchant_id = t.merchant_id AND a.id = t.credit_account_id AND a.shard = t.credit_shard
  WHERE c.code = 'CORRECTION' AND c.reverses_transfer_id IS NOT NULL AND t.code IN ('BONUS', 'REBATE')
    AND a.owner_kind = 'MEMBER' AND a.purpose = 'CASH';
