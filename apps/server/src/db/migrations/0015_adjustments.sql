-- Manual balance adjustments with a second approval (issue 7 back office). At or below the merchant's threshold an
-- adjustment applies at once; above it the request waits (PENDING) until another staff member approves or rejects it.
-- The money itself moves only through the ledger (0003): a CORRECTION transfer keyed by source 'ops.adjustment' and
-- the request id, so however often an approval is repeated, the money moves once.

CREATE TABLE adjustment_settings (
  merchant_id integer PRIMARY KEY REFERENCES merchants (id),
  -- Above this many minor units a second staff member must approve (100000 = 1,000.00 at two decimals). 0: always.
  approval_threshold_minor bigint NOT NULL DEFAULT 100000 CHECK (approval_threshold_minor >= 0)
);

CREATE TABLE adjustment_requests (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  -- Signed: positive credits the member's account, negative debits it.
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  -- The member's account the adjustment moves, as the ledger names it (today always CASH; the merchant's CASHIER is
  -- the other side).
  account text NOT NULL DEFAULT 'CASH' CHECK (account IN ('CASH')),
  kind text NOT NULL DEFAULT 'CORRECTION' CHECK (kind IN ('CORRECTION')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 3 AND 200),
  -- The staff member who asked (id null only for the interim API token) and their username at the time.
  requested_by_id bigint,
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  -- PENDING: waits for a second staff member. APPROVED: decided, the ledger post follows (an interrupted post is
  -- finished by the approver's retry). APPLIED: moved. REJECTED: refused. FAILED: the ledger refused it.
  status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'APPLIED', 'REJECTED', 'FAILED')),
  decided_by_id bigint,
  decided_by text,
  decided_at timestamptz,
  decision_reason text CHECK (length(decision_reason) <= 200),
  -- The caller's idempotency key, also the ledger key of the transfer.
  idempotency_key text NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_.:-]{8,64}$'),
  transfer_id bigint,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, idempotency_key),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id),
  CHECK ((status = 'PENDING') = (decided_at IS NULL)),
  CHECK (status <> 'APPLIED' OR transfer_id IS NOT NULL)
);
-- The list (newest first), by status (the pending approvals) and by member.
CREATE INDEX adjustment_requests_time ON adjustment_requests (merchant_id, requested_at DESC, id DESC);
CREATE INDEX adjustment_requests_status ON adjustment_requests (merchant_id, status, requested_at DESC, id DESC);
CREATE INDEX adjustment_requests_member ON adjustment_requests (merchant_id, member_id, requested_at DESC);

-- Every existing merchant gets the default threshold (new merchants get theirs on first use).
INSERT INTO adjustment_settings (merchant_id) SELECT id FROM merchants ON CONFLICT (merchant_id) DO NOTHING;
