import { z } from 'zod';

/**
 * Back office reports (issue 7): the live dashboard, the daily summary per vendor, the cashier report and the audit
 * log. Days are calendar days of the merchant's time zone (YYYY-MM-DD). Amounts are decimal text in the merchant's
 * currency (formatMoney of integer minor units), like every other staff answer.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (day: string): boolean => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
};
export const ReportDaySchema = z
  .string()
  .regex(DAY, 'must be a date YYYY-MM-DD')
  .refine(realDay, { message: 'must be a real date' });

const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Whole days from `from` to `to`, both included (1 when they are the same day). */
export const daysInRange = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

/** The longest range a report covers (about three months). */
export const REPORT_RANGE_DAYS_MAX = 93;
/** The most rows a CSV export holds; the export says when it stopped there (X-Export-Truncated: true). */
export const CSV_ROWS_MAX = 10_000;

const MoneyTextSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A count and the sum of its amounts. */
export const CountAmountSchema = z.object({ count: z.number().int(), amount: MoneyTextSchema });
export type CountAmount = z.infer<typeof CountAmountSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Dashboard

/**
 * GET OPS_API.dashboard (dashboard.view): today so far, in the merchant's time zone. Deposits are credited orders
 * (PAID by a gateway or APPROVED by staff) and withdrawals paid ones, both by the day the order was made; bets are
 * valid (not rolled back) stakes and wins the payouts of real-money rounds started today; GGR = bets − wins. New
 * members are accounts (members and agents, not trial players) registered today; active members logged in or bet
 * today. Pending counts are the whole queues, whatever the day. The server caches it a few seconds per merchant.
 */
export const OpsDashboardSchema = z.object({
  day: z.string(),
  timezone: z.string(),
  currency: z.string(),
  /** When the figures were taken (ISO). */
  asOf: z.string(),
  deposits: CountAmountSchema,
  withdrawals: CountAmountSchema,
  bets: MoneyTextSchema,
  wins: MoneyTextSchema,
  ggr: MoneyTextSchema,
  rounds: z.number().int(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
});
export type OpsDashboard = z.infer<typeof OpsDashboardSchema>;

/** The ops page refreshes the dashboard this often (ms); the server's cache is shorter. */
export const DASHBOARD_REFRESH_MS = 15_000;

// ---------------------------------------------------------------------------------------------------------------
// Reports

/** Range rules apply once both ends are real dates (a bad date already has its own message). */
const bothDays = (q: { from?: string | undefined; to?: string | undefined }): boolean =>
  q.from !== undefined && q.to !== undefined && DAY.test(q.from) && DAY.test(q.to) && realDay(q.from) && realDay(q.to);

const rangeRules = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((q) => !bothDays(q) || q.from <= q.to, { message: 'must be on or after the start date', path: ['to'] })
    .refine((q) => !bothDays(q) || q.from > q.to || daysInRange(q.from, q.to) <= REPORT_RANGE_DAYS_MAX, {
      message: `must be at most ${REPORT_RANGE_DAYS_MAX} days after the start date`,
      path: ['to'],
    });

const VendorCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a vendor code');

/** GET OPS_API.reportDaily and its CSV (reports.view): local days from..to, both included; one vendor or all. */
export const OpsDailyReportQuerySchema = rangeRules(
  z.object({ from: ReportDaySchema, to: ReportDaySchema, vendor: VendorCodeSchema.optional() }),
);
export type OpsDailyReportQuery = z.infer<typeof OpsDailyReportQuerySchema>;

/** Real-money rounds started that day (trial play money is left out). */
export const GameFiguresSchema = z.object({
  rounds: z.number().int(),
  bets: MoneyTextSchema,
  wins: MoneyTextSchema,
  ggr: MoneyTextSchema,
  /** Distinct members who played. In the totals: distinct over the whole range, not the sum of the rows. */
  players: z.number().int(),
});
export type GameFigures = z.infer<typeof GameFiguresSchema>;

export const OpsDailyReportRowSchema = GameFiguresSchema.extend({
  day: z.string(),
  vendorCode: z.string(),
  vendorName: z.string(),
});
export type OpsDailyReportRow = z.infer<typeof OpsDailyReportRowSchema>;

/** Rows by day then vendor; days and vendors without rounds have no row. */
export const OpsDailyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rows: z.array(OpsDailyReportRowSchema),
  totals: GameFiguresSchema,
});
export type OpsDailyReport = z.infer<typeof OpsDailyReportSchema>;

