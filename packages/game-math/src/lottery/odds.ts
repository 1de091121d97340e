import { GameInputError } from '../errors';
import type { LotteryFamily } from './draw';
import type { LotteryMethod } from './method-kit';
import { CHINA_METHODS } from './methods-china';
import { SEA_VN_METHODS } from './methods-sea-vn';

/**
 * Odds tables (LOTTERY.md "Odds and return to player"). A table maps method → odds key → multiplierE4: what one unit
 * staked on a ticket returns per hit, × 10,000 (1.98x = 19,800). A method a table does not list is not offered. Tables
 * are versioned; a bet stores the table it was priced with, so a later change never reprices an open or settled bet.
 *
 * - Prize-group model (LOTT, ZY): multiplier = (G / 2000) / p, rounded down, where p is the key's exact expected hits
 *   and G the prize group (1800..1980): the return to player is G / 2000 for every method (90% at 1800, 97.5% at 1950).
 *   The rest up to the top group is the rebate chain (rebate.ts).
 * - Fixed odds (ELOTT two-sided lobby, SEA, 4D, VN): the numbers below, each method's return stated from them.
 */
export type OddsTable = {
  id: string;
  version: number;
  model: 'prizeGroup' | 'fixed';
  odds: Record<string, Record<string, number>>;
};

export const LOTTERY_METHODS: readonly LotteryMethod[] = [...CHINA_METHODS, ...SEA_VN_METHODS];
const BY_CODE = new Map(LOTTERY_METHODS.map((m) => [m.code, m]));

export const lotteryMethod = (code: string): LotteryMethod => {
  const method = BY_CODE.get(code);
  if (method === undefined) throw new GameInputError(`unknown lottery method ${code}`);
  return method;
};
export const methodsOf = (family: LotteryFamily): LotteryMethod[] => LOTTERY_METHODS.filter((m) => m.family === family);

export const PRIZE_GROUP_MIN = 1800;
export const PRIZE_GROUP_MAX = 1980;
export const PRIZE_GROUP_BASE = 2000;

const PRIZE_GROUP_FAMILIES: readonly LotteryFamily[] = ['digit5', 'dice3', 'race10', 'pick11'];

/** The prize-group table of a family at group G: every method, RTP G/2000 less rounding. */
export const prizeGroupOdds = (family: LotteryFamily, group: number, version = 1): OddsTable => {
  if (!PRIZE_GROUP_FAMILIES.includes(family)) throw new GameInputError(`${family} has no prize-group methods`);
  if (!Number.isInteger(group) || group < PRIZE_GROUP_MIN || group > PRIZE_GROUP_MAX) {
    throw new GameInputError(`group must be an integer in ${PRIZE_GROUP_MIN}..${PRIZE_GROUP_MAX}`);
  }
  const odds: OddsTable['odds'] = {};
  for (const method of methodsOf(family)) {
    odds[method.code] = Object.fromEntries(
      Object.entries(method.expectedHits).map(([key, p]) => [
        key,
        // (group / 2000) / p × 10,000, rounded down (a value within float noise of an integer is that integer).
        floorE4((group * 5) / p),
      ]),
    );
  }
  return { id: `${family}:group${group}`, version, model: 'prizeGroup', odds };
};

const floorE4 = (x: number): number => {
  const nearest = Math.round(x);
  return Math.abs(x - nearest) <= 1e-7 * Math.max(1, x) ? nearest : Math.floor(x);
};
/** 0.99 / p rounded down to 0.01x: the two-sided lobby's fixed odds. */
const twoSided = (p: number): number => floorE4((0.99 / p) * 100) * 100;
const fixedFrom = (method: string, factor: (p: number) => number): Record<string, number> =>
  Object.fromEntries(Object.entries(lotteryMethod(method).expectedHits).map(([k, p]) => [k, factor(p)]));

/** ELOTT: the two-sided fixed-odds lobby over the 5-digit, 3-dice and race draws. */
export const ELOTT_ODDS: Record<'digit5' | 'dice3' | 'race10', OddsTable> = {
  digit5: {
    id: 'digit5:elott',
    version: 1,
    model: 'fixed',
    odds: {
      'd5.bsoe': { side: 19_800 },
      'd5.totalBsoe': { side: 19_800 },
      'd5.dragonTiger': { dt: 22_000, tie: 99_000 },
      'd5.position': { win: 99_000 },
    },
  },
  dice3: {
    id: 'dice3:elott',
    version: 1,
    model: 'fixed',
    odds: {
      'k3.sum': fixedFrom('k3.sum', twoSided),
      'k3.bigSmall': { side: 20_300 },
      'k3.anyTriple': { win: 350_000 },
      'k3.triple': { win: 2_100_000 },
    },
  },
  race10: {
    id: 'race10:elott',
    version: 1,
    model: 'fixed',
    odds: {
      'pk.position': { win: 99_000 },
      'pk.topTwoSum': fixedFrom('pk.topTwoSum', twoSided),
      'pk.dragonTiger': { side: 19_800 },
    },
  },
};

export const SEA_ODDS: OddsTable = {
  id: 'sea:fixed',
  version: 1,
  model: 'fixed',
  odds: {
    'sea.3top': { win: 9_000_000 },
    'sea.3tod': { win: 1_500_000 },
    'sea.2top': { win: 900_000 },
    'sea.2bottom': { win: 900_000 },
    'sea.3bottom': { win: 4_500_000 },
    'sea.runTop': { win: 33_000 },
  },
};

export const FOUR_D_ODDS: OddsTable = {
  id: 'fourD:fixed',
  version: 1,
  model: 'fixed',
  odds: {
    '4d.big': {
      first: 25_000_000,
      second: 10_000_000,
      third: 5_000_000,
      starter: 1_800_000,
      consolation: 600_000,
    },
    '4d.small': { first: 35_000_000, second: 20_000_000, third: 10_000_000 },
  },
};

const vnOdds = (prefix: 'vnn' | 'vns', xien: [number, number, number]): OddsTable => ({
  id: `${prefix}:fixed`,
  version: 1,
  model: 'fixed',
  odds: {
    [`${prefix}.lo2`]: { win: 950_000 },
    [`${prefix}.lo3`]: { win: 9_000_000 },
    [`${prefix}.de`]: { win: 950_000 },
    [`${prefix}.cang3`]: { win: 9_000_000 },
    [`${prefix}.xien2`]: { win: xien[0] * 10_000 },
    [`${prefix}.xien3`]: { win: xien[1] * 10_000 },
    [`${prefix}.xien4`]: { win: xien[2] * 10_000 },
  },
});
/** Xiên odds differ by region: the same numbers are far likelier among 27 lô than among 18. */
export const VN_NORTH_ODDS = vnOdds('vnn', [17, 65, 250]);
export const VN_SOUTH_ODDS = vnOdds('vns', [35, 230, 1500]);

/** A key's return to player under a table: p × multiplier / ticket units. */
export const keyRtp = (method: LotteryMethod, table: OddsTable, key: string): number => {
  const multiplierE4 = table.odds[method.code]?.[key];
  const p = method.expectedHits[key];
  if (multiplierE4 === undefined || p === undefined) throw new GameInputError(`${method.code} has no odds for ${key}`);
  return (p * multiplierE4) / 10_000 / method.ticketUnits;
};

/** A method's stated return per key (every key the table prices). */
export const methodRtp = (code: string, table: OddsTable): Record<string, number> => {
  const method = lotteryMethod(code);
  return Object.fromEntries(Object.keys(method.expectedHits).map((key) => [key, keyRtp(method, table, key)]));
};
