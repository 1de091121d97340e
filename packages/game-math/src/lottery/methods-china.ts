import {
  add,
  has,
  choose,
  product,
  rowSpec,
  SIDE,
  single,
  sumWays,
  total,
  type Hits,
  type LotteryMethod,
  type Rows,
} from './method-kit';

/**
 * The methods of the Chinese-style families (LOTTERY.md tables): 5-digit, 3-dice, 10-car race and 11-choose-5. Every
 * probability below is exact; odds.ts turns it into a prize (prize-group model) or takes fixed odds (two-sided lobby).
 */

const sideHit = (value: number, option: number, bigFrom: number): boolean => {
  if (option === SIDE.big) return value >= bigFrom;
  if (option === SIDE.small) return value < bigFrom;
  if (option === SIDE.odd) return value % 2 === 1;
  return value % 2 === 0;
};

const SUM3 = sumWays(3, 0, 9); // back three of 5 digits: sums 0..27 over 1000
const DICE_SUM = sumWays(3, 1, 6); // sums 3..18 over 216
const TOP_TWO: number[] = (() => {
  const ways = new Array<number>(20).fill(0);
  for (let a = 1; a <= 10; a += 1) for (let b = 1; b <= 10; b += 1) if (a !== b) ways[a + b]! += 1;
  return ways; // sums 3..19 over 90 ordered pairs
})();

const back3 = (d: readonly number[]) => [d[2]!, d[3]!, d[4]!] as const;

const digit5: LotteryMethod[] = [
  {
    code: 'd5.straight5',
    family: 'digit5',
    rows: rowSpec(5, 0, 9, 'all'),
    ticketUnits: 1,
    rule: 'All five digits in their positions.',
    count: product,
    exposures: single('win')(product),
    expectedHits: { win: 1 / 100_000 },
    hits: (d, rows) => (rows.every((row, i) => has(row, d[i]!)) ? { win: 1 } : {}),
  },
  {
    code: 'd5.straight3',
    family: 'digit5',
    rows: rowSpec(3, 0, 9, 'all'),
    ticketUnits: 1,
    rule: 'The last three digits (hundreds, tens, units) in their positions.',
    count: product,
    exposures: single('win')(product),
    expectedHits: { win: 1 / 1000 },
    hits: (d, rows) => (rows.every((row, i) => has(row, d[i + 2]!)) ? { win: 1 } : {}),
  },
  {
    code: 'd5.group3',
    family: 'digit5',
    rows: rowSpec(1, 0, 9, 'all', 2),
    ticketUnits: 1,
    rule: 'Last three digits are a pair and a single (aab in any order); a ticket is a pair digit and a single digit.',
    count: (rows) => rows[0]!.length * (rows[0]!.length - 1),
    exposures: single('win')((rows) => rows[0]!.length * (rows[0]!.length - 1)),
    expectedHits: { win: 3 / 1000 },
    hits: (d, rows) => {
      const [a, b, c] = back3(d);
      const distinct = new Set([a, b, c]);
      if (distinct.size !== 2) return {};
      return [...distinct].every((v) => has(rows[0]!, v)) ? { win: 1 } : {};
    },
  },
  {
    code: 'd5.group6',
    family: 'digit5',
    rows: rowSpec(1, 0, 9, 'all', 3),
    ticketUnits: 1,
    rule: 'Last three digits are three different digits of the ticket, in any order.',
    count: (rows) => choose(rows[0]!.length, 3),
    exposures: single('win')((rows) => choose(rows[0]!.length, 3)),
    expectedHits: { win: 6 / 1000 },
    hits: (d, rows) => {
      const three = back3(d);
      if (new Set(three).size !== 3) return {};
      return three.every((v) => has(rows[0]!, v)) ? { win: 1 } : {};
    },
  },
  {
    code: 'd5.position',
    family: 'digit5',
    rows: rowSpec(5, 0, 9, 'any'),
    ticketUnits: 1,
    rule: 'A digit in one position; each picked digit is a ticket.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 1 / 10 },
    hits: (d, rows) => add({}, 'win', rows.filter((row, i) => has(row, d[i]!)).length),
  },
  {
    code: 'd5.sum3',
    family: 'digit5',
    rows: rowSpec(1, 0, 27, 'all'),
    ticketUnits: 1,
    rule: 'The sum of the last three digits; a sum is as many tickets as straight numbers make it.',
    count: (rows) => rows[0]!.reduce((n, s) => n + SUM3[s]!, 0),
    exposures: single('win')((rows) => rows[0]!.reduce((n, s) => n + SUM3[s]!, 0)),
    expectedHits: { win: 1 / 1000 },
    hits: (d, rows) => (has(rows[0]!, d[2]! + d[3]! + d[4]!) ? { win: 1 } : {}),
  },
  {
    code: 'd5.bsoe',
    family: 'digit5',
    rows: rowSpec(5, 0, 3, 'any'),
    ticketUnits: 1,
    rule: 'Per position: big 5-9, small 0-4, odd, even (0 big, 1 small, 2 odd, 3 even).',
    count: total,
    exposures: single('side')(total),
    expectedHits: { side: 1 / 2 },
    hits: (d, rows) => add({}, 'side', rows.flatMap((row, i) => row.filter((o) => sideHit(d[i]!, o, 5))).length),
  },
  {
    code: 'd5.totalBsoe',
    family: 'digit5',
    rows: rowSpec(1, 0, 3, 'all'),
    ticketUnits: 1,
    rule: 'The sum of all five digits: big 23-45, small 0-22, odd, even.',
    count: total,
    exposures: single('side')(total),
    expectedHits: { side: 1 / 2 },
    hits: (d, rows) => {
      const sum = d.reduce((s, v) => s + v, 0);
      return add({}, 'side', rows[0]!.filter((o) => sideHit(sum, o, 23)).length);
    },
  },
  {
    code: 'd5.dragonTiger',
    family: 'digit5',
    rows: rowSpec(1, 0, 2, 'all'),
    ticketUnits: 1,
    rule: 'First digit against the last: dragon (0) when higher, tiger (1) when lower, tie (2) when equal; a tie loses dragon and tiger.',
    count: total,
    exposures: (rows) => add(add({}, 'dt', rows[0]!.filter((o) => o < 2).length), 'tie', has(rows[0]!, 2) ? 1 : 0),
    expectedHits: { dt: 45 / 100, tie: 10 / 100 },
    hits: (d, rows) => {
      const outcome = d[0]! > d[4]! ? 0 : d[0]! < d[4]! ? 1 : 2;
      if (!has(rows[0]!, outcome)) return {};
      return outcome === 2 ? { tie: 1 } : { dt: 1 };
    },
  },
];

