import { z } from 'zod';

/**
 * The period filter of every agent-centre page and the member's personalProfit (issue 18): business days in the
 * merchant's time zone, weeks starting on Monday. CUSTOM names its first and last day; it spans at most three
 * calendar months and never reaches past today (the server checks "today" in the merchant's time zone).
 */
export const AGENT_PERIODS = [
  'TODAY',
  'YESTERDAY',
  'THIS_WEEK',
  'LAST_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'CUSTOM',
] as const;
export const AgentPeriodSchema = z.enum(AGENT_PERIODS);
export type AgentPeriod = z.infer<typeof AgentPeriodSchema>;

/** A custom period spans at most this many calendar months (from + 3 months ≥ to). */
export const AGENT_CUSTOM_MONTHS_MAX = 3;

/** Business days `from`..`to`, both included. */
export type DayRange = { from: string; to: string };

const toDate = (day: string): Date => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date): string => date.toISOString().slice(0, 10);
const dayValid = (day: string): boolean => !Number.isNaN(toDate(day).getTime()) && toDay(toDate(day)) === day;

/** A business day, YYYY-MM-DD. */
export const BusinessDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((text) => dayValid(text), 'must be a real date');

/** `day` moved by `days` (negative: back). */
export const addDays = (day: string, days: number): string => {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
};

/** `day` moved by `months`, clamped to the last day of the target month (Jan 31 + 1 month = Feb 28/29). */
export const addMonths = (day: string, months: number): string => {
  const date = toDate(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toDay(target);
};

/** Whether a custom range is ordered and spans at most AGENT_CUSTOM_MONTHS_MAX months. */
export const customRangeFits = (from: string, to: string): boolean =>
  from <= to && addMonths(from, AGENT_CUSTOM_MONTHS_MAX) >= to;

/** Monday of `day`'s week. */
const mondayOf = (day: string): string => addDays(day, -((toDate(day).getUTCDay() + 6) % 7));
const firstOfMonth = (day: string): string => `${day.slice(0, 7)}-01`;

/**
 * The business days a period covers, given today's business day in the merchant's time zone. CUSTOM takes `from`
 * and `to` as they are (the caller has checked them with `customRangeFits` and against today). Periods that include
 * today end today.
 */
export const resolvePeriod = (period: AgentPeriod, today: string, custom?: Partial<DayRange>): DayRange => {
  switch (period) {
    case 'TODAY':
      return { from: today, to: today };
    case 'YESTERDAY': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'THIS_WEEK':
      return { from: mondayOf(today), to: today };
    case 'LAST_WEEK': {
      const monday = addDays(mondayOf(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'THIS_MONTH':
      return { from: firstOfMonth(today), to: today };
    case 'LAST_MONTH': {
      const first = addMonths(firstOfMonth(today), -1);
      return { from: first, to: addDays(firstOfMonth(today), -1) };
    }
    case 'CUSTOM':
      if (custom?.from === undefined || custom.to === undefined) throw new Error('CUSTOM needs from and to');
      return { from: custom.from, to: custom.to };
  }
};

/** The period fields every agent page's query carries (`from`/`to` only with CUSTOM). */
export const periodFields = {
  period: AgentPeriodSchema.default('TODAY'),
  from: BusinessDaySchema.optional(),
  to: BusinessDaySchema.optional(),
};

/** Refines a query holding `periodFields`: CUSTOM needs from ≤ to, at most three months apart. */
export const refinePeriod = <T extends { period: AgentPeriod; from?: string | undefined; to?: string | undefined }>(
  query: T,
  ctx: z.RefinementCtx,
): void => {
  if (query.period !== 'CUSTOM') return;
  if (query.from === undefined || query.to === undefined) {
    ctx.addIssue({ code: 'custom', message: 'a custom period needs from and to', path: ['from'] });
    return;
  }
  if (!customRangeFits(query.from, query.to)) {
    ctx.addIssue({
      code: 'custom',
      message: `from must not be after to, and at most ${AGENT_CUSTOM_MONTHS_MAX} months before it`,
      path: ['to'],
    });
  }
};

/** Paging fields of every agent list. */
export const AGENT_PAGE_SIZE_MAX = 50;
export const pagingFields = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AGENT_PAGE_SIZE_MAX).default(20),
};

/** The period an answer covers, as the server resolved it (the page shows the days). */
export const ResolvedPeriodSchema = z.object({ period: AgentPeriodSchema, from: z.string(), to: z.string() });
export type ResolvedPeriod = z.infer<typeof ResolvedPeriodSchema>;
