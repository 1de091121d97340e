import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { StaffAuth } from '../../operations/staff';
import { lotteryAdminClient, type LotteryAdminClientDeps } from './lottery-admin.client';
import { lotteryOpsRoutes } from './lottery-ops.routes';

/**
 * The lottery back office (issue 23, ADR 0048): staff screens in the platform's back office over the RGS's lottery
 * admin API, which the platform calls as the merchant (signed with its LOTT secret) and audits.
 */
export const createLotteryOpsModule = (deps: {
  db: Database;
  now: Clock;
  vendorSecret: LotteryAdminClientDeps['vendorSecret'];
  selfUrl: () => string | undefined;
  fetch?: typeof fetch;
}) => {
  const client = lotteryAdminClient(deps);
  return {
    client,
    routes:
      ({ staff }: { staff: StaffAuth }) =>
      async (app: FastifyInstance) => {
        await app.register(lotteryOpsRoutes, { client, staff, db: deps.db });
      },
  };
};
