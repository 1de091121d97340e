-- Identity's published reads (DESIGN.md §2, docs/architecture.md "Read-only views"), applied after the migrations
-- whenever this file changes: other modules select from them, never write them, and never name members itself. Each is
-- one table under its own column names, so the planner inlines it and a reader's query runs on that table's indexes
-- (the seamless debit reads member_directory on every bet).

-- The views these replace; a view whose columns change is dropped first (CREATE OR REPLACE cannot drop or reorder).
DROP VIEW IF EXISTS member_standing, member_briefs, member_signup_facts;

-- Each member, without anything personal or secret: username, user type, upline (parent_id), status, sign-up time and
-- the nickname it shows (the agent centre's team list).
-- The seamless wallet's "a locked member places no bet", the agent tree, the order queues' and the winner board's
-- names, the cashier's member context and the reports' sign-ups.
CREATE OR REPLACE VIEW member_directory AS
SELECT merchant_id, id, username, user_type, parent_id, status, created_at, nickname
FROM members;

-- Each login's member, method and time (the reports' logins).
CREATE OR REPLACE VIEW member_login_facts AS
SELECT merchant_id, member_id, method, logged_in_at
FROM member_logins;

-- The agent tree (DESIGN.md §12): each (ancestor, descendant) pair of a merchant's members with its depth, the member
-- itself at depth 0. An agent's team is ancestor_id = the agent; a member's uplines are descendant_id = the member.
CREATE OR REPLACE VIEW agent_tree AS
SELECT merchant_id, ancestor_id, descendant_id, depth
FROM member_tree;
