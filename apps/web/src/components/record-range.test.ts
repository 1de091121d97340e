import { describe, expect, it } from 'vitest';
import { customRangeFits } from '@platform/contracts';
import { clampRange, earliestStart, latestEnd, rangeBounds } from './record-range';

const MONTHS = { months: 3 };

describe('custom period ranges', () => {
  it('should let a three-month range start where the server still accepts it', () => {
    for (const end of ['2026-05-31', '2026-11-26', '2026-03-31', '2024-05-31', '2026-12-01']) {
      const start = earliestStart(end, MONTHS);
      expect(customRangeFits(start, end)).toBe(true);
      // One day earlier is refused by the server's own rule.
      const before = new Date(`${start}T00:00:00Z`);
      before.setUTCDate(before.getUTCDate() - 1);
      expect(customRangeFits(before.toISOString().slice(0, 10), end)).toBe(false);
    }
    expect(earliestStart('2026-05-31', MONTHS)).toBe('2026-03-01');
  });

  it('should count day limits with both ends included', () => {
    expect(earliestStart('2026-11-26', { days: 90 })).toBe('2026-08-29');
    expect(latestEnd('2026-08-29', { days: 90 }, '2027-01-01')).toBe('2026-11-26');
  });

  it('should never reach past today, cross, or span more than the limit', () => {
    const today = '2026-11-26';
    expect(clampRange({ startDate: '2026-11-20', endDate: '2026-12-05' }, MONTHS, today)).toEqual({
      startDate: '2026-11-20',
      endDate: today,
    });
    expect(clampRange({ startDate: '2026-11-25', endDate: '2026-11-10' }, MONTHS, today)).toEqual({
      startDate: '2026-11-10',
      endDate: '2026-11-10',
    });
    expect(clampRange({ startDate: '2026-01-01', endDate: '2026-11-26' }, MONTHS, today)).toEqual({
      startDate: '2026-08-26',
      endDate: today,
    });
    expect(rangeBounds({ startDate: '2026-10-01', endDate: '2026-10-31' }, MONTHS, today)).toEqual({
      startMin: '2026-07-31',
      startMax: '2026-10-31',
      endMin: '2026-10-01',
      endMax: today,
    });
  });
});