const diceSumKey = (s: number) => `sum:${s}`;
const dice3: LotteryMethod[] = [
  {
    code: 'k3.sum',
    family: 'dice3',
    rows: rowSpec(1, 3, 18, 'all'),
    ticketUnits: 1,
    rule: 'The sum of the three dice; each sum its own prize.',
    count: total,
    exposures: (rows) => rows[0]!.reduce((h: Hits, s) => add(h, diceSumKey(s)), {}),
    expectedHits: Object.fromEntries(
      DICE_SUM.map((w, s) => [diceSumKey(s), w / 216] as const).filter(([, p]) => p > 0),
    ),
    hits: (d, rows) => {
      const sum = d[0]! + d[1]! + d[2]!;
      return has(rows[0]!, sum) ? { [diceSumKey(sum)]: 1 } : {};
    },
  },
  {
    code: 'k3.triple',
    family: 'dice3',
    rows: rowSpec(1, 1, 6, 'all'),
    ticketUnits: 1,
    rule: 'Three of the picked value.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 1 / 216 },
    hits: (d, rows) => (d[0] === d[1] && d[1] === d[2] && has(rows[0]!, d[0]!) ? { win: 1 } : {}),
  },
  {
    code: 'k3.anyTriple',
    family: 'dice3',
    rows: rowSpec(1, 1, 1, 'all'),
    ticketUnits: 1,
    rule: 'Any three of a kind (one ticket, pick 1).',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 6 / 216 },
    hits: (d) => (d[0] === d[1] && d[1] === d[2] ? { win: 1 } : {}),
  },
  {
    code: 'k3.pair',
    family: 'dice3',
    rows: rowSpec(1, 1, 6, 'all'),
    ticketUnits: 1,
    rule: 'The picked value on at least two dice (a triple counts).',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 16 / 216 },
    hits: (d, rows) => add({}, 'win', rows[0]!.filter((v) => d.filter((x) => x === v).length >= 2).length),
  },
  {
    code: 'k3.bigSmall',
    family: 'dice3',
    rows: rowSpec(1, 0, 3, 'all'),
    ticketUnits: 1,
    rule: 'The sum: big 11-17, small 4-10, odd, even; a triple loses all four.',
    count: total,
    exposures: single('side')(total),
    expectedHits: { side: 105 / 216 },
    hits: (d, rows) => {
      if (d[0] === d[1] && d[1] === d[2]) return {};
      const sum = d[0]! + d[1]! + d[2]!;
      return add({}, 'side', rows[0]!.filter((o) => sideHit(sum, o, 11)).length);
    },
  },
];

