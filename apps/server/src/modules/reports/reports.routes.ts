import type { FastifyInstance } from 'fastify';
import {
  OpsCashierReportQuerySchema,
  OpsCashierReportSchema,
  OpsDailyReportQuerySchema,
  OpsDailyReportSchema,
  OpsDashboardSchema,
  OPS_API,
} from '@platform/contracts';
import { sendCsv } from '../../lib/csv';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { ReportsService } from './reports.service';

/** Staff API (issue 7): the dashboard and the reports with their CSV exports. Read-only. */
export const reportsRoutes = async (
  app: FastifyInstance,
  { reports, staff }: { reports: ReportsService; staff: StaffAuth },
) => {
  app.get(OPS_API.dashboard, async (request) => {
    const caller = await staff.requireStaff(request, 'dashboard.view');
    return success(OpsDashboardSchema, await reports.dashboard(caller.merchant));
  });

  app.get(OPS_API.reportDaily, async (request) => {
    const caller = await staff.requireStaff(request, 'reports.view');
    const query = parseInput(OpsDailyReportQuerySchema, request.query, 'report period');
    return success(OpsDailyReportSchema, await reports.dailyReport(caller.merchant, query));
  });

  app.get(OPS_API.reportDailyCsv, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'reports.view');
    const query = parseInput(OpsDailyReportQuerySchema, request.query, 'report period');
    const { body, truncated } = await reports.dailyCsv(caller.merchant, query);
    return sendCsv(reply, `daily-${caller.merchant.code}-${query.from}-${query.to}.csv`, body, { truncated });
  });

  app.get(OPS_API.reportCashier, async (request) => {
    const caller = await staff.requireStaff(request, 'reports.view');
    const query = parseInput(OpsCashierReportQuerySchema, request.query, 'report period');
    return success(OpsCashierReportSchema, await reports.cashierReport(caller.merchant, query));
  });

  app.get(OPS_API.reportCashierCsv, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'reports.view');
    const query = parseInput(OpsCashierReportQuerySchema, request.query, 'report period');
    const { body, truncated } = await reports.cashierCsv(caller.merchant, query);
    return sendCsv(reply, `cashier-${caller.merchant.code}-${query.from}-${query.to}.csv`, body, { truncated });
  });
};
