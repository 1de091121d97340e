-- The deposit module's published reads (DESIGN.md §2; docs/architecture.md "Read-only views"), applied with CREATE OR
-- REPLACE after the migrations; a column may be added at the end, never removed or renamed.

-- Each deposit order's member, amount, status and time (the cashier's member context sums and counts them per member
-- on deposit_orders_member_idx).
CREATE OR REPLACE VIEW deposit_member_orders AS
SELECT merchant_id, member_id, amount_minor, status, created_at
FROM deposit_orders;
