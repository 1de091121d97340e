import type { FastifyInstance } from 'fastify';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { bonusWalletJobs } from './bonus-wallet.jobs';
import { bonusWalletRoutes } from './bonus-wallet.routes';
import { bonusWalletServiceFactory, type BonusWalletDeps } from './bonus-wallet.service';

export type { GrantRow } from './bonus-wallet.repository';
export { grantWire } from './bonus-wallet.routes';
export {
  MAX_TURNOVER_MULTIPLE,
  requiredTurnover,
  type BonusGranted,
  type BonusWalletService,
  type GrantTerms,
} from './bonus-wallet.service';

/**
 * The bonus wallet (issue 20, DESIGN.md §13, ADR 0034; owns bonus_grants and bonus_stakes). Grants and their closing
 * go through `service`; the seamless wallet spends, pays and refunds bonus money inside its own call through the SQL
 * functions of sql/bonus-wallet.sql, and asks `service.convert` after a call leaves a grant ready.
 *
 * Hook for messages: pass `onGranted` (a "bonus granted" notice); the messages module is not a dependency here.
 */
export const createBonusWalletModule = (deps: BonusWalletDeps) => {
  const service = bonusWalletServiceFactory(deps);
  return {
    service,
    jobs: bonusWalletJobs(service),
    routes:
      (options: { auth: Pick<Auth, 'requireMember'>; merchantOf: MerchantResolver }) => async (app: FastifyInstance) =>
        bonusWalletRoutes(app, { service, ...options }),
  };
};

export type BonusWalletModule = ReturnType<typeof createBonusWalletModule>;
