import {
  ELOTT_ODDS,
  FOUR_D_ODDS,
  prizeGroupOdds,
  SEA_ODDS,
  VN_NORTH_ODDS,
  VN_SOUTH_ODDS,
  type LotteryFamily,
  type OddsTable,
} from '@platform/game-math';

/**
 * The lotteries this gateway runs (issue 23; game-math LOTTERY.md for the rules). The gateway acts for several vendor
 * codes, as a lottery aggregator does: the platform routes TCG_LOTTO_VN to /vnLottery, TCG_SEA to /seaLottery and
 * LOTT to /lottery (spec §4), and every stake and win moves through the seamless wallet under the lottery's vendor.
 *
 * Prize modes (spec §3): LOTT (Chinese-style methods on the prize-group model; the in-house fast games are also
 * listed under ZY, self-operated), ELOTT (the two-sided fixed-odds lobby), SEA and VN.
 */
export const LOTTERY_VENDORS = ['LOTT', 'TCG_SEA', 'TCG_LOTTO_VN'] as const;
export type LotteryVendor = (typeof LOTTERY_VENDORS)[number];
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA', 'VN'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];

export type LotterySchedule =
  /** Every intervalSec around the clock from the business day's midnight; bets close closeBeforeSec before each draw. */
  | { kind: 'fast'; intervalSec: number; closeBeforeSec: number }
  /** Once a day at drawAtSec after local midnight; bets close closeBeforeSec before it. */
  | { kind: 'daily'; drawAtSec: number; closeBeforeSec: number };

export type LotteryDefinition = {
  code: string;
  name: { en: string; ty: string };
  vendor: LotteryVendor;
  prizeModes: readonly PrizeMode[];
  family: LotteryFamily;
  /** The VN region a menu groups it under. */
  region?: 'north' | 'central' | 'south' | 'fast';
  /**
   * A regional VN draw's station slot (ADR 0050): 1 is the weekday's main station (đài chính), 2 the second province
   * drawing that day, and so on. Each slot is a lottery of its own; it has no issue on a day with fewer provinces.
   */
  slot?: number;
  schedule: LotterySchedule;
  /** The business day's offset from UTC (issue numbers and daily draws follow local time). */
  tzOffsetMinutes: number;
  odds: OddsTable;
  /** Allowed stake units in minor units (LOTT: 2.00, 0.20 and 0.02 per ticket). */
  unitsMinor: readonly bigint[];
  /** The largest payout of one bet, and of one player in one issue (risk caps; LOTTERY.md "Caps"). */
  maxWinPerBetMinor: bigint;
  maxWinPerIssueMinor: bigint;
};

/** The prize group a bet is priced at unless the merchant sets another (RTP 97.5%; LOTTERY.md). */
export const DEFAULT_PRIZE_GROUP = 1950;
const LOTT_UNITS = [200n, 20n, 2n] as const;
const WHOLE_UNITS = [100n] as const;
const CN = 480;
const VN = 420;
const TH = 420;
const MY = 480;
const fast = (intervalSec: number, closeBeforeSec: number): LotterySchedule => ({
  kind: 'fast',
  intervalSec,
  closeBeforeSec,
});
const daily = (hour: number, minute: number, closeBeforeSec = 900): LotterySchedule => ({
  kind: 'daily',
  drawAtSec: hour * 3600 + minute * 60,
  closeBeforeSec,
});
const caps = { maxWinPerBetMinor: 50_000_000n, maxWinPerIssueMinor: 100_000_000n };
const lott = (family: LotteryFamily) => ({
  vendor: 'LOTT' as const,
  tzOffsetMinutes: CN,
  odds: prizeGroupOdds(family, DEFAULT_PRIZE_GROUP),
  unitsMinor: LOTT_UNITS,
  ...caps,
});

/** The VN draws' names by region; a regional draw's station slot adds the province drawing that day (ADR 0050). */
export const VN_REGION_NAMES = {
  north: { en: 'Vietnam North', ty: 'Hilagang Vietnam' },
  central: { en: 'Vietnam Central', ty: 'Gitnang Vietnam' },
  south: { en: 'Vietnam South', ty: 'Timog Vietnam' },
  fast: { en: 'Vietnam 1-Minute', ty: 'Vietnam 1-Minuto' },
} as const;
/** A station slot's name when no province is known (the catalogue's): "Vietnam South · Station 2". */
const slotName = (region: 'central' | 'south', slot: number) => ({
  en: `${VN_REGION_NAMES[region].en} · Station ${slot}`,
  ty: `${VN_REGION_NAMES[region].ty} · Istasyon ${slot}`,
});

