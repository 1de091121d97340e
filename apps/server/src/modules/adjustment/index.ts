import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { MemberRow } from '../identity';
import type { StaffAuth } from '../staff';
import type { WalletService } from '../wallet';
import { adjustmentRepository } from './adjustment.repository';
import { adjustmentRoutes } from './adjustment.routes';
import { adjustmentServiceFactory } from './adjustment.service';

export type { AdjustmentService } from './adjustment.service';

export type AdjustmentModuleDeps = {
  db: Database;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
  findMember: (merchantId: number, username: string) => Promise<MemberRow | undefined>;
  now: Clock;
};

/** Manual balance adjustments with a second approval above the merchant's threshold (issue 7). */
export const createAdjustmentModule = (deps: AdjustmentModuleDeps) => {
  const service = adjustmentServiceFactory({
    repository: adjustmentRepository(deps.db),
    transaction: (fn) => deps.db.transaction((tx) => fn(adjustmentRepository(tx), tx)),
    wallet: deps.wallet,
    findMember: deps.findMember,
    now: deps.now,
  });
  return {
    service,
    routes: (options: { staff: StaffAuth }) => async (app: FastifyInstance) => {
      await app.register(adjustmentRoutes, { adjustments: service, staff: options.staff });
    },
  };
};

export type AdjustmentModule = ReturnType<typeof createAdjustmentModule>;
