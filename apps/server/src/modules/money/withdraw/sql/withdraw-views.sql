-- The withdraw module's published facts (DESIGN.md §2, docs/architecture.md "Read-only views"), applied after the
-- migrations whenever this file changes: other modules select from it, never write it. One table under its own column
-- names, so the planner inlines it and a reader's query runs on withdraw_orders' indexes.

-- The views this replaces; a view whose columns change is dropped first (CREATE OR REPLACE cannot drop or reorder).
DROP VIEW IF EXISTS withdraw_order_facts, withdraw_member_orders;

-- Each withdrawal order's member, status, amount and creation time and id: the reports count and sum them per merchant, the
-- cashier's member context per member (on withdraw_orders_member). HOLDING orders are included: readers leave them
-- out where they must.
CREATE OR REPLACE VIEW withdraw_order_facts AS
SELECT merchant_id, member_id, status, amount_minor, created_at, id
FROM withdraw_orders;
