-- Cashback promotions and VIP levels by deposits (issue 20; DESIGN.md §13; ADR 0043).

-- A CASHBACK promotion pays bonus_percent_bp of a member's own-money net loss (play statistics) over each closed
-- window, at most bonus_max_minor per member and window, into the reward centre once per member and window (the key
-- `cashback:<promotion>:<window>:<member>`), as a bonus wagered turnover_multiple times or as cash. A loss below
-- cashback_min_loss_minor earns nothing. Module engagement/promotions owns the columns; engagement/cashback pays.
ALTER TABLE promotions
  ADD COLUMN cashback_window text NOT NULL DEFAULT 'DAILY' CHECK (cashback_window IN ('DAILY', 'WEEKLY')),
  ADD COLUMN cashback_pay_as text NOT NULL DEFAULT 'BONUS' CHECK (cashback_pay_as IN ('BONUS', 'CASH')),
  ADD COLUMN cashback_min_loss_minor bigint NOT NULL DEFAULT 0 CHECK (cashback_min_loss_minor >= 0);

-- The rolling deposits a level of upgrade_basis DEPOSITS is decided on (vip.evaluate keeps it with valid_bet_minor).
ALTER TABLE vip_members ADD COLUMN deposit_minor bigint NOT NULL DEFAULT 0;

-- When the member's figure first fell below its level's threshold: the level goes only once the grace period has
-- passed since then (NULL: the figure holds the level).
ALTER TABLE vip_members ADD COLUMN below_since timestamptz;
