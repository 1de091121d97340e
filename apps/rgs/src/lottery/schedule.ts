import type { LotteryDefinition } from './catalogue';

/**
 * Issue schedules (pure). A business day runs from local midnight (the lottery's UTC offset) to the next. Fast games
 * draw every intervalSec: issue k of the day (1-based) is drawn at midnight + k × interval, opens at the previous draw,
 * and closes closeBeforeSec before its own; daily games draw once at drawAtSec and open at the previous day's draw.
 * Issue numbers are the conventional date and sequence: yyyyMMdd + the sequence, zero-padded to 4 digits when the
 * day has 1,000 issues or more, else to 3 (20261127 + 0001 → "202611270001"; a daily draw → "20261127001").
 */
export const DAY_MS = 86_400_000;

export type PlannedIssue = {
  issueNo: string;
  seq: number;
  businessDay: string;
  opensAtMs: number;
  closesAtMs: number;
  drawAtMs: number;
};

export const issuesPerDay = (lottery: LotteryDefinition): number =>
  lottery.schedule.kind === 'fast' ? Math.floor(86_400 / lottery.schedule.intervalSec) : 1;

/** The business day (days since the epoch in local time) that `nowMs` falls in. */
export const businessDayOf = (lottery: LotteryDefinition, nowMs: number): number =>
  Math.floor((nowMs + lottery.tzOffsetMinutes * 60_000) / DAY_MS);

export const dayStartMs = (lottery: LotteryDefinition, day: number): number =>
  day * DAY_MS - lottery.tzOffsetMinutes * 60_000;

/** "2026-11-27" for the day, as the database's date. */
export const dayLabel = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const issueNoOf = (lottery: LotteryDefinition, day: number, seq: number): string =>
  `${dayLabel(day).replaceAll('-', '')}${String(seq).padStart(issuesPerDay(lottery) >= 1000 ? 4 : 3, '0')}`;

/** Every issue of a business day, in order. */
export const planDay = (lottery: LotteryDefinition, day: number): PlannedIssue[] => {
  const start = dayStartMs(lottery, day);
  const { schedule } = lottery;
  if (schedule.kind === 'daily') {
    const drawAtMs = start + schedule.drawAtSec * 1000;
    return [
      {
        issueNo: issueNoOf(lottery, day, 1),
        seq: 1,
        businessDay: dayLabel(day),
        opensAtMs: drawAtMs - DAY_MS,
        closesAtMs: drawAtMs - schedule.closeBeforeSec * 1000,
        drawAtMs,
      },
    ];
  }
  const intervalMs = schedule.intervalSec * 1000;
  return Array.from({ length: issuesPerDay(lottery) }, (_, i) => {
    const seq = i + 1;
    const drawAtMs = start + seq * intervalMs;
    return {
      issueNo: issueNoOf(lottery, day, seq),
      seq,
      businessDay: dayLabel(day),
      opensAtMs: drawAtMs - intervalMs,
      closesAtMs: drawAtMs - schedule.closeBeforeSec * 1000,
      drawAtMs,
    };
  });
};