/** GET OPS_API.reportCashier and its CSV (reports.view). */
export const OpsCashierReportQuerySchema = rangeRules(z.object({ from: ReportDaySchema, to: ReportDaySchema }));
export type OpsCashierReportQuery = z.infer<typeof OpsCashierReportQuerySchema>;

/**
 * Orders by the day they were made and their state now: approved (deposits PAID or APPROVED, withdrawals PAID),
 * pending (still waiting for staff or the gateway), rejected. Expired deposits are not counted.
 */
export const OrderFiguresSchema = z.object({
  approved: CountAmountSchema,
  pending: CountAmountSchema,
  rejected: CountAmountSchema,
});
export type OrderFigures = z.infer<typeof OrderFiguresSchema>;

/** Manual adjustments by the day they were requested: applied credits and debits (amounts positive), pending. */
export const AdjustmentFiguresSchema = z.object({
  credit: CountAmountSchema,
  debit: CountAmountSchema,
  pending: CountAmountSchema,
});
export type AdjustmentFigures = z.infer<typeof AdjustmentFiguresSchema>;

export const CashierFiguresSchema = z.object({
  deposits: OrderFiguresSchema,
  withdrawals: OrderFiguresSchema,
  adjustments: AdjustmentFiguresSchema,
});
export type CashierFigures = z.infer<typeof CashierFiguresSchema>;

/** One row per day of the range (days without activity show zeros), oldest first. */
export const OpsCashierReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rows: z.array(CashierFiguresSchema.extend({ day: z.string() })),
  totals: CashierFiguresSchema,
});
export type OpsCashierReport = z.infer<typeof OpsCashierReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Audit log (read-only)

export const AUDIT_PAGE_SIZE_MAX = 100;

/** GET OPS_API.audit and OPS_API.auditCsv (audit.view). Filters combine with AND; every one is optional. */
export const OpsAuditQuerySchema = z
  .object({
    /** Exact staff username. */
    staff: z.string().trim().min(1).max(64).optional(),
    /** Action prefix: `withdrawal` matches withdrawal.approve and withdrawal.reject. */
    action: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'must be lower case letters, digits, dots, dashes or underscores')
      .optional(),
    targetType: z.string().trim().min(1).max(64).optional(),
    targetId: z.string().trim().min(1).max(128).optional(),
    /** Local days of the merchant, both included. */
    from: ReportDaySchema.optional(),
    to: ReportDaySchema.optional(),
    /** The `nextCursor` of the previous page: entries older than it. */
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,17}$/, 'must be a cursor from the previous page')
      .optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(50),
  })
  .refine((q) => !bothDays(q) || (q.from ?? '') <= (q.to ?? ''), {
    message: 'must be on or after the start date',
    path: ['to'],
  });
export type OpsAuditQuery = z.infer<typeof OpsAuditQuerySchema>;

export const OpsAuditEntrySchema = z.object({
  id: z.string(),
  /** ISO instant. */
  createdAt: z.string(),
  staffUsername: z.string(),
  staffRole: z.string(),
  ip: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The object before the change (null when created) and after it (null when deleted). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type OpsAuditEntry = z.infer<typeof OpsAuditEntrySchema>;

/** Newest first; `nextCursor` is null on the last page. */
export const OpsAuditPageSchema = z.object({
  list: z.array(OpsAuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type OpsAuditPage = z.infer<typeof OpsAuditPageSchema>;