const race10: LotteryMethod[] = [
  {
    code: 'pk.position',
    family: 'race10',
    rows: rowSpec(10, 1, 10, 'any'),
    ticketUnits: 1,
    rule: 'A car at a finishing position (row 1 = first place); each picked car is a ticket.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 1 / 10 },
    hits: (d, rows) => add({}, 'win', rows.filter((row, i) => has(row, d[i]!)).length),
  },
  {
    code: 'pk.topTwoSum',
    family: 'race10',
    rows: rowSpec(1, 3, 19, 'all'),
    ticketUnits: 1,
    rule: 'The sum of the first two cars (3-19); each sum its own prize.',
    count: total,
    exposures: (rows) => rows[0]!.reduce((h: Hits, s) => add(h, diceSumKey(s)), {}),
    expectedHits: Object.fromEntries(TOP_TWO.map((w, s) => [diceSumKey(s), w / 90] as const).filter(([, p]) => p > 0)),
    hits: (d, rows) => {
      const sum = d[0]! + d[1]!;
      return has(rows[0]!, sum) ? { [diceSumKey(sum)]: 1 } : {};
    },
  },
  {
    code: 'pk.dragonTiger',
    family: 'race10',
    rows: rowSpec(5, 0, 1, 'any'),
    ticketUnits: 1,
    rule: 'Row i compares position i with position 11 − i: dragon (0) when its car is higher, tiger (1) when lower.',
    count: total,
    exposures: single('side')(total),
    expectedHits: { side: 1 / 2 },
    hits: (d, rows) =>
      add({}, 'side', rows.flatMap((row, i) => row.filter((o) => (d[i]! > d[9 - i]! ? 0 : 1) === o)).length),
  },
];

const anyK = (k: number): LotteryMethod => ({
  code: `x5.any${k}`,
  family: 'pick11',
  rows: rowSpec(1, 1, 11, 'all', k),
  ticketUnits: 1,
  rule:
    k <= 5
      ? `Any ${k} of the five numbers drawn; each ${k} picked numbers are a ticket.`
      : `All five numbers drawn are among the ticket's ${k}; each ${k} picked numbers are a ticket.`,
  count: (rows) => choose(rows[0]!.length, k),
  exposures: single('win')((rows) => choose(rows[0]!.length, k)),
  expectedHits: { win: (k <= 5 ? choose(5, k) : choose(6, k - 5)) / choose(11, k) },
  hits: (d, rows) => {
    const row = rows[0]!;
    const matched = row.filter((v) => d.includes(v)).length;
    return add({}, 'win', k <= 5 ? choose(matched, k) : matched === 5 ? choose(row.length - 5, k - 5) : 0);
  },
});

const pick11: LotteryMethod[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map(anyK),
  {
    code: 'x5.front1',
    family: 'pick11',
    rows: rowSpec(1, 1, 11, 'all'),
    ticketUnits: 1,
    rule: 'The first number drawn.',
    count: total,
    exposures: single('win')(total),
    expectedHits: { win: 1 / 11 },
    hits: (d, rows) => (has(rows[0]!, d[0]!) ? { win: 1 } : {}),
  },
];

export const CHINA_METHODS: readonly LotteryMethod[] = [...digit5, ...dice3, ...race10, ...pick11];
export const rowsAreSorted = (rows: Rows): boolean =>
  rows.every((row) => row.every((v, i) => i === 0 || row[i - 1]! < v));
