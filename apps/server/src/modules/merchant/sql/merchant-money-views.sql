-- Read-only views the merchant module publishes for the money modules (DESIGN.md §2, docs/architecture.md
-- "Read-only views"): others select from them, never write them. Keep the columns to what readers need.

-- Each merchant's code, IANA time zone (records count local days) and wallet mode (single, or a transfer wallet per
-- vendor).
CREATE OR REPLACE VIEW merchant_basics AS
  SELECT m.id, m.code, m.timezone, m.wallet_is_single
  FROM merchants m;
