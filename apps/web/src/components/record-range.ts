import { addDays, addMonths } from '@platform/contracts';

/** A range of days, both ends included, as yyyy-mm-dd in the user's own calendar. */
export type RecordRange = { startDate: string; endDate: string };

/** How long a custom range may be: a number of days (both ends included), or calendar months back from its end. */
export type RangeLimit = { days: number } | { months: number };

/** A date as the user's own calendar shows it (yyyy-mm-dd), not UTC's. */
export const isoDay = (date: Date): string => {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
};

/** The first day a range ending on `end` may start on. */
export const earliestStart = (end: string, limit: RangeLimit): string => {
  if ('days' in limit) return addDays(end, -(limit.days - 1));
  // As the server counts (contracts' customRangeFits): the start plus the months must reach the end, so 31 May less
  // three months is 1 March, not 28 February.
  let start = addMonths(end, -limit.months);
  while (addMonths(start, limit.months) < end) start = addDays(start, 1);
  return start;
};

/** The last day a range starting on `start` may end on, today at the latest. */
export const latestEnd = (start: string, limit: RangeLimit, today: string): string => {
  const end = 'days' in limit ? addDays(start, limit.days - 1) : addMonths(start, limit.months);
  return end < today ? end : today;
};

/** The last seven days, today included. */
export const defaultRange = (now: Date): RecordRange => {
  const today = isoDay(now);
  return { startDate: addDays(today, -6), endDate: today };
};

/** A range made valid: it ends today at the latest, does not cross, and starts no earlier than the limit allows. */
export const clampRange = (range: RecordRange, limit: RangeLimit, today: string): RecordRange => {
  const endDate = range.endDate > today ? today : range.endDate;
  const latestStart = range.startDate > endDate ? endDate : range.startDate;
  const first = earliestStart(endDate, limit);
  return { startDate: latestStart < first ? first : latestStart, endDate };
};

/** The min and max of the two date inputs of a custom range. */
export const rangeBounds = (range: RecordRange, limit: RangeLimit, today: string) => ({
  startMin: earliestStart(range.endDate, limit),
  startMax: range.endDate,
  endMin: range.startDate,
  endMax: latestEnd(range.startDate, limit, today),
});
