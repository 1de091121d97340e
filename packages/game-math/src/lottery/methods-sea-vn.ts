import { vnDigits } from './draw';
import { add, choose, has, rowSpec, single, total, type Hits, type LotteryMethod, type Rows } from './method-kit';

/**
 * SEA (Thai-style 2- and 3-digit top and bottom, 4D big and small) and Vietnamese (north 27 prizes, south and central
 * 18) methods. A SEA draw is [first prize 0..999999, front-3 a, front-3 b, last-3 a, last-3 b, bottom-2]; a 4D draw is
 * 23 different numbers [1st, 2nd, 3rd, 10 starters, 10 consolations]; a VN draw is every prize in tier order, the
 * special prize (ĐB) first.
 */

const top3 = (d: readonly number[]) => d[0]! % 1000;
const digitsOf3 = (n: number) => [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10];

const sea: LotteryMethod[] = [
  {
    code: 'sea.3top',
    family: 'sea',
    rows: rowSpec(1, 0, 999, 'all'),
    ticketUnits: 1,
    rule: 'The last three digits of the first prize, exactly.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 1 / 1000 },
    hits: (d, rows) => (has(rows[0]!, top3(d)) ? { win: 1 } : {}),
  },
  {
    code: 'sea.3tod',
    family: 'sea',
    rows: rowSpec(1, 0, 999, 'all'),
    ticketUnits: 1,
    rule: 'The last three digits of the first prize in any order; only numbers of three different digits are taken.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 6 / 1000 },
    hits: (d, rows) => {
      // Every distinct ordering of the drawn three digits that the pick holds (a pick has no repeats).
      const [a, b, c] = digitsOf3(top3(d)) as [number, number, number];
      const orders = new Set(
        [
          [a, b, c],
          [a, c, b],
          [b, a, c],
          [b, c, a],
          [c, a, b],
          [c, b, a],
        ].map(([x, y, z]) => x! * 100 + y! * 10 + z!),
      );
      return add({}, 'win', [...orders].filter((n) => has(rows[0]!, n)).length);
    },
    refuse: (rows) =>
      rows[0]!.some((n) => new Set(digitsOf3(n)).size !== 3) ? 'a tod number needs three different digits' : null,
  },
  {
    code: 'sea.2top',
    family: 'sea',
    rows: rowSpec(1, 0, 99, 'all'),
    ticketUnits: 1,
    rule: 'The last two digits of the first prize.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 1 / 100 },
    hits: (d, rows) => (has(rows[0]!, d[0]! % 100) ? { win: 1 } : {}),
  },
  {
    code: 'sea.2bottom',
    family: 'sea',
    rows: rowSpec(1, 0, 99, 'all'),
    ticketUnits: 1,
    rule: 'The two-digit bottom prize.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 1 / 100 },
    hits: (d, rows) => (has(rows[0]!, d[5]!) ? { win: 1 } : {}),
  },
  {
    code: 'sea.3bottom',
    family: 'sea',
    rows: rowSpec(1, 0, 999, 'all'),
    ticketUnits: 1,
    rule: 'Either of the two last-three prizes; paid once per prize it matches.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 2 / 1000 },
    hits: (d, rows) => add({}, 'win', (has(rows[0]!, d[3]!) ? 1 : 0) + (has(rows[0]!, d[4]!) ? 1 : 0)),
  },
  {
    code: 'sea.runTop',
    family: 'sea',
    rows: rowSpec(1, 0, 9, 'all'),
    ticketUnits: 1,
    rule: 'The digit appears among the last three digits of the first prize (paid once).',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 1 - 0.9 ** 3 },
    hits: (d, rows) => add({}, 'win', rows[0]!.filter((v) => digitsOf3(top3(d)).includes(v)).length),
  },
];

