import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { StaffAuth } from '../staff';
import { reportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { reportsServiceFactory } from './reports.service';

export type { ReportsService } from './reports.service';
export { DASHBOARD_CACHE_MS } from './reports.service';

/** Back-office dashboard and reports (issue 7): read-only figures from orders, rounds, members and logins. */
export const createReportsModule = ({ db, now }: { db: Queryable; now: Clock }) => {
  const service = reportsServiceFactory({ repository: reportsRepository(db), now });
  return {
    service,
    routes: (options: { staff: StaffAuth }) => async (app: FastifyInstance) => {
      await app.register(reportsRoutes, { reports: service, staff: options.staff });
    },
  };
};
