-- The ledger's published reads (DESIGN.md §2; docs/architecture.md "Read-only views"), applied with CREATE OR REPLACE
-- after the migrations; a column may be added at the end, never removed or renamed.

-- Members' account balances, one row per shard (sum them): a select by (merchant_id, member_id, purpose, currency)
-- walks the accounts' unique key (merchant_id, owner_kind, owner_id, purpose, currency, shard).
CREATE OR REPLACE VIEW ledger_member_balances AS
SELECT merchant_id, owner_id AS member_id, purpose, currency, balance_minor
FROM ledger_accounts
WHERE owner_kind = 'MEMBER';
