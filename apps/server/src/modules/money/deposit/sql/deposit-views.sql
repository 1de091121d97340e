-- The deposit module's published facts (DESIGN.md §2, docs/architecture.md "Read-only views"), applied after the
-- migrations whenever this file changes: other modules select from it, never write it. One table under its own column
-- names, so the planner inlines it and a reader's query runs on deposit_orders' indexes.

-- The views this replaces; a view whose columns change is dropped first (CREATE OR REPLACE cannot drop or reorder).
DROP VIEW IF EXISTS deposit_order_facts, deposit_member_orders;

-- Each deposit order's member, status, amount and creation time and id: the reports count and sum them per merchant, the
-- cashier's member context per member (on deposit_orders_member_idx).
CREATE OR REPLACE VIEW deposit_order_facts AS
SELECT merchant_id, member_id, status, amount_minor, created_at, id
FROM deposit_orders;
