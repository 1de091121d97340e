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
