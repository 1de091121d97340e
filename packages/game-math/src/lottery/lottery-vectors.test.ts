import { describe, expect, it } from 'vitest';
import {
  ELOTT_ODDS,
  FOUR_D_ODDS,
  prizeGroupOdds,
  SEA_ODDS,
  VN_NORTH_ODDS,
  VN_SOUTH_ODDS,
  type OddsTable,
} from './odds';
import { priceBet, settleBet } from './pricing';
import type { Rows } from './method-kit';

/**
 * Test vectors for every method (LOTTERY.md): drawn numbers + bet → tickets, cost, hits and payout, worked out by
 * hand from the rules and odds on that page (unit 1.00 = 100 minor units, multiple 1 unless said).
 */
type Vector = {
  method: string;
  table: OddsTable;
  draw: number[];
  rows: Rows;
  count: number;
  cost: bigint;
  hits: Record<string, number>;
  payout: bigint;
  multiple?: number;
};

const D5 = prizeGroupOdds('digit5', 1800);
const K3 = prizeGroupOdds('dice3', 1800);
const PK = prizeGroupOdds('race10', 1800);
const X5 = prizeGroupOdds('pick11', 1800);
const d5Draw = [3, 8, 0, 0, 7]; // back three 0 0 7 (pair 0, single 7), sum 7; total 18; 3 < 7: tiger
const k3Draw = [2, 2, 5]; // sum 9, a pair of 2
const pkDraw = [3, 10, 1, 2, 4, 5, 6, 7, 8, 9]; // first two sum 13
const x5Draw = [3, 7, 11, 1, 5];
const seaDraw = [123456, 111, 222, 456, 789, 9];
const fourDDraw = [
  1234,
  5678,
  9012,
  ...Array.from({ length: 10 }, (_, i) => 100 + i),
  ...Array.from({ length: 10 }, (_, i) => 200 + i),
];
// prettier-ignore
const vnNorthDraw = [12345, 67890, 11145, 22245, 33345, 44401, 55502, 66603, 77704, 88805, 1245, 2345, 3456, 4567,
  5678, 6789, 7890, 8901, 9012, 123, 145, 245, 999, 45, 12, 34, 56];
// prettier-ignore
const vnSouthDraw = [123456, 11111, 22222, 33333, 44444, 55555, 66666, 77777, 88888, 99999, 10101, 20202, 1234,
  5656, 7878, 9090, 456, 56];

