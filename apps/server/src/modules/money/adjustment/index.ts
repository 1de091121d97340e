import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { MemberRow } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import type { WalletService } from '../wallet';
import { adjustmentRepository } from './adjustment.repository';
import { adjustmentRoutes } from './adjustment.routes';
import { adjustmentApplyFactory } from './adjustment-apply';
import { adjustmentStaffServiceFactory, type AdjustmentServiceDeps } from './adjustment-staff.service';

export type { AdjustmentService } from './adjustment-staff.service';

export type AdjustmentModuleDeps = {
  db: Database;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
  findMember: (merchantId: number, username: string) => Promise<MemberRow | undefined>;
  now: Clock;
};

/** Manual balance adjustments with a second approval above the merchant's threshold (issue 7). */
export const createAdjustmentModule = (deps: AdjustmentModuleDeps) => {
  const repository = adjustmentRepository(deps.db);
  const transaction: AdjustmentServiceDeps['transaction'] = (fn) =>
    deps.db.transaction((tx) => fn(adjustmentRepository(tx), tx));
  const service = adjustmentStaffServiceFactory({
    ...{ repository, transaction, findMember: deps.findMember, now: deps.now },
    apply: adjustmentApplyFactory({ repository, transaction, wallet: deps.wallet }),
  });
  return {
    service,
    routes: (options: { staff: StaffAuth }) => async (app: FastifyInstance) => {
      await app.register(adjustmentRoutes, { adjustments: service, staff: options.staff });
    },
  };
};

export type AdjustmentModule = ReturnType<typeof createAdjustmentModule>;