export const LOTTERIES: readonly LotteryDefinition[] = [
  {
    code: 'lott-ffc1',
    name: { en: '1-Minute 5D', ty: '1-Minutong 5D' },
    prizeModes: ['LOTT', 'ZY'],
    family: 'digit5',
    schedule: fast(60, 10),
    ...lott('digit5'),
  },
  {
    code: 'lott-ffc3',
    name: { en: '3-Minute 5D', ty: '3-Minutong 5D' },
    prizeModes: ['LOTT', 'ZY'],
    family: 'digit5',
    schedule: fast(180, 30),
    ...lott('digit5'),
  },
  {
    code: 'lott-ffc5',
    name: { en: '5-Minute 5D', ty: '5-Minutong 5D' },
    prizeModes: ['LOTT', 'ZY'],
    family: 'digit5',
    schedule: fast(300, 60),
    ...lott('digit5'),
  },
  {
    code: 'lott-k3-1',
    name: { en: '1-Minute Dice', ty: '1-Minutong Dais' },
    prizeModes: ['LOTT', 'ZY'],
    family: 'dice3',
    schedule: fast(60, 10),
    ...lott('dice3'),
  },
  {
    code: 'lott-pk10-3',
    name: { en: '3-Minute Car Race', ty: '3-Minutong Karera' },
    prizeModes: ['LOTT', 'ZY'],
    family: 'race10',
    schedule: fast(180, 30),
    ...lott('race10'),
  },
  {
    code: 'lott-11x5-5',
    name: { en: '5-Minute 11 Choose 5', ty: '5-Minutong 11 Pumili ng 5' },
    prizeModes: ['LOTT', 'ZY'],
    family: 'pick11',
    schedule: fast(300, 60),
    ...lott('pick11'),
  },
  {
    code: 'lott-d5-daily',
    name: { en: 'Daily 5D', ty: 'Araw-araw na 5D' },
    prizeModes: ['LOTT'],
    family: 'digit5',
    schedule: daily(21, 30),
    ...lott('digit5'),
  },
  ...(['digit5', 'dice3', 'race10'] as const).map((family): LotteryDefinition => ({
    code: `elott-${family}-1`,
    name: {
      en: { digit5: 'E-Lottery 5D', dice3: 'E-Lottery Dice', race10: 'E-Lottery Race' }[family],
      ty: { digit5: 'E-Loterya 5D', dice3: 'E-Loterya Dais', race10: 'E-Loterya Karera' }[family],
    },
    vendor: 'LOTT',
    prizeModes: ['ELOTT'],
    family,
    schedule: fast(60, 10),
    tzOffsetMinutes: CN,
    odds: ELOTT_ODDS[family],
    unitsMinor: WHOLE_UNITS,
    ...caps,
  })),
  {
    code: 'sea-thai',
    name: { en: 'Thai Lottery', ty: 'Loteryang Thai' },
    vendor: 'TCG_SEA',
    prizeModes: ['SEA'],
    family: 'sea',
    schedule: daily(15, 30),
    tzOffsetMinutes: TH,
    odds: SEA_ODDS,
    unitsMinor: WHOLE_UNITS,
    ...caps,
  },
  {
    code: 'sea-thai-5',
    name: { en: '5-Minute Thai', ty: '5-Minutong Thai' },
    vendor: 'TCG_SEA',
    prizeModes: ['SEA'],
    family: 'sea',
    schedule: fast(300, 60),
    tzOffsetMinutes: TH,
    odds: SEA_ODDS,
    unitsMinor: WHOLE_UNITS,
    ...caps,
  },
  {
    code: 'sea-4d',
    name: { en: '4D', ty: '4D' },
    vendor: 'TCG_SEA',
    prizeModes: ['SEA'],
    family: 'fourD',
    schedule: daily(19, 0),
    tzOffsetMinutes: MY,
    odds: FOUR_D_ODDS,
    unitsMinor: WHOLE_UNITS,
    ...caps,
  },
  ...(
    [
      ['vn-north', 'north', 1, daily(18, 15)],
      ['vn-central', 'central', 1, daily(17, 15)],
      ['vn-central-2', 'central', 2, daily(17, 15)],
      ['vn-central-3', 'central', 3, daily(17, 15)],
      ['vn-south', 'south', 1, daily(16, 15)],
      ['vn-south-2', 'south', 2, daily(16, 15)],
      ['vn-south-3', 'south', 3, daily(16, 15)],
      ['vn-south-4', 'south', 4, daily(16, 15)],
      ['vn-fast-1', 'fast', 1, fast(60, 10)],
    ] as const
  ).map(([code, region, slot, schedule]): LotteryDefinition => {
    const family = region === 'north' || region === 'fast' ? 'vnNorth' : 'vnSouth';
    return {
      code,
      name: region === 'north' || region === 'fast' || slot === 1 ? VN_REGION_NAMES[region] : slotName(region, slot),
      vendor: 'TCG_LOTTO_VN',
      prizeModes: ['VN'],
      family,
      region,
      ...(region === 'fast' ? {} : { slot }),
      schedule,
      tzOffsetMinutes: VN,
      odds: family === 'vnNorth' ? VN_NORTH_ODDS : VN_SOUTH_ODDS,
      unitsMinor: WHOLE_UNITS,
      ...caps,
    };
  }),
];

const BY_CODE = new Map(LOTTERIES.map((l) => [l.code, l]));
export const isLotteryCode = (code: string): boolean => BY_CODE.has(code);
export const lotteryOf = (code: string): LotteryDefinition | undefined => BY_CODE.get(code);
