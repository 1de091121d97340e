import { addDays, type ContractType, type DividendPeriod } from '@platform/contracts';

/**
 * Settlement windows in the merchant's time zone (spec §9, DESIGN.md §12): real-time salary every 5 minutes, hourly
 * salary per local hour, daily salary per business day (paid the next day), dividends per day, week (Monday), half
 * month (1st–15th, 16th–end) or month. A window is [start, end) in instants; `firstDay`..`lastDay` are its business
 * days (the day of its start for the short windows).
 */
export type Window = { start: Date; end: Date; firstDay: string; lastDay: string };

const MINUTE_MS = 60_000;
export const REALTIME_WINDOW_MS = 5 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long after a window ends it is counted: the play statistics and team rollups run every 15 seconds, and a day
 * waits for the hourly sweep of play statistics (ADR 0028) before it is closed. Whatever arrives later is counted in
 * a later window.
 */
export const CLOSE_DELAY_MS: Readonly<Record<ContractType, number>> = {
  REALTIME_SALARY: MINUTE_MS,
  HOURLY_SALARY: 2 * MINUTE_MS,
  DAILY_SALARY: 70 * MINUTE_MS,
  DIVIDEND: 70 * MINUTE_MS,
};

/** At most this many windows per type and merchant in one run, oldest first: a long outage catches up in steps. */
export const CATCH_UP_WINDOWS: Readonly<Record<ContractType, number>> = {
  REALTIME_SALARY: 12,
  HOURLY_SALARY: 24,
  DAILY_SALARY: 7,
  DIVIDEND: 3,
};

const partsFormat = new Map<string, Intl.DateTimeFormat>();
const formatOf = (timeZone: string): Intl.DateTimeFormat => {
  let format = partsFormat.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
};

/** The local wall time of an instant: its business day and the milliseconds of the day it shows. */
export const localParts = (timeZone: string, instant: Date): { day: string; hour: number; offsetMs: number } => {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMs = wall - Math.floor(instant.getTime() / 1000) * 1000;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), offsetMs };
};

/** The instant a local wall time names (`day` at `hour`:00); in a DST gap, the first instant after it. */
export const zonedInstant = (timeZone: string, day: string, hour = 0): Date => {
  const wall = Date.parse(`${day}T00:00:00Z`) + hour * HOUR_MS;
  let guess = wall - localParts(timeZone, new Date(wall)).offsetMs;
  // Twice: the offset at the first guess may differ from the one at the answer across a DST change.
  guess = wall - localParts(timeZone, new Date(guess)).offsetMs;
  return new Date(guess);
};

const monthEnd = (day: string): string => {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
};

/** The business days of the dividend period that contains `day`. */
export const periodDays = (period: DividendPeriod, day: string): { firstDay: string; lastDay: string } => {
  switch (period) {
    case 'DAILY':
      return { firstDay: day, lastDay: day };
    case 'WEEKLY': {
      const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
      return { firstDay: monday, lastDay: addDays(monday, 6) };
    }
    case 'SEMIMONTHLY':
      return Number(day.slice(8, 10)) <= 15
        ? { firstDay: `${day.slice(0, 7)}-01`, lastDay: `${day.slice(0, 7)}-15` }
        : { firstDay: `${day.slice(0, 7)}-16`, lastDay: monthEnd(day) };
    case 'MONTHLY':
      return { firstDay: `${day.slice(0, 7)}-01`, lastDay: monthEnd(day) };
  }
};

const dayWindow = (timeZone: string, firstDay: string, lastDay: string): Window => ({
  start: zonedInstant(timeZone, firstDay),
  end: zonedInstant(timeZone, addDays(lastDay, 1)),
  firstDay,
  lastDay,
});

/** What decides a type's windows: its kind, and the dividend period for dividends. */
export type WindowKind = { type: ContractType; period: DividendPeriod | null };

/** The window of `kind` that contains `instant`. */
export const windowAt = (kind: WindowKind, timeZone: string, instant: Date): Window => {
  const local = localParts(timeZone, instant);
  switch (kind.type) {
    case 'REALTIME_SALARY': {
      // Every zone's offset is a multiple of 5 minutes, so UTC and local 5-minute slots coincide.
      const start = new Date(Math.floor(instant.getTime() / REALTIME_WINDOW_MS) * REALTIME_WINDOW_MS);
      const end = new Date(start.getTime() + REALTIME_WINDOW_MS);
      return { start, end, firstDay: localParts(timeZone, start).day, lastDay: localParts(timeZone, start).day };
    }
    case 'HOURLY_SALARY': {
      const start = zonedInstant(timeZone, local.day, local.hour);
      const end = new Date(start.getTime() + HOUR_MS);
      return { start, end, firstDay: local.day, lastDay: local.day };
    }
    case 'DAILY_SALARY':
      return dayWindow(timeZone, local.day, local.day);
    case 'DIVIDEND': {
      const days = periodDays(kind.period ?? 'DAILY', local.day);
      return dayWindow(timeZone, days.firstDay, days.lastDay);
    }
  }
};

/** The window right after `window`. */
export const nextWindow = (kind: WindowKind, timeZone: string, window: Window): Window =>
  windowAt(kind, timeZone, window.end);

/** The window right before `window`. */
export const previousWindow = (kind: WindowKind, timeZone: string, window: Window): Window =>
  windowAt(kind, timeZone, new Date(window.start.getTime() - 1));

/**
 * The windows due at `now`, oldest first: from the one after `lastCounted` (or the latest closed one, when nothing was
 * counted yet) up to the latest window that ended CLOSE_DELAY_MS before now, at most CATCH_UP_WINDOWS.
 */
export const dueWindows = (kind: WindowKind, timeZone: string, now: Date, lastCounted: Date | null): Window[] => {
  const closedBefore = new Date(now.getTime() - CLOSE_DELAY_MS[kind.type]);
  const latest = previousWindow(kind, timeZone, windowAt(kind, timeZone, closedBefore));
  let window = lastCounted === null ? latest : nextWindow(kind, timeZone, windowAt(kind, timeZone, lastCounted));
  const due: Window[] = [];
  while (window.start.getTime() <= latest.start.getTime() && due.length < CATCH_UP_WINDOWS[kind.type]) {
    due.push(window);
    window = nextWindow(kind, timeZone, window);
  }
  return due;
};

/** `day` moved by `days`. */
export const addDaysTo = (day: string, days: number): string => addDays(day, days);