// prettier-ignore
const VECTORS: Vector[] = [
  // 5-digit, prize group 1800 (90%): straight5 90,000x, straight3 900x, group3 300x, group6 150x, position 9x, sum3 900x
  { method: 'd5.straight5', table: D5, draw: d5Draw, rows: [[3], [8], [0], [0], [7]], count: 1, cost: 100n, hits: { win: 1 }, payout: 9_000_000n },
  { method: 'd5.straight5', table: D5, draw: d5Draw, rows: [[3], [8], [0], [1], [7]], count: 1, cost: 100n, hits: {}, payout: 0n },
  { method: 'd5.straight3', table: D5, draw: d5Draw, rows: [[0, 1], [0], [7, 9]], count: 4, cost: 400n, hits: { win: 1 }, payout: 90_000n },
  { method: 'd5.group3', table: D5, draw: d5Draw, rows: [[0, 5, 7]], count: 6, cost: 600n, hits: { win: 1 }, payout: 30_000n },
  { method: 'd5.group6', table: D5, draw: d5Draw, rows: [[0, 5, 7]], count: 1, cost: 100n, hits: {}, payout: 0n },
  { method: 'd5.group6', table: D5, draw: [9, 9, 2, 7, 4], rows: [[2, 4, 7, 8]], count: 4, cost: 400n, hits: { win: 1 }, payout: 15_000n },
  { method: 'd5.position', table: D5, draw: d5Draw, rows: [[3], [1], [], [0], [7]], count: 4, cost: 400n, hits: { win: 3 }, payout: 2_700n },
  { method: 'd5.sum3', table: D5, draw: d5Draw, rows: [[7, 8]], count: 81, cost: 8_100n, hits: { win: 1 }, payout: 90_000n },
  { method: 'd5.bsoe', table: D5, draw: d5Draw, rows: [[0], [0, 2], [], [3], [1]], count: 5, cost: 500n, hits: { side: 2 }, payout: 360n },
  { method: 'd5.totalBsoe', table: D5, draw: d5Draw, rows: [[0, 1, 2, 3]], count: 4, cost: 400n, hits: { side: 2 }, payout: 360n },
  { method: 'd5.dragonTiger', table: D5, draw: d5Draw, rows: [[0, 1, 2]], count: 3, cost: 300n, hits: { dt: 1 }, payout: 200n },
  { method: 'd5.dragonTiger', table: D5, draw: [5, 0, 0, 0, 5], rows: [[0, 1]], count: 2, cost: 200n, hits: {}, payout: 0n },
  // ELOTT two-sided fixed odds on the same draw: 1.98 per side, dragon/tiger 2.20, tie 9.90, position 9.90
  { method: 'd5.bsoe', table: ELOTT_ODDS.digit5, draw: d5Draw, rows: [[0], [0, 2], [], [3], [1]], count: 5, cost: 1_000n, hits: { side: 2 }, payout: 792n, multiple: 2 },
  { method: 'd5.dragonTiger', table: ELOTT_ODDS.digit5, draw: [5, 0, 0, 0, 5], rows: [[2]], count: 1, cost: 100n, hits: { tie: 1 }, payout: 990n },
  // 3 dice, group 1800: sum 9 (25 ways) 77.76x, triple 194.4x, any triple 32.4x, pair 12.15x, big/small 1.8514x
  { method: 'k3.sum', table: K3, draw: k3Draw, rows: [[9, 10]], count: 2, cost: 200n, hits: { 'sum:9': 1 }, payout: 777n },
  { method: 'k3.triple', table: K3, draw: [4, 4, 4], rows: [[4, 6]], count: 2, cost: 200n, hits: { win: 1 }, payout: 19_440n },
  { method: 'k3.anyTriple', table: K3, draw: [4, 4, 4], rows: [[1]], count: 1, cost: 100n, hits: { win: 1 }, payout: 3_240n },
  { method: 'k3.pair', table: K3, draw: k3Draw, rows: [[2, 5]], count: 2, cost: 200n, hits: { win: 1 }, payout: 1_215n },
  { method: 'k3.bigSmall', table: K3, draw: k3Draw, rows: [[0, 1, 2, 3]], count: 4, cost: 400n, hits: { side: 2 }, payout: 370n },
  { method: 'k3.bigSmall', table: K3, draw: [4, 4, 4], rows: [[0, 1, 2, 3]], count: 4, cost: 400n, hits: {}, payout: 0n },
  { method: 'k3.bigSmall', table: ELOTT_ODDS.dice3, draw: k3Draw, rows: [[1]], count: 1, cost: 100n, hits: { side: 1 }, payout: 203n },
  // 10-car race, group 1800: position 9x, top-two sum 13 (8 of 90) 10.125x, dragon/tiger 1.8x
  { method: 'pk.position', table: PK, draw: pkDraw, rows: [[3], [1, 10], [], [], [], [], [], [], [], [9]], count: 4, cost: 400n, hits: { win: 3 }, payout: 2_700n },
  { method: 'pk.topTwoSum', table: PK, draw: pkDraw, rows: [[13]], count: 1, cost: 100n, hits: { 'sum:13': 1 }, payout: 1_012n },
  { method: 'pk.dragonTiger', table: PK, draw: pkDraw, rows: [[0], [1], [0, 1], [], []], count: 4, cost: 400n, hits: { side: 1 }, payout: 180n },
  // 11 choose 5, group 1800: any1 1.98x, any2 4.95x, any3 14.85x, any4 59.4x, any5 415.8x, any6 69.3x, any7 19.8x, any8 7.425x, front1 9.9x
  { method: 'x5.any1', table: X5, draw: x5Draw, rows: [[2, 3]], count: 2, cost: 200n, hits: { win: 1 }, payout: 198n },
  { method: 'x5.any2', table: X5, draw: x5Draw, rows: [[1, 3, 4]], count: 3, cost: 300n, hits: { win: 1 }, payout: 495n },
  { method: 'x5.any3', table: X5, draw: x5Draw, rows: [[1, 3, 5, 6]], count: 4, cost: 400n, hits: { win: 1 }, payout: 1_485n },
  { method: 'x5.any4', table: X5, draw: x5Draw, rows: [[1, 3, 5, 7]], count: 1, cost: 100n, hits: { win: 1 }, payout: 5_940n },
  { method: 'x5.any5', table: X5, draw: x5Draw, rows: [[1, 2, 3, 5, 7, 11]], count: 6, cost: 600n, hits: { win: 1 }, payout: 41_580n },
  { method: 'x5.any6', table: X5, draw: x5Draw, rows: [[1, 2, 3, 4, 5, 7, 11]], count: 7, cost: 700n, hits: { win: 2 }, payout: 13_860n },
  { method: 'x5.any7', table: X5, draw: x5Draw, rows: [[1, 2, 3, 4, 5, 7, 9, 11]], count: 8, cost: 800n, hits: { win: 3 }, payout: 5_940n },
  { method: 'x5.any8', table: X5, draw: x5Draw, rows: [[1, 2, 3, 4, 5, 6, 7, 11]], count: 1, cost: 100n, hits: { win: 1 }, payout: 742n },
  { method: 'x5.front1', table: X5, draw: x5Draw, rows: [[3]], count: 1, cost: 100n, hits: { win: 1 }, payout: 990n },
  // SEA fixed odds: 3 top 900, 3 tod 150, 2 top 90, 2 bottom 90, 3 bottom 450 per prize matched, run top 3.3
  { method: 'sea.3top', table: SEA_ODDS, draw: seaDraw, rows: [[456]], count: 1, cost: 100n, hits: { win: 1 }, payout: 90_000n },
  { method: 'sea.3tod', table: SEA_ODDS, draw: seaDraw, rows: [[123, 465]], count: 2, cost: 200n, hits: { win: 1 }, payout: 15_000n },
  { method: 'sea.2top', table: SEA_ODDS, draw: seaDraw, rows: [[56]], count: 1, cost: 100n, hits: { win: 1 }, payout: 9_000n },
  { method: 'sea.2bottom', table: SEA_ODDS, draw: seaDraw, rows: [[9, 56]], count: 2, cost: 200n, hits: { win: 1 }, payout: 9_000n },
  { method: 'sea.3bottom', table: SEA_ODDS, draw: [123456, 111, 222, 456, 456, 9], rows: [[1, 456]], count: 2, cost: 200n, hits: { win: 2 }, payout: 90_000n },
  { method: 'sea.runTop', table: SEA_ODDS, draw: seaDraw, rows: [[0, 4, 5]], count: 3, cost: 300n, hits: { win: 2 }, payout: 660n },
  // 4D: big 2500 / 1000 / 500 / 180 / 60, small 3500 / 2000 / 1000
  { method: '4d.big', table: FOUR_D_ODDS, draw: fourDDraw, rows: [[101, 205, 1234, 9999]], count: 4, cost: 400n, hits: { first: 1, starter: 1, consolation: 1 }, payout: 274_000n },
  { method: '4d.small', table: FOUR_D_ODDS, draw: fourDDraw, rows: [[101, 5678]], count: 2, cost: 200n, hits: { second: 1 }, payout: 200_000n },
  // VN north (27 lô; 45 appears 9 times): lô 2 point costs 27 units, pays 95 per occurrence; lô 3 costs 23, pays 900
  { method: 'vnn.lo2', table: VN_NORTH_ODDS, draw: vnNorthDraw, rows: [[0, 45]], count: 2, cost: 5_400n, hits: { win: 9 }, payout: 85_500n },
  { method: 'vnn.lo3', table: VN_NORTH_ODDS, draw: vnNorthDraw, rows: [[345]], count: 1, cost: 2_300n, hits: { win: 3 }, payout: 270_000n },
  { method: 'vnn.de', table: VN_NORTH_ODDS, draw: vnNorthDraw, rows: [[45]], count: 1, cost: 100n, hits: { win: 1 }, payout: 9_500n },
  { method: 'vnn.cang3', table: VN_NORTH_ODDS, draw: vnNorthDraw, rows: [[345]], count: 1, cost: 100n, hits: { win: 1 }, payout: 90_000n },
  { method: 'vnn.xien2', table: VN_NORTH_ODDS, draw: vnNorthDraw, rows: [[7, 12, 45]], count: 3, cost: 300n, hits: { win: 1 }, payout: 1_700n },
  { method: 'vnn.xien3', table: VN_NORTH_ODDS, draw: vnNorthDraw, rows: [[12, 34, 45]], count: 1, cost: 100n, hits: { win: 1 }, payout: 6_500n },
  { method: 'vnn.xien4', table: VN_NORTH_ODDS, draw: vnNorthDraw, rows: [[12, 34, 45, 56]], count: 1, cost: 100n, hits: { win: 1 }, payout: 25_000n },
  // VN south (18 lô; 56 appears 4 times)
  { method: 'vns.lo2', table: VN_SOUTH_ODDS, draw: vnSouthDraw, rows: [[56]], count: 1, cost: 1_800n, hits: { win: 4 }, payout: 38_000n },
  { method: 'vns.lo3', table: VN_SOUTH_ODDS, draw: vnSouthDraw, rows: [[456]], count: 1, cost: 1_700n, hits: { win: 2 }, payout: 180_000n },
  { method: 'vns.de', table: VN_SOUTH_ODDS, draw: vnSouthDraw, rows: [[56]], count: 1, cost: 100n, hits: { win: 1 }, payout: 9_500n },
  { method: 'vns.cang3', table: VN_SOUTH_ODDS, draw: vnSouthDraw, rows: [[455]], count: 1, cost: 100n, hits: {}, payout: 0n },
  { method: 'vns.xien2', table: VN_SOUTH_ODDS, draw: vnSouthDraw, rows: [[1, 56]], count: 1, cost: 100n, hits: { win: 1 }, payout: 3_500n },
  { method: 'vns.xien3', table: VN_SOUTH_ODDS, draw: vnSouthDraw, rows: [[1, 2, 56]], count: 1, cost: 100n, hits: { win: 1 }, payout: 23_000n },
  { method: 'vns.xien4', table: VN_SOUTH_ODDS, draw: vnSouthDraw, rows: [[1, 2, 3, 56]], count: 1, cost: 100n, hits: {}, payout: 0n },
];

