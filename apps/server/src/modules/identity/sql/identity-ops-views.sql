-- Identity's published reads of members (DESIGN.md §2; docs/architecture.md "Read-only views"). Other modules join
-- these in bulk (a queue page's usernames, the cashier's member context) and never select from members itself.
-- Applied with CREATE OR REPLACE after the migrations; a column may be added at the end, never removed or renamed.

-- Who a member is, without anything personal or secret: the username beside an order, a request or a queue entry.
CREATE OR REPLACE VIEW member_briefs AS
SELECT merchant_id, id, username, user_type, status, created_at
FROM members;
