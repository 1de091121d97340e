-- The withdraw module's published reads (DESIGN.md §2; docs/architecture.md "Read-only views"), applied with CREATE
-- OR REPLACE after the migrations; a column may be added at the end, never removed or renamed.

-- Each withdrawal order's member, amount, status and time (the cashier's member context sums and counts them per
-- member on withdraw_orders_member). HOLDING orders are included: readers leave them out where they must.
CREATE OR REPLACE VIEW withdraw_member_orders AS
SELECT merchant_id, member_id, amount_minor, status, created_at
FROM withdraw_orders;
