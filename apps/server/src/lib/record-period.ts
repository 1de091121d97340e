import type { RecordPeriod } from '@platform/contracts';
import { AppError } from './app-error';

/**
 * The member centre's record periods (account record, betting record): calendar days of the merchant's time zone.
 * A period is [fromDay, toDay) as local dates; the repository turns them into instants with `AT TIME ZONE`.
 */

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number | null => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  // Date.parse accepts 2026-02-31 as March 3rd; a real date prints back as itself.
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms / DAY_MS;
};
const dayText = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** [fromDay, toDay) in the merchant's calendar; a custom period is checked (real dates, at most `customDaysMax`). */
export const periodDays = (
  period: RecordPeriod,
  today: string,
  custom: { startDate?: string | undefined; endDate?: string | undefined },
  customDaysMax: number,
): { fromDay: string; toDay: string } => {
  const t = dayNumber(today);
  if (t === null) throw new Error(`bad local date ${today}`);
  switch (period) {
    case 'TODAY':
      return { fromDay: dayText(t), toDay: dayText(t + 1) };
    case 'YESTERDAY':
      return { fromDay: dayText(t - 1), toDay: dayText(t) };
    case 'LAST_7_DAYS':
      return { fromDay: dayText(t - 6), toDay: dayText(t + 1) };
    case 'LAST_30_DAYS':
      return { fromDay: dayText(t - 29), toDay: dayText(t + 1) };
    case 'CUSTOM': {
      const start = dayNumber(custom.startDate ?? '');
      const end = dayNumber(custom.endDate ?? '');
      if (start === null || end === null || end < start) {
        throw new AppError('VALIDATION_FAILED', 400, 'Invalid period: the start must be a date on or before the end');
      }
      if (end - start + 1 > customDaysMax) {
        throw new AppError('VALIDATION_FAILED', 400, `Invalid period: at most ${customDaysMax} days`);
      }
      return { fromDay: dayText(start), toDay: dayText(end + 1) };
    }
  }
};
