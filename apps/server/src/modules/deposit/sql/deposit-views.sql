-- The deposit module's published facts (docs/architecture.md "Read-only views"): what the back office's reports count
-- and sum per merchant, status and creation time. Read-only for every other module; columns are only ever added.
CREATE OR REPLACE VIEW deposit_order_facts AS
SELECT merchant_id, status, amount_minor, created_at
FROM deposit_orders;
