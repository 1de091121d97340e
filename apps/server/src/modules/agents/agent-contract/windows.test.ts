import { describe, expect, it } from 'vitest';
import { dueWindows, windowAt, zonedInstant } from './windows';

/** Settlement windows in a merchant's time zone (spec §9): half months, month ends and a DST change. */
describe('contract settlement windows', () => {
  const iso = (w: { start: Date; end: Date; firstDay: string; lastDay: string }) => ({
    ...w,
    start: w.start.toISOString(),
    end: w.end.toISOString(),
  });

  it('should split months at the 15th and end them on their last local day, leap years included', () => {
    const semi = { type: 'DIVIDEND' as const, period: 'SEMIMONTHLY' as const };
    expect(iso(windowAt(semi, 'Asia/Manila', new Date('2028-02-29T15:59:00Z')))).toEqual({
      start: '2028-02-15T16:00:00.000Z',
      end: '2028-02-29T16:00:00.000Z',
      firstDay: '2028-02-16',
      lastDay: '2028-02-29',
    });
    // 16:00Z on the 29th is already 1 March in Manila: the first half of March.
    expect(windowAt(semi, 'Asia/Manila', new Date('2028-02-29T16:00:00Z')).firstDay).toBe('2028-03-01');
    const monthly = { type: 'DIVIDEND' as const, period: 'MONTHLY' as const };
    expect(iso(windowAt(monthly, 'America/New_York', new Date('2026-04-30T12:00:00Z')))).toMatchObject({
      start: '2026-04-01T04:00:00.000Z',
      end: '2026-05-01T04:00:00.000Z',
      lastDay: '2026-04-30',
    });
  });

  it('should give a local day across a DST change its real length, and an hour its local boundary', () => {
    const day = windowAt({ type: 'DAILY_SALARY', period: null }, 'America/New_York', new Date('2026-03-08T12:00:00Z'));
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
    const hour = windowAt({ type: 'HOURLY_SALARY', period: null }, 'Asia/Kolkata', new Date('2026-03-08T12:10:00Z'));
    expect(hour.start.toISOString()).toBe('2026-03-08T11:30:00.000Z');
    expect(zonedInstant('Asia/Kolkata', '2026-03-08', 17).toISOString()).toBe('2026-03-08T11:30:00.000Z');
  });

  it('should make a daily wage due the next day after the close delay, and catch up from the last counted window', () => {
    const kind = { type: 'DAILY_SALARY' as const, period: null };
    const midnight = zonedInstant('Asia/Manila', '2026-02-12').getTime();
    expect(dueWindows(kind, 'Asia/Manila', new Date(midnight + 30 * 60_000), null).map((w) => w.firstDay)).toEqual([
      '2026-02-10',
    ]);
    expect(dueWindows(kind, 'Asia/Manila', new Date(midnight + 80 * 60_000), null).map((w) => w.firstDay)).toEqual([
      '2026-02-11',
    ]);
    const last = zonedInstant('Asia/Manila', '2026-02-08');
    expect(dueWindows(kind, 'Asia/Manila', new Date(midnight + 80 * 60_000), last).map((w) => w.firstDay)).toEqual([
      '2026-02-09',
      '2026-02-10',
      '2026-02-11',
    ]);
  });
});
