-- Manual bonus grants (issue 20, ADR 0037): a staff member asks for a bonus for one member (the maker); another staff
-- member approves it, and only then is it paid through the bonus wallet under the key `manual:<id>`, or rejects it
-- with a reason. The maker can never approve their own request. Module engagement/promotions.
CREATE TABLE bonus_manual_grants (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  turnover_multiple integer NOT NULL CHECK (turnover_multiple BETWEEN 0 AND 200),
  expiry_hours integer NOT NULL CHECK (expiry_hours BETWEEN 1 AND 8760),
  reason text NOT NULL CHECK (length(reason) <= 200),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  requested_by_id bigint NOT NULL,
  requested_by text NOT NULL,
  -- The maker's idempotency key: a retried request asks once.
  request_id text NOT NULL,
  decided_by_id bigint,
  decided_by text,
  reject_reason text,
  grant_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, request_id),
  CHECK (decided_by_id IS NULL OR decided_by_id <> requested_by_id)
);
CREATE INDEX bonus_manual_grants_recent_idx ON bonus_manual_grants (merchant_id, created_at DESC, id DESC);
