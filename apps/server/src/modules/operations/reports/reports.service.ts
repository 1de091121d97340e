import {
  CSV_ROWS_MAX,
  formatMoney,
  type AdjustmentFigures,
  type CashierFigures,
  type CountAmount,
  type OpsCashierReport,
  type OpsCashierReportQuery,
  type OpsDailyReport,
  type OpsDailyReportQuery,
  type OpsDashboard,
  type OrderFigures,
} from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import { toCsv, type CsvCell } from '../../../lib/csv';
import type { Merchant } from '../../platform/merchant';
import type { DayGroupRow, ReportsRepository } from './reports.repository';

/** How long one merchant's dashboard answer is reused: many staff screens refreshing cost one query per window. */
export const DASHBOARD_CACHE_MS = 5_000;

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** Every local day of from..to, both included (the query schema keeps it to REPORT_RANGE_DAYS_MAX). */
const daysOf = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n += 1) days.push(dayText(n));
  return days;
};

type Tally = { count: number; minor: bigint };
const zero = (): Tally => ({ count: 0, minor: 0n });
const add = (into: Tally, count: number, minor: bigint) => {
  into.count += count;
  into.minor += minor;
};

type OrderTally = { approved: Tally; pending: Tally; rejected: Tally };
type AdjustmentTally = { credit: Tally; debit: Tally; pending: Tally };
type CashierTally = { deposits: OrderTally; withdrawals: OrderTally; adjustments: AdjustmentTally };

const emptyCashier = (): CashierTally => ({
  deposits: { approved: zero(), pending: zero(), rejected: zero() },
  withdrawals: { approved: zero(), pending: zero(), rejected: zero() },
  adjustments: { credit: zero(), debit: zero(), pending: zero() },
});

/** Which column an order status lands in; statuses not shown (an expired deposit) land nowhere. */
const DEPOSIT_COLUMN: Record<string, keyof OrderTally | undefined> = {
  PAID: 'approved',
  APPROVED: 'approved',
  PENDING: 'pending',
  REJECTED: 'rejected',
};
const WITHDRAW_COLUMN: Record<string, keyof OrderTally | undefined> = {
  PAID: 'approved',
  HOLDING: 'pending',
  PENDING: 'pending',
  REJECTED: 'rejected',
};
const ADJUSTMENT_COLUMN: Record<string, keyof AdjustmentTally | undefined> = {
  CREDIT: 'credit',
  DEBIT: 'debit',
  PENDING: 'pending',
};

export type ReportsServiceDeps = { repository: ReportsRepository; now: Clock };

