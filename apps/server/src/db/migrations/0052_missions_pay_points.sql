-- Missions and races may pay their reward in points (issue 21, spec §1 "a reward (a bonus with turnover, cash or
-- points)"): the reward centre credits the points mall's POINTS account (ADR 0046). For POINTS, reward_minor and the
-- race's prizes are whole points (one point is one unit of the PTS ledger currency).
ALTER TABLE missions DROP CONSTRAINT missions_pay_as_check;
ALTER TABLE missions ADD CONSTRAINT missions_pay_as_check CHECK (pay_as IN ('CASH', 'BONUS', 'POINTS'));
ALTER TABLE races DROP CONSTRAINT races_pay_as_check;
ALTER TABLE races ADD CONSTRAINT races_pay_as_check CHECK (pay_as IN ('CASH', 'BONUS', 'POINTS'));
