/** A range of days, both ends included, as yyyy-mm-dd in the user's own calendar. */
export type RecordRange = { startDate: string; endDate: string };

/** How long a custom range may be: a number of days (both ends included), or calendar months back from its end. */
export type RangeLimit = { days: number } | { months: number };

const DAY_MS = 86_400_000;

/** A date as the user's own calendar shows it (yyyy-mm-dd), not UTC's. */
export const isoDay = (date: Date): string => {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
};

const parts = (day: string): [number, number, number] => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return [year, month, date];
};

const utcDay = (year: number, monthIndex: number, date: number): string =>
  new Date(Date.UTC(year, monthIndex, date)).toISOString().slice(0, 10);

/** `day` moved by whole days (calendar arithmetic, no time zone involved). */
export const shiftDays = (day: string, days: number): string => {
  const [year, month, date] = parts(day);
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
};

/** `day` moved by whole months, kept within the target month (31 May less three months is 28 or 29 February). */
export const shiftMonths = (day: string, months: number): string => {
  const [year, month, date] = parts(day);
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return utcDay(year, month - 1 + months, Math.min(date, lastOfTarget));
};

/** The first day a range ending on `end` may start on. */
export const earliestStart = (end: string, limit: RangeLimit): string =>
  'days' in limit ? shiftDays(end, -(limit.days - 1)) : shiftMonths(end, -limit.months);

/** The last day a range starting on `start` may end on, today at the latest. */
export const latestEnd = (start: string, limit: RangeLimit, today: string): string => {
  const end = 'days' in limit ? shiftDays(start, limit.days - 1) : shiftMonths(start, limit.months);
  return end < today ? end : today;
};

/** The last seven days, today included. */
export const defaultRange = (now: Date): RecordRange => {
  const today = isoDay(now);
  return { startDate: shiftDays(today, -6), endDate: today };
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
