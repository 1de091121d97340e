-- The merchant's published reads (DESIGN.md §2; docs/architecture.md "Read-only views"), applied with CREATE OR
-- REPLACE after the migrations; a column may be added at the end, never removed or renamed.

-- Each merchant's time zone: the day boundaries of other modules' date filters and "today" counts.
CREATE OR REPLACE VIEW merchant_time_zones AS
SELECT id, timezone
FROM merchants;
