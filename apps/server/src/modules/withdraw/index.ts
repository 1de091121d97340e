import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Auth, MerchantResolver } from '../identity';
import type { Merchant } from '../merchant';
import type { SealedService } from '../sealed';
import type { StaffAuth } from '../staff';
import { withdrawJobs } from './withdraw.jobs';
import { withdrawRepository } from './withdraw.repository';
import { withdrawRoutes } from './withdraw.routes';
import { withdrawServiceFactory, type WithdrawServiceDeps } from './withdraw.service';
import { withdrawSettingsOpsRoutes } from './withdraw-settings-ops.routes';
import { withdrawSettingsOpsServiceFactory } from './withdraw-settings-ops.service';

export type WithdrawModuleDeps = Omit<WithdrawServiceDeps, 'repo' | 'transaction'> & {
  db: Database;
  merchantById: (id: number) => Promise<Merchant>;
};

/**
 * Withdrawals (issue 4): bound payout accounts, requests that hold money (CASH → FROZEN), staff payout or release,
 * the member's receipt confirmation with proofs, and the job that completes interrupted holds and decisions and
 * marks unconfirmed payouts as received.
 */
export const createWithdrawModule = (deps: WithdrawModuleDeps) => {
  const service = withdrawServiceFactory({
    ...deps,
    repo: withdrawRepository(deps.db),
    transaction: (fn) => deps.db.transaction(fn),
  });
  const settings = withdrawSettingsOpsServiceFactory({ db: deps.db });
  return {
    service,
    routes:
      (options: { auth: Auth; merchantOf: MerchantResolver; sealed: Pick<SealedService, 'open'>; staff: StaffAuth }) =>
      async (app: FastifyInstance) => {
        await app.register(withdrawRoutes, { ...options, withdraw: service });
        await app.register(withdrawSettingsOpsRoutes, { settings, staff: options.staff });
      },
    /** Completing interrupted orders and automatic confirmation, for the job registry. */
    jobs: withdrawJobs((batch) => service.runJob(deps.merchantById, batch)),
  };
};

export type WithdrawModule = ReturnType<typeof createWithdrawModule>;
