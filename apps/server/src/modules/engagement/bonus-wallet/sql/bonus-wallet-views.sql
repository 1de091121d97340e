-- The bonus wallet's read-only view (docs/architecture.md "Read-only views"): the BONUS account of each member's
-- active grant per currency. The seamless wallet reads it on every call (most members have none); a view is inlined
-- into the caller's own query, so that probe costs one index lookup and no function call.
CREATE OR REPLACE VIEW bonus_active_accounts AS
SELECT merchant_id, member_id, currency, account_id
FROM bonus_grants
WHERE status = 'ACTIVE';
