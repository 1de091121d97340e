-- Read-only views the ledger publishes (DESIGN.md §2, docs/architecture.md "Read-only views"): others select from
-- them, never write them; money moves only through ledger_post and ledger_post_one. Simple views, inlined by the
-- planner: a reader's query runs on the ledger's own indexes.

-- One row per account, its shard 0 row: owner, purpose, currency, shard count, and that row's balance, which is the
-- whole balance of a person's account (one shard; a system account's balance is the sum of its shards).
CREATE OR REPLACE VIEW ledger_balances AS
  SELECT a.merchant_id, a.id, a.owner_kind, a.owner_id, a.purpose, a.currency, a.shard_count, a.balance_minor
  FROM ledger_accounts a
  WHERE a.shard = 0;

-- Every transfer row (one per leg) as an account record shows it: both sides, the amount, each side's balance after
-- it, its code and reference.
CREATE OR REPLACE VIEW ledger_entries AS
  SELECT t.merchant_id, t.id, t.created_at, t.code, t.debit_account_id, t.credit_account_id, t.amount_minor,
    t.debit_balance_after, t.credit_balance_after, t.reference
  FROM ledger_transfers t;
