/**
 * The demo merchant's VIP levels (issue 20): thresholds of valid bet over 30 days, upgrade bonuses and rebate rates in
 * basis points per game type, each below the type's house edge (engagement/vip HOUSE_EDGE_BP). Amounts in minor units.
 */
export const DEMO_VIP_LEVELS = [
  {
    level: 0,
    name: { EN: 'Member', TY: 'Miyembro' },
    label: 'VIP0',
    minValidBetMinor: 0n,
    upgradeBonusMinor: 0n,
    rates: { RNG: 40, FISH: 40, LIVE: 30, PVP: 30, SPORTS: 40, LOTT: 50, ELOTT: 50 },
  },
  {
    level: 1,
    name: { EN: 'Bronze', TY: 'Tanso' },
    label: 'VIP1',
    minValidBetMinor: 100_000n,
    upgradeBonusMinor: 500n,
    rates: { RNG: 60, FISH: 60, LIVE: 40, PVP: 40, SPORTS: 50, LOTT: 70, ELOTT: 70 },
  },
  {
    level: 2,
    name: { EN: 'Silver', TY: 'Pilak' },
    label: 'VIP2',
    minValidBetMinor: 1_000_000n,
    upgradeBonusMinor: 2_000n,
    rates: { RNG: 80, FISH: 80, LIVE: 60, PVP: 60, SPORTS: 70, LOTT: 90, ELOTT: 90 },
  },
  {
    level: 3,
    name: { EN: 'Gold', TY: 'Ginto' },
    label: 'VIP3',
    minValidBetMinor: 5_000_000n,
    upgradeBonusMinor: 8_800n,
    rates: { RNG: 100, FISH: 100, LIVE: 80, PVP: 80, SPORTS: 90, LOTT: 120, ELOTT: 120 },
  },
] as const;
