-- The reward centre (issue 20; spec §2 member centre rewardCenter, manualRebate; DESIGN.md §13; ADR 0036). Module
-- engagement/rewards. A reward is offered under a business key (one per member and window: `rebate:<day>:<member>`,
-- `rebate-manual:<day>:<member>`, `vip-upgrade:<level>:<member>`) and moves money only when it is claimed, through
-- the ledger (cash) or the bonus wallet (bonus), under the key `reward:<id>`.
CREATE TABLE rewards (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('REBATE', 'MANUAL_REBATE', 'VIP_UPGRADE')),
  reward_key text NOT NULL CHECK (length(reward_key) BETWEEN 1 AND 100),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- CASH: credited to the member's cash; BONUS: a bonus-wallet grant with turnover_multiple × the amount.
  pay_as text NOT NULL DEFAULT 'CASH' CHECK (pay_as IN ('CASH', 'BONUS')),
  turnover_multiple integer NOT NULL DEFAULT 0 CHECK (turnover_multiple BETWEEN 0 AND 200),
  -- The window or level it is for (a business day, a level number), and what it was counted from.
  period text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CLAIMED', 'EXPIRED')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  claimed_at timestamptz,
  transfer_id bigint,
  grant_id bigint,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, reward_key)
);
CREATE INDEX rewards_member_idx ON rewards (merchant_id, member_id, id DESC);
CREATE INDEX rewards_pending_expiry_idx ON rewards (expires_at) WHERE status = 'PENDING';
