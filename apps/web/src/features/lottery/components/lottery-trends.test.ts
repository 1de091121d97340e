import { describe, expect, it } from 'vitest';
import type { LotteryIssue } from '../api/lgw';
import { trendsOf } from './lottery-trends';

const issue = (issueNo: string, numbers: string[] | null): LotteryIssue => ({
  issueNo,
  state: numbers === null ? 'OPEN' : 'SETTLED',
  commitment: 'c',
  opensAt: '',
  closesAt: '',
  drawAt: '',
  seed: null,
  numbers,
});

describe('trendsOf', () => {
  it('should count every drawn number, name the hot and cold ones, and list a position oldest first', () => {
    // Newest first, as the gateway lists them; an issue not drawn yet is left out.
    const trends = trendsOf([
      issue('3', null),
      issue('2', ['1', '1', '2', '9', '9']),
      issue('1', ['1', '0', '2', '9', '7']),
    ]);
    expect(trends.issues).toBe(2);
    expect(trends.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(trends.counts.get(1)).toBe(3);
    expect(trends.counts.get(9)).toBe(3);
    expect(trends.counts.get(3)).toBe(0);
    expect(trends.hot).toEqual([1, 9, 2]);
    expect(trends.cold).toEqual([8, 6, 5]);
    expect(trends.positions).toBe(5);
    expect(trends.series(4)).toEqual([
      { issueNo: '1', value: 7 },
      { issueNo: '2', value: 9 },
    ]);
  });

  it('should count the last two digits of long prize numbers, as lô does', () => {
    const trends = trendsOf([issue('1', ['12345', '99', '00345'])]);
    expect(trends.values).toHaveLength(100);
    expect(trends.counts.get(45)).toBe(2);
    expect(trends.counts.get(99)).toBe(1);
    expect(trends.hot[0]).toBe(45);
  });
});