const TIERS_4D = ['first', 'second', 'third'] as const;
const tierOf4D = (index: number): string => (index < 3 ? TIERS_4D[index]! : index < 13 ? 'starter' : 'consolation');
const fourD = (code: string, big: boolean): LotteryMethod => {
  const keys = big ? [...TIERS_4D, 'starter', 'consolation'] : [...TIERS_4D];
  return {
    code,
    family: 'fourD',
    rows: rowSpec(1, 0, 9999, 'all'),
    ticketUnits: 1,
    rule: big
      ? 'Big: the number among all 23 (1st, 2nd, 3rd, 10 starters, 10 consolations), paid by its tier.'
      : 'Small: the number among the top three only, paid by its tier.',
    count: total,
    exposures: (rows) => Object.fromEntries(keys.map((k) => [k, rows[0]!.length])),
    expectedHits: Object.fromEntries(keys.map((k) => [k, (k === 'starter' || k === 'consolation' ? 10 : 1) / 10_000])),
    hits: (d, rows) =>
      d.reduce((h: Hits, n, index) => {
        const tier = tierOf4D(index);
        return keys.includes(tier) && has(rows[0]!, n) ? add(h, tier) : h;
      }, {}),
  };
};

/** P(all k chosen two-digit numbers appear among n independent uniform tails) by inclusion–exclusion. */
export const xienProbability = (k: number, n: number): number => {
  let p = 0;
  for (let j = 0; j <= k; j += 1) p += (j % 2 === 0 ? 1 : -1) * choose(k, j) * (1 - j / 100) ** n;
  return p;
};

const vn = (family: 'vnNorth' | 'vnSouth'): LotteryMethod[] => {
  const digits = vnDigits(family);
  const n = digits.length; // 27 lô in the north, 18 elsewhere
  const n3 = digits.filter((x) => x >= 3).length; // 23 / 17 prizes with three digits or more
  const prefix = family === 'vnNorth' ? 'vnn' : 'vns';
  const tails = (d: readonly number[]) => d.map((x) => x % 100);
  const xien = (k: number): LotteryMethod => ({
    code: `${prefix}.xien${k}`,
    family,
    rows: rowSpec(1, 0, 99, 'all', k),
    ticketUnits: 1,
    rule: `Xiên ${k}: all ${k} numbers of a ticket among the ${n} lô (paid once); each ${k} picked numbers are a ticket.`,
    count: (rows: Rows) => choose(rows[0]!.length, k),
    exposures: single('win')((rows: Rows) => choose(rows[0]!.length, k)),
    expectedHits: { win: xienProbability(k, n) },
    hits: (d, rows) => {
      const matched = new Set(tails(d).filter((t) => has(rows[0]!, t))).size;
      return add({}, 'win', choose(matched, k));
    },
  });
  return [
    {
      code: `${prefix}.lo2`,
      family,
      rows: rowSpec(1, 0, 99, 'all'),
      ticketUnits: n,
      rule: `Lô 2 số: the last two digits of every prize; a point costs ${n} units and pays once per prize it matches.`,
      count: total,
      exposures: single('win')(total),
      expectedHits: { win: n / 100 },
      hits: (d, rows) => add({}, 'win', tails(d).filter((t) => has(rows[0]!, t)).length),
    },
    {
      code: `${prefix}.lo3`,
      family,
      rows: rowSpec(1, 0, 999, 'all'),
      ticketUnits: n3,
      rule: `Lô 3 số: the last three digits of the ${n3} prizes with three digits or more; a point costs ${n3} units and pays per match.`,
      count: total,
      exposures: single('win')(total),
      expectedHits: { win: n3 / 1000 },
      hits: (d, rows) => add({}, 'win', d.filter((v, i) => digits[i]! >= 3 && has(rows[0]!, v % 1000)).length),
    },
    {
      code: `${prefix}.de`,
      family,
      rows: rowSpec(1, 0, 99, 'all'),
      ticketUnits: 1,
      rule: 'Đề: the last two digits of the special prize.',
      count: total,
      exposures: single('win')(total),
      expectedHits: { win: 1 / 100 },
      hits: (d, rows) => (has(rows[0]!, d[0]! % 100) ? { win: 1 } : {}),
    },
    {
      code: `${prefix}.cang3`,
      family,
      rows: rowSpec(1, 0, 999, 'all'),
      ticketUnits: 1,
      rule: '3 càng: the last three digits of the special prize.',
      count: total,
      exposures: single('win')(total),
      expectedHits: { win: 1 / 1000 },
      hits: (d, rows) => (has(rows[0]!, d[0]! % 1000) ? { win: 1 } : {}),
    },
    xien(2),
    xien(3),
    xien(4),
  ];
};

export const SEA_VN_METHODS: readonly LotteryMethod[] = [
  ...sea,
  fourD('4d.big', true),
  fourD('4d.small', false),
  ...vn('vnNorth'),
  ...vn('vnSouth'),
];