describe('lottery test vectors', () => {
  it.each(VECTORS.map((v, i) => [`${i} ${v.method}`, v] as const))('%s', (_name, v) => {
    const input = { method: v.method, rows: v.rows, unitMinor: 100n, multiple: v.multiple ?? 1 };
    const priced = priceBet(input, v.table);
    expect({ count: priced.count, cost: priced.costMinor }).toEqual({ count: v.count, cost: v.cost });
    const settled = settleBet(input, v.table, v.draw);
    expect(settled.hits).toEqual(v.hits);
    expect(settled.payoutMinor).toBe(v.payout);
  });

  it('should cover every method at least once', async () => {
    const { LOTTERY_METHODS } = await import('./odds');
    const covered = new Set(VECTORS.map((v) => v.method));
    expect(LOTTERY_METHODS.map((m) => m.code).filter((code) => !covered.has(code))).toEqual([]);
  });

  it('should cap a payout at the per-bet cap and say from what', () => {
    const input = { method: 'd5.straight5', rows: [[3], [8], [0], [0], [7]], unitMinor: 100n, multiple: 1 };
    expect(settleBet(input, D5, d5Draw, 500_000n)).toMatchObject({
      payoutMinor: 500_000n,
      cappedFromMinor: 9_000_000n,
    });
  });
});
