-- The staff module's read-only view (docs/architecture.md "Read-only views"): each staff account's merchant, name,
-- role and status, without its secrets. The live chat reads it for the colleagues a chat can be transferred to.
CREATE OR REPLACE VIEW staff_directory AS
SELECT id, merchant_id, username, display_name, role, status
FROM staff_accounts;
