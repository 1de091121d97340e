import {
  OpsCashierReportSchema,
  OpsDailyReportSchema,
  type OpsCashierReportQuery,
  type OpsDailyReportQuery,
  OPS_API,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { downloadServerCsv } from '@/lib/csv';

/** Daily summary per vendor and the cashier report (permission reports.view). */
export const reportKeys = {
  daily: (query: OpsDailyReportQuery) => ['ops', 'reports', 'daily', query] as const,
  cashier: (query: OpsCashierReportQuery) => ['ops', 'reports', 'cashier', query] as const,
};

export const getDailyReport = (query: OpsDailyReportQuery, signal?: AbortSignal) =>
  apiRequest(OPS_API.reportDaily, { query, schema: OpsDailyReportSchema, ...(signal ? { signal } : {}) });

export const getCashierReport = (query: OpsCashierReportQuery, signal?: AbortSignal) =>
  apiRequest(OPS_API.reportCashier, { query, schema: OpsCashierReportSchema, ...(signal ? { signal } : {}) });

export const downloadDailyCsv = (query: OpsDailyReportQuery) =>
  downloadServerCsv(OPS_API.reportDailyCsv, query, `daily-${query.from}-${query.to}.csv`);

export const downloadCashierCsv = (query: OpsCashierReportQuery) =>
  downloadServerCsv(OPS_API.reportCashierCsv, query, `cashier-${query.from}-${query.to}.csv`);