/** The dashboard, the daily summary per vendor and the cashier report (issue 7); read-only. */
export const reportsServiceFactory = ({ repository, now }: ReportsServiceDeps) => {
  const dashboardCache = new Map<number, { at: number; value: OpsDashboard }>();

  const rangeOf = (merchant: Merchant, from: string, to: string) =>
    repository.range(merchant.id, new Date(now()).toISOString(), {
      fromDay: from,
      toDayExclusive: dayText(dayNumber(to) + 1),
    });

  const money = (merchant: Merchant) => (minor: bigint) => formatMoney(minor, merchant.currencyScale);
  const countAmount = (merchant: Merchant, tally: Tally): CountAmount => ({
    count: tally.count,
    amount: money(merchant)(tally.minor),
  });

  const dailyReport = async (merchant: Merchant, query: OpsDailyReportQuery): Promise<OpsDailyReport> => {
    const range = await rangeOf(merchant, query.from, query.to);
    const rows = await repository.vendorDays(range, query.vendor ?? null);
    const fmt = money(merchant);
    const figures = (row: (typeof rows)[number]) => ({
      rounds: row.rounds,
      bets: fmt(row.betMinor),
      wins: fmt(row.winMinor),
      ggr: fmt(row.betMinor - row.winMinor),
      players: row.players,
    });
    const totals = rows.find((row) => row.day === null);
    return {
      from: query.from,
      to: query.to,
      currency: merchant.currencyCode,
      rows: rows
        .filter((row) => row.day !== null)
        .map((row) => ({
          day: row.day ?? '',
          vendorCode: row.vendorCode ?? '',
          vendorName: row.vendorName ?? row.vendorCode ?? '',
          ...figures(row),
        })),
      totals:
        totals === undefined ? { rounds: 0, bets: fmt(0n), wins: fmt(0n), ggr: fmt(0n), players: 0 } : figures(totals),
    };
  };

  const cashierReport = async (merchant: Merchant, query: OpsCashierReportQuery): Promise<OpsCashierReport> => {
    const range = await rangeOf(merchant, query.from, query.to);
    const [deposits, withdrawals, adjustments] = await Promise.all([
      repository.depositsByDay(range),
      repository.withdrawalsByDay(range),
      repository.adjustmentsByDay(range),
    ]);
    const days = new Map(daysOf(query.from, query.to).map((day) => [day, emptyCashier()]));
    const total = emptyCashier();
    const fold = <K extends keyof CashierTally>(
      rows: readonly DayGroupRow[],
      side: K,
      columns: Record<string, keyof CashierTally[K] | undefined>,
    ) => {
      for (const row of rows) {
        const column = columns[row.group];
        const day = days.get(row.day);
        if (column === undefined || day === undefined) continue;
        add(day[side][column] as Tally, row.count, row.amountMinor);
        add(total[side][column] as Tally, row.count, row.amountMinor);
      }
    };
    fold(deposits, 'deposits', DEPOSIT_COLUMN);
    fold(withdrawals, 'withdrawals', WITHDRAW_COLUMN);
    fold(adjustments, 'adjustments', ADJUSTMENT_COLUMN);
    const orders = (tally: OrderTally): OrderFigures => ({
      approved: countAmount(merchant, tally.approved),
      pending: countAmount(merchant, tally.pending),
      rejected: countAmount(merchant, tally.rejected),
    });
    const adjusted = (tally: AdjustmentTally): AdjustmentFigures => ({
      credit: countAmount(merchant, tally.credit),
      debit: countAmount(merchant, tally.debit),
      pending: countAmount(merchant, tally.pending),
    });
    const figures = (tally: CashierTally): CashierFigures => ({
      deposits: orders(tally.deposits),
      withdrawals: orders(tally.withdrawals),
      adjustments: adjusted(tally.adjustments),
    });
    return {
      from: query.from,
      to: query.to,
      currency: merchant.currencyCode,
      rows: [...days].map(([day, tally]) => ({ day, ...figures(tally) })),
      totals: figures(total),
    };
  };

  return {
    /** Today's figures of the merchant, at most DASHBOARD_CACHE_MS old. */
    dashboard: async (merchant: Merchant): Promise<OpsDashboard> => {
      const at = now();
      const cached = dashboardCache.get(merchant.id);
      if (cached !== undefined && at - cached.at < DASHBOARD_CACHE_MS && at >= cached.at) return cached.value;
      const range = await repository.range(merchant.id, new Date(at).toISOString());
      const row = await repository.dashboard(range);
      const fmt = money(merchant);
      const value: OpsDashboard = {
        day: range.today,
        timezone: range.timezone,
        currency: merchant.currencyCode,
        asOf: new Date(at).toISOString(),
        deposits: { count: row.depositCount, amount: fmt(row.depositMinor) },
        withdrawals: { count: row.withdrawCount, amount: fmt(row.withdrawMinor) },
        bets: fmt(row.betMinor),
        wins: fmt(row.winMinor),
        ggr: fmt(row.betMinor - row.winMinor),
        rounds: row.rounds,
        newMembers: row.newMembers,
        activeMembers: row.activeMembers,
        pendingDeposits: row.pendingDeposits,
        pendingWithdrawals: row.pendingWithdrawals,
      };
      dashboardCache.set(merchant.id, { at, value });
      return value;
    },

    dailyReport,

    dailyCsv: async (merchant: Merchant, query: OpsDailyReportQuery): Promise<{ body: string; truncated: boolean }> => {
      const report = await dailyReport(merchant, query);
      const rows: CsvCell[][] = report.rows
        .slice(0, CSV_ROWS_MAX)
        .map((row) => [row.day, row.vendorCode, row.vendorName, row.rounds, row.bets, row.wins, row.ggr, row.players]);
      const t = report.totals;
      rows.push(['total', '', '', t.rounds, t.bets, t.wins, t.ggr, t.players]);
      return {
        body: toCsv(['day', 'vendor_code', 'vendor_name', 'rounds', 'bets', 'wins', 'ggr', 'players'], rows),
        truncated: report.rows.length > CSV_ROWS_MAX,
      };
    },

    cashierReport,

    cashierCsv: async (
      merchant: Merchant,
      query: OpsCashierReportQuery,
    ): Promise<{ body: string; truncated: boolean }> => {
      const report = await cashierReport(merchant, query);
      const cells = (f: CashierFigures): CsvCell[] => [
        f.deposits.approved.count,
        f.deposits.approved.amount,
        f.deposits.pending.count,
        f.deposits.pending.amount,
        f.deposits.rejected.count,
        f.deposits.rejected.amount,
        f.withdrawals.approved.count,
        f.withdrawals.approved.amount,
        f.withdrawals.pending.count,
        f.withdrawals.pending.amount,
        f.withdrawals.rejected.count,
        f.withdrawals.rejected.amount,
        f.adjustments.credit.count,
        f.adjustments.credit.amount,
        f.adjustments.debit.count,
        f.adjustments.debit.amount,
        f.adjustments.pending.count,
        f.adjustments.pending.amount,
      ];
      const header = ['day'];
      for (const side of ['deposits', 'withdrawals']) {
        for (const column of ['approved', 'pending', 'rejected'])
          header.push(`${side}_${column}_count`, `${side}_${column}_amount`);
      }
      for (const column of ['credit', 'debit', 'pending'])
        header.push(`adjustments_${column}_count`, `adjustments_${column}_amount`);
      return {
        body: toCsv(header, [
          ...report.rows.map((row) => [row.day, ...cells(row)]),
          ['total', ...cells(report.totals)],
        ]),
        truncated: false,
      };
    },
  };
};

export type ReportsService = ReturnType<typeof reportsServiceFactory>;
