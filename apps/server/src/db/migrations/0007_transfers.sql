-- Transfers up and down the agent tree and the account record (issue 4). Transfers themselves are ledger rows
-- (TRANSFER_UPLINE, TRANSFER_DOWNLINE); this file adds what the account record needs to stay indexed.

-- The account record's periods (today, yesterday, last 7 days...) are calendar days of the merchant, not of the
-- server: an IANA zone name. The demo merchant serves the Philippines.
ALTER TABLE merchants
  ADD COLUMN timezone text NOT NULL DEFAULT 'Asia/Manila' CHECK (timezone ~ '^[A-Za-z][A-Za-z0-9_+/-]{1,63}$');

-- The account record reads one account's rows in a time range, newest first, on each side (DESIGN.md §10: bounded and
-- indexed). The id indexes of 0003 serve keyset paging by id but would scan every newer row before a past period;
-- these find the period's first row directly. id breaks ties between rows of one transaction (same created_at).
CREATE INDEX ledger_transfers_debit_time_idx ON ledger_transfers (merchant_id, debit_account_id, created_at, id);
CREATE INDEX ledger_transfers_credit_time_idx ON ledger_transfers (merchant_id, credit_account_id, created_at, id);
-- They replace the id indexes: every per-account read (the record, the ledger's keyset listing) now goes by
-- (created_at, id), and each index on ledger_transfers is paid on every post (bench/ledger: four account indexes
-- instead of two cost about a quarter of the group-commit throughput).
DROP INDEX ledger_transfers_debit_idx;
DROP INDEX ledger_transfers_credit_idx;
