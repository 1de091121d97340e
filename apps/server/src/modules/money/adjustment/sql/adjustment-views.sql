-- The adjustment module's published facts (docs/architecture.md "Read-only views"): each request's signed amount and
-- status by request time, for the back office's reports. Read-only for every other module; columns are only ever added.
CREATE OR REPLACE VIEW adjustment_request_facts AS
SELECT merchant_id, status, amount_minor, requested_at
FROM adjustment_requests;
