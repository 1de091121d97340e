-- Deposits (issue 4, member centre depositv2): the payment channels a merchant offers, the members' deposit orders,
-- and the demo payment gateway's own payments. Money is bigint minor units (DESIGN.md §5); the ledger holds it.

CREATE TABLE deposit_channels (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- Stable name for seeds and the back office.
  code text NOT NULL CHECK (code ~ '^[a-z0-9][a-z0-9_-]{0,31}$'),
  -- MANUAL_BANK: the player transfers to the bank account shown and staff approve; GATEWAY: an online gateway.
  kind text NOT NULL CHECK (kind IN ('MANUAL_BANK', 'GATEWAY')),
  gateway_code text CHECK (gateway_code ~ '^[a-z0-9_]{1,32}$'),
  display_name text NOT NULL CHECK (display_name <> '' AND length(display_name) <= 64),
  min_amount_minor bigint NOT NULL CHECK (min_amount_minor > 0),
  max_amount_minor bigint NOT NULL CHECK (max_amount_minor >= min_amount_minor),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  bank_name text CHECK (length(bank_name) <= 64),
  bank_account_name text CHECK (length(bank_account_name) <= 64),
  bank_account_number text CHECK (length(bank_account_number) <= 64),
  -- A PENDING order of this channel becomes EXPIRED after this many minutes (jobs/deposit-expiry.ts).
  expiry_minutes integer NOT NULL DEFAULT 30 CHECK (expiry_minutes BETWEEN 1 AND 10080),
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, code),
  CHECK ((kind = 'GATEWAY') = (gateway_code IS NOT NULL)),
  CHECK (kind <> 'MANUAL_BANK' OR (bank_name IS NOT NULL AND bank_account_name IS NOT NULL
    AND bank_account_number IS NOT NULL))
);

CREATE TABLE deposit_orders (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- What the player, staff and the gateway see; also the ledger idempotency key of the credit.
  order_no text NOT NULL CHECK (order_no ~ '^D[A-Z0-9]{8,40}$'),
  member_id bigint NOT NULL,
  channel_id bigint NOT NULL,
  -- The client's idempotency key: the same request id creates one order.
  request_id text NOT NULL CHECK (length(request_id) BETWEEN 8 AND 64),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'APPROVED', 'REJECTED', 'EXPIRED')),
  gateway_code text,
  gateway_order_id text CHECK (length(gateway_order_id) <= 64),
  payment_url text CHECK (length(payment_url) <= 512),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  decided_at timestamptz,
  decided_by text,
  reason text CHECK (length(reason) <= 200),
  -- The DEPOSIT transfer once the money is credited (PAID and APPROVED orders).
  transfer_id bigint,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, order_no),
  UNIQUE (merchant_id, member_id, request_id),
  UNIQUE (merchant_id, gateway_code, gateway_order_id),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id),
  FOREIGN KEY (merchant_id, channel_id) REFERENCES deposit_channels (merchant_id, id)
);
-- The member's list, newest first.
CREATE INDEX deposit_orders_member_idx ON deposit_orders (merchant_id, member_id, created_at DESC, id DESC);
-- The staff queue by status, oldest first.
CREATE INDEX deposit_orders_queue_idx ON deposit_orders (merchant_id, status, created_at, id);
-- The expiry job looks across merchants at PENDING orders only, so the index holds only those.
CREATE INDEX deposit_orders_expiry_idx ON deposit_orders (expires_at) WHERE status = 'PENDING';
-- Credited orders whose transfer id was not recorded yet (a crash between the ledger post and the update).
CREATE INDEX deposit_orders_unsettled_idx ON deposit_orders (merchant_id, id)
  WHERE status IN ('PAID', 'APPROVED') AND transfer_id IS NULL;

-- The demo payment gateway's own books (modules/demo-gateway): a third party in all but deployment. Its merchant
-- account is the platform merchant's id; its ids are its own.
CREATE TABLE demo_gateway_payments (
  merchant_account integer NOT NULL,
  id text NOT NULL CHECK (id ~ '^DG[A-Za-z0-9_-]{16,40}$'),
  merchant_order_no text NOT NULL CHECK (length(merchant_order_no) <= 64),
  merchant_name text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  currency_scale smallint NOT NULL CHECK (currency_scale BETWEEN 0 AND 8),
  notify_url text NOT NULL CHECK (length(notify_url) <= 512),
  return_url text NOT NULL CHECK (length(return_url) <= 512),
  status text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'PAID', 'CANCELLED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  notified_at timestamptz,
  notify_attempts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_account, id),
  UNIQUE (merchant_account, merchant_order_no)
);
