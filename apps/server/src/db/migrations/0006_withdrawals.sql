-- Withdrawals (issue 4): per-merchant rules, the member's bound payout accounts, the orders that hold money in the
-- member's FROZEN account until staff pay or release it, and the proofs a member uploads when confirming receipt.
-- The money itself lives in the ledger (0003); an order only names the transfers it caused.

CREATE TABLE withdraw_settings (
  merchant_id integer PRIMARY KEY REFERENCES merchants (id),
  min_amount_minor bigint NOT NULL DEFAULT 10000 CHECK (min_amount_minor > 0),
  max_amount_minor bigint NOT NULL DEFAULT 5000000 CHECK (max_amount_minor >= min_amount_minor),
  -- Requests a member may make per day (the day starts at midnight in the merchant's offset from UTC).
  daily_count integer NOT NULL DEFAULT 3 CHECK (daily_count BETWEEN 1 AND 100),
  max_accounts integer NOT NULL DEFAULT 3 CHECK (max_accounts BETWEEN 1 AND 20),
  -- A paid order the member has not confirmed within this many minutes counts as received (spec §4).
  auto_receive_minutes integer NOT NULL DEFAULT 1440 CHECK (auto_receive_minutes BETWEEN 1 AND 43200),
  day_offset_minutes integer NOT NULL DEFAULT 0 CHECK (day_offset_minutes BETWEEN -720 AND 840)
);

CREATE TABLE withdraw_accounts (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  -- The bank or e-wallet, e.g. "BDO" or "GCash".
  bank_name text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 64),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9A-Za-z -]{4,40}$'),
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Unbinding keeps the row (orders name it); only active rows count and are shown.
  removed_at timestamptz,
  PRIMARY KEY (merchant_id, id),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id)
);
CREATE INDEX withdraw_accounts_member ON withdraw_accounts (merchant_id, member_id) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX withdraw_accounts_unique ON withdraw_accounts (merchant_id, member_id, bank_name, account_number)
  WHERE removed_at IS NULL;

CREATE TABLE withdraw_orders (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  order_no text NOT NULL CHECK (order_no ~ '^W[0-9A-Z]{10,30}$'),
  member_id bigint NOT NULL,
  -- The client's idempotency key: a retry with the same request id answers the same order.
  request_id text NOT NULL CHECK (length(request_id) BETWEEN 8 AND 64),
  account_id bigint NOT NULL,
  -- Snapshot of the payout account at request time (the account may be unbound later).
  bank_name text NOT NULL,
  account_number text NOT NULL,
  holder_name text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- HOLDING: written, hold not yet confirmed by the ledger (a short-lived state; the job completes it).
  -- PENDING: held in FROZEN, waiting for staff. PAID / REJECTED: decided; the transfer follows the decision.
  status text NOT NULL CHECK (status IN ('HOLDING', 'PENDING', 'PAID', 'REJECTED')),
  receipt_state text NOT NULL DEFAULT 'NONE'
    CHECK (receipt_state IN ('NONE', 'RECEIVED', 'NOT_RECEIVED', 'PARTLY_RECEIVED', 'AUTO_RECEIVED')),
  receipt_at timestamptz,
  receipt_note text CHECK (length(receipt_note) <= 500),
  decided_by text,
  decided_at timestamptz,
  reject_reason text CHECK (length(reject_reason) <= 200),
  hold_transfer_id bigint,
  payout_transfer_id bigint,
  release_transfer_id bigint,
  created_at timestamptz NOT NULL,
  -- The merchant's day of the request, for the daily count.
  request_day date NOT NULL,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, order_no),
  UNIQUE (merchant_id, member_id, request_id),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id),
  FOREIGN KEY (merchant_id, account_id) REFERENCES withdraw_accounts (merchant_id, id)
);
-- The member's list (newest first) and its daily count.
CREATE INDEX withdraw_orders_member ON withdraw_orders (merchant_id, member_id, id DESC);
CREATE INDEX withdraw_orders_member_day ON withdraw_orders (merchant_id, member_id, request_day);
-- The staff queue by status, oldest first.
CREATE INDEX withdraw_orders_status ON withdraw_orders (merchant_id, status, id);
-- The jobs: unfinished holds and decisions, and paid orders waiting for the member's confirmation.
CREATE INDEX withdraw_orders_unsettled ON withdraw_orders (merchant_id, id)
  WHERE status = 'HOLDING'
     OR (status = 'PAID' AND payout_transfer_id IS NULL)
     OR (status = 'REJECTED' AND release_transfer_id IS NULL);
CREATE INDEX withdraw_orders_unconfirmed ON withdraw_orders (merchant_id, decided_at)
  WHERE status = 'PAID' AND receipt_state = 'NONE';

CREATE TABLE withdraw_proofs (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  order_id bigint NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, id),
  FOREIGN KEY (merchant_id, order_id) REFERENCES withdraw_orders (merchant_id, id)
);
CREATE INDEX withdraw_proofs_order ON withdraw_proofs (merchant_id, order_id);

-- Every existing merchant gets the default rules (new merchants get theirs from the seed, or on first use).
INSERT INTO withdraw_settings (merchant_id) SELECT id FROM merchants ON CONFLICT (merchant_id) DO NOTHING;
