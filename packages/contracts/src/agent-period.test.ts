import { describe, expect, it } from 'vitest';
import { customRangeFits, resolvePeriod } from './agent-period';
import { DownlineListQuerySchema, PersonalProfitQuerySchema } from './agent';

describe('agent periods', () => {
  // 2026-11-26 is a Thursday.
  const today = '2026-11-26';

  it('resolves each period to business days, weeks from Monday', () => {
    expect(resolvePeriod('TODAY', today)).toEqual({ from: today, to: today });
    expect(resolvePeriod('YESTERDAY', today)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(resolvePeriod('THIS_WEEK', today)).toEqual({ from: '2026-11-23', to: today });
    expect(resolvePeriod('LAST_WEEK', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(resolvePeriod('THIS_MONTH', today)).toEqual({ from: '2026-11-01', to: today });
    expect(resolvePeriod('LAST_MONTH', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(resolvePeriod('CUSTOM', today, { from: '2026-09-01', to: '2026-09-30' })).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
    });
  });

  it('on a Monday this week is one day; on a Sunday it is seven; January looks back to December', () => {
    expect(resolvePeriod('THIS_WEEK', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(resolvePeriod('THIS_WEEK', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(resolvePeriod('LAST_MONTH', '2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(resolvePeriod('LAST_MONTH', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('a custom range is ordered and at most three calendar months long', () => {
    expect(customRangeFits('2026-08-26', '2026-11-26')).toBe(true);
    expect(customRangeFits('2026-08-25', '2026-11-26')).toBe(false);
    expect(customRangeFits('2026-11-27', '2026-11-26')).toBe(false);
    expect(customRangeFits('2026-11-30', '2027-02-28')).toBe(true);
  });

  it('queries refuse a custom period without both days, too long, or with an impossible date', () => {
    expect(DownlineListQuerySchema.safeParse({ period: 'CUSTOM', from: '2026-01-01' }).success).toBe(false);
    expect(DownlineListQuerySchema.safeParse({ period: 'CUSTOM', from: '2026-01-01', to: '2026-06-01' }).success).toBe(
      false,
    );
    expect(
      PersonalProfitQuerySchema.safeParse({ period: 'CUSTOM', from: '2026-02-30', to: '2026-03-01' }).success,
    ).toBe(false);
    const parsed = DownlineListQuerySchema.parse({ parent: '', username: 'bob' });
    expect(parsed).toMatchObject({ period: 'TODAY', pageNo: 1, pageSize: 20, username: 'bob' });
    expect(parsed.parent).toBeUndefined();
  });
});
