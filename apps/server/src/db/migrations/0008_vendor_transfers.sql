-- Transfer wallet (issue 4; spec §7 /wps/relay/GCS_walletTransfer): for merchants whose wallet is not single, money
-- moves between the member's main wallet (CASH) and a vendor wallet (the ledger's VENDOR:<code>) through an order that
-- is written PENDING before the vendor is called and settled by the vendor's answer or by reconciliation.

-- Which vendors of a merchant keep their own wallet, and which adapter talks to each (DEMO until the vendor issue
-- plugs real ones in).
CREATE TABLE merchant_transfer_vendors (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  vendor_code text NOT NULL CHECK (vendor_code ~ '^[A-Z0-9_]{1,32}$'),
  adapter text NOT NULL CHECK (adapter ~ '^[A-Z0-9_]{1,32}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  PRIMARY KEY (merchant_id, vendor_code)
);

CREATE TABLE vendor_transfers (
  merchant_id integer NOT NULL,
  -- Ours, sent to the vendor: the vendor applies a transfer once per order number, and every ledger post of the order
  -- is keyed by it, so each step can be retried after a crash.
  order_no text NOT NULL CHECK (order_no ~ '^[A-Z0-9]{8,40}$'),
  member_id bigint NOT NULL,
  vendor_code text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  -- The client's idempotency key: a retry with the same request id returns this order.
  request_id text NOT NULL CHECK (length(request_id) BETWEEN 8 AND 64),
  status text NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
  -- How far the request got: CREATED (row only), HELD (IN: the money left CASH), SENT (the vendor was called).
  -- Reconciliation reads it only to tell "the vendor cannot have it" (not SENT) from "ask the vendor".
  stage text NOT NULL CHECK (stage IN ('CREATED', 'HELD', 'SENT')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- When reconciliation may look at the order next (backoff grows with attempts).
  next_check_at timestamptz NOT NULL,
  last_error text CHECK (length(last_error) <= 200),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  PRIMARY KEY (merchant_id, order_no),
  UNIQUE (merchant_id, member_id, request_id),
  FOREIGN KEY (merchant_id, vendor_code) REFERENCES merchant_transfer_vendors (merchant_id, vendor_code),
  CHECK ((status = 'PENDING') = (settled_at IS NULL))
);
-- One unsettled order per member and vendor: the platform-side balance that a later order checks cannot be changed
-- by an earlier one still in flight (an OUT the vendor paid must always find the money to credit).
CREATE UNIQUE INDEX vendor_transfers_one_pending ON vendor_transfers (merchant_id, member_id, vendor_code)
  WHERE status = 'PENDING';
CREATE INDEX vendor_transfers_member ON vendor_transfers (merchant_id, member_id, created_at DESC);
CREATE INDEX vendor_transfers_status ON vendor_transfers (merchant_id, status, created_at DESC);
-- The reconciliation job's queue: only unsettled orders are in it, so it stays small.
CREATE INDEX vendor_transfers_due ON vendor_transfers (merchant_id, next_check_at) WHERE status = 'PENDING';

-- The demo vendor's side (adapter DEMO): what a real vendor keeps in its own systems, here in our database so it
-- survives restarts and is shared by every node. Its balances are the vendor's truth, not the ledger's.
CREATE TABLE demo_vendor_wallets (
  merchant_id integer NOT NULL,
  vendor_code text NOT NULL,
  member_ref text NOT NULL,
  balance_minor bigint NOT NULL DEFAULT 0 CHECK (balance_minor >= 0),
  PRIMARY KEY (merchant_id, vendor_code, member_ref)
);

CREATE TABLE demo_vendor_orders (
  merchant_id integer NOT NULL,
  vendor_code text NOT NULL,
  order_no text NOT NULL,
  member_ref text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL CHECK (status IN ('SUCCESS', 'FAILED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, vendor_code, order_no)
);
