import { every, type JobContext, type JobDefinition } from '../../platform/jobs';
import type { BonusWalletService } from './bonus-wallet.service';

/**
 * `bonus-wallet.sweep`: each minute, expires the grants past their expiry and converts the ready grants that no
 * vendor call converted (a conversion that failed after its call). Idempotent: a closed grant is never closed again.
 */
export const bonusWalletJobs = (service: Pick<BonusWalletService, 'sweep'>): JobDefinition[] => [
  {
    name: 'bonus-wallet.sweep',
    schedule: every(1, 'minutes'),
    run: async ({ signal }: JobContext) => service.sweep(signal),
  },
];
