/**
 * The demo merchant's points mall (issue 21): earning rates (points per 100 of valid bet, by VIP level and game type),
 * the conversion rule, and a catalogue with a bonus, cash and a physical item whose stock is small.
 */
export const DEMO_POINTS_SETTINGS = { convertPointsPerUnit: 100, convertMinPoints: 500 } as const;

export const DEMO_POINTS_RATES = [
  { vipLevel: 0, gameType: 'ALL', pointsPerHundred: 1 },
  { vipLevel: 0, gameType: 'RNG', pointsPerHundred: 2 },
  { vipLevel: 1, gameType: 'ALL', pointsPerHundred: 2 },
  { vipLevel: 1, gameType: 'RNG', pointsPerHundred: 3 },
  { vipLevel: 2, gameType: 'ALL', pointsPerHundred: 3 },
  { vipLevel: 3, gameType: 'ALL', pointsPerHundred: 5 },
] as const;

export const DEMO_MALL_ITEMS = [
  {
    kind: 'BONUS',
    name: 'Bonus 50',
    nameTy: 'Bonus na 50',
    description: 'A 50.00 bonus to play with, wagered 5 times before it turns into cash.',
    pricePoints: 800,
    valueMinor: 5_000n,
    turnoverMultiple: 5,
    stock: null,
    perMemberLimit: 3,
  },
  {
    kind: 'CASH',
    name: 'Cash 20',
    nameTy: 'Cash na 20',
    description: '20.00 straight into your wallet.',
    pricePoints: 2_500,
    valueMinor: 2_000n,
    turnoverMultiple: 0,
    stock: 100,
    perMemberLimit: null,
  },
  {
    kind: 'GOODS',
    name: 'Lucky Star hoodie',
    nameTy: 'Hoodie ng Lucky Star',
    description: 'A warm hoodie with the Lucky Star logo, delivered to your door.',
    pricePoints: 1_200,
    valueMinor: 0n,
    turnoverMultiple: 0,
    stock: 3,
    perMemberLimit: 1,
  },
] as const;

/** Points waiting in these members' reward centres (a reward paid in points): claim them, then shop. */
export const DEMO_POINTS_GIFTS = [
  { username: 'demo_member', points: 3_000 },
  { username: 'demo_team_ana', points: 1_500 },
  { username: 'demo_downline', points: 1_500 },
] as const;
