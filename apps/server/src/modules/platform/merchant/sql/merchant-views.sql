-- The merchant module's published reads (DESIGN.md §2, docs/architecture.md "Read-only views"), applied after the
-- migrations whenever this file changes: other modules select from them, never write them. One table under its own
-- column names, so the planner inlines it and a reader's query runs on merchants' own indexes.

-- The views this replaces; a view whose columns change is dropped first (CREATE OR REPLACE cannot drop or reorder).
DROP VIEW IF EXISTS merchant_basics, merchant_time_zones;

-- Each merchant's code, IANA time zone (whose local days records, reports and filters count) and wallet mode (single,
-- or a transfer wallet per vendor).
CREATE OR REPLACE VIEW merchant_directory AS
SELECT id, code, timezone, wallet_is_single
FROM merchants;
