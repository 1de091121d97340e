import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { sendCsv } from '../../../lib/csv';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../staff';
import type { ReportsService } from './reports.service';

/** Staff API (issue 7): the dashboard and the reports with their CSV exports. Read-only. */
export const reportsRoutes = async (
  app: FastifyInstance,
  { reports, staff }: { reports: ReportsService; staff: StaffAuth },
) => {
  const viewer = (request: FastifyRequest) => staff.requireStaff(request, 'reports.view');
  const what = { query: 'report period' };

  route(app, 'GET', OPS_API.dashboard, {
    guard: (request) => staff.requireStaff(request, 'dashboard.view'),
    handler: async ({ caller }) => reports.dashboard(caller.merchant),
  });

  route(app, 'GET', OPS_API.reportDaily, {
    guard: viewer,
    what,
    handler: async ({ caller, query }) => reports.dailyReport(caller.merchant, query),
  });

  route(app, 'GET', OPS_API.reportDailyCsv, {
    guard: viewer,
    what,
    handler: async ({ caller, query, reply }) => {
      const { body, truncated } = await reports.dailyCsv(caller.merchant, query);
      return sendCsv(reply, `daily-${caller.merchant.code}-${query.from}-${query.to}.csv`, body, { truncated });
    },
  });

  route(app, 'GET', OPS_API.reportCashier, {
    guard: viewer,
    what,
    handler: async ({ caller, query }) => reports.cashierReport(caller.merchant, query),
  });

  route(app, 'GET', OPS_API.reportCashierCsv, {
    guard: viewer,
    what,
    handler: async ({ caller, query, reply }) => {
      const { body, truncated } = await reports.cashierCsv(caller.merchant, query);
      return sendCsv(reply, `cashier-${caller.merchant.code}-${query.from}-${query.to}.csv`, body, { truncated });
    },
  });
};
