-- Wallet (issue 4): how a merchant's wallet works. The ledger (0003) holds the money; the order tables of deposits,
-- withdrawals and vendor transfers come in their own migrations.

ALTER TABLE merchants
  -- Spec §3 merchantWallet.isSingle: true is the single (seamless) wallet; false adds one transfer wallet per vendor.
  ADD COLUMN wallet_is_single boolean NOT NULL DEFAULT true,
  -- Play money given to a trial member on free-play login, in minor units of the play currency.
  ADD COLUMN play_money_minor bigint NOT NULL DEFAULT 200000 CHECK (play_money_minor BETWEEN 0 AND 1000000000000),
  -- Play money is its own currency, so it never sums with real money (DESIGN.md §5 per-currency invariant).
  ADD COLUMN play_currency text NOT NULL DEFAULT 'XPL' CHECK (play_currency ~ '^[A-Z][A-Z0-9]{2,7}$');
