-- Back-office dashboard and reports (issue 7): each figure reads one merchant's rows of a bounded time range (today,
-- or at most 93 days), so each table gets an index that starts with merchant_id and the time the figure groups by.
-- The older indexes start with a member or a status and would make these queries walk the merchant's whole history.

-- Rounds by start time: the dashboard's bets and wins, the daily summary per vendor. The included columns let a
-- range over settled (all-visible) rounds be read from the index alone.
CREATE INDEX game_rounds_by_time ON game_rounds (merchant_id, started_at)
  INCLUDE (vendor_code, member_id, play, valid_bet_minor, win_minor);

-- Orders by the time they were made: the dashboard and the cashier report (any status).
CREATE INDEX deposit_orders_time_idx ON deposit_orders (merchant_id, created_at);
CREATE INDEX withdraw_orders_time_idx ON withdraw_orders (merchant_id, created_at);

-- Logins by time per merchant: active members today (member_logins_time_idx spans every merchant).
CREATE INDEX member_logins_merchant_time_idx ON member_logins (merchant_id, logged_in_at);
