-- The transfer wallet, vendor side (docs/protocols/transfer-wallet.md). For a merchant that does not use the single
-- wallet, the RGS keeps the player's game balance: the platform moves money in and out by order
-- (POST /rgs/v1/transfer/transfer) and reads back the settled rounds (POST /rgs/v1/transfer/bets). The seamless mode
-- is unchanged: a page session says which wallet pays its rounds.

-- Which wallet a page session (and each of its rounds) plays from: the platform's (seamless calls) or the RGS-held one
-- below (moved locally, in the round's own transactions). Fixed by the signed launch link.
ALTER TABLE page_sessions
  ADD COLUMN wallet text NOT NULL DEFAULT 'seamless' CHECK (wallet IN ('seamless', 'transfer'));
ALTER TABLE rounds
  ADD COLUMN wallet text NOT NULL DEFAULT 'seamless' CHECK (wallet IN ('seamless', 'transfer'));
-- The bet-record feed: an operator's settled (or cancelled) transfer-mode rounds by settle time, in a stable order.
CREATE INDEX rounds_transfer_settled ON rounds (operator, settled_at, seq)
  WHERE wallet = 'transfer' AND state IN ('SETTLED', 'CANCELLED');
-- Recovery: transfer-mode bets taken whose round the process never got to decide.
CREATE INDEX rounds_transfer_debiting ON rounds (created_at) WHERE wallet = 'transfer' AND state = 'DEBITING';

-- One balance per (operator, player, currency), in hundredths (RGS_MONEY_SCALE). Never below zero: a bet or an OUT
-- takes money only with `balance_minor >= amount` in the same statement, and the CHECK stops anything else.
CREATE TABLE wallets (
  operator text NOT NULL,
  player_id text NOT NULL,
  currency text NOT NULL,
  balance_minor bigint NOT NULL DEFAULT 0 CHECK (balance_minor >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (operator, player_id, currency)
);

-- Every movement of a wallet, written in the transaction that moves it. entry_key is the idempotency key: a
-- transfer's is `order:<orderNo>`, a round's is the transaction id of the movement (`<round>:bet`, `<round>:win`,
-- `<round>:jp`, `<round>:bet:rb`), so nothing is applied twice. A wallet's balance is the sum of its entries.
CREATE TABLE wallet_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator text NOT NULL,
  player_id text NOT NULL,
  currency text NOT NULL,
  entry_key text NOT NULL,
  -- IN, WIN, REFUND add to the wallet; OUT, BET take from it.
  kind text NOT NULL CHECK (kind IN ('IN', 'OUT', 'BET', 'WIN', 'REFUND')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  balance_after_minor bigint NOT NULL CHECK (balance_after_minor >= 0),
  round_id text REFERENCES rounds (id),
  order_no text,
  created_at timestamptz NOT NULL,
  UNIQUE (operator, entry_key),
  FOREIGN KEY (operator, player_id, currency) REFERENCES wallets (operator, player_id, currency),
  CHECK ((round_id IS NULL) = (kind IN ('IN', 'OUT'))),
  CHECK ((order_no IS NULL) = (kind NOT IN ('IN', 'OUT')))
);
CREATE INDEX wallet_entries_by_wallet ON wallet_entries (operator, player_id, currency, id DESC);

-- The platform's transfer orders, once each (at most once per orderNo and operator). NOT_FOUND is a tombstone: the
-- platform asked about an order this server never applied and has given the money back, so a transfer carrying that
-- order number that arrives later is answered FAILED and moves nothing.
CREATE TABLE transfer_orders (
  operator text NOT NULL,
  order_no text NOT NULL,
  status text NOT NULL CHECK (status IN ('SUCCESS', 'FAILED', 'NOT_FOUND')),
  player_id text,
  currency text,
  direction text CHECK (direction IN ('IN', 'OUT')),
  amount_minor bigint CHECK (amount_minor > 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (operator, order_no),
  CHECK (
    status = 'NOT_FOUND'
    OR (player_id IS NOT NULL AND currency IS NOT NULL AND direction IS NOT NULL AND amount_minor IS NOT NULL)
  )
);
