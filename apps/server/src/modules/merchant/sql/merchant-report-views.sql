-- The merchant module's published facts (docs/architecture.md "Read-only views"): the time zone whose local days the
-- back office's reports and filters count in. Read-only for every other module; columns are only ever added.
CREATE OR REPLACE VIEW merchant_time_zones AS
SELECT id AS merchant_id, timezone
FROM merchants;
