-- The reward centre takes the rewards of issues 20 and 21 (ADR 0036): cashback, birthday and promotion rewards,
-- mission, race, referral and raffle prizes, and rewards paid in points (the points mall's POINTS account).
ALTER TABLE rewards DROP CONSTRAINT rewards_kind_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_kind_check CHECK (
  kind IN (
    'REBATE', 'MANUAL_REBATE', 'VIP_UPGRADE', 'CASHBACK', 'BIRTHDAY', 'PROMOTION', 'MISSION', 'RACE', 'REFERRAL',
    'RAFFLE'
  )
);
ALTER TABLE rewards DROP CONSTRAINT rewards_pay_as_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_pay_as_check CHECK (pay_as IN ('CASH', 'BONUS', 'POINTS'));
