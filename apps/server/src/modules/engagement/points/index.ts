import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { MemberValidBet } from '../../games/play-stats';
import type { Auth, MerchantResolver, Session } from '../../identity/identity';
import type { SealedService } from '../../identity/sealed';
import { recordAudit } from '../../operations/audit';
import type { StaffAuth } from '../../operations/staff';
import type { JobDefinition } from '../../platform/jobs';
import type { Merchant } from '../../platform/merchant';
import type { RateLimiter } from '../../platform/rate-limit';
import type { BonusWalletService } from '../bonus-wallet';
import { pointsEarnJob } from './points-earn';
import { pointsLedger, type PointsWallet } from './points.ledger';
import { pointsOpsServiceFactory } from './points-ops.service';
import { pointsRepository } from './points.repository';
import { pointsOpsRoutes, pointsRoutes } from './points.routes';
import { pointsServiceFactory } from './points.service';

export { earnKey, pointsFor, rateFor } from './points-earn';
export { POINTS_SOURCE } from './points.ledger';
export { POINTS_SPEND_RATE_RULE } from './points.routes';
export type { PointsService } from './points.service';

export type PointsModuleDeps = {
  db: Database;
  now: Clock;
  wallet: PointsWallet;
  bonus: Pick<BonusWalletService, 'grant'>;
  checkPaymentPassword: (session: Session, password: string) => Promise<void>;
  play: {
    validBetByGameType: (m: number, from: string, to: string, member?: bigint | null) => Promise<MemberValidBet[]>;
  };
  vip: { levelsOf: (merchantId: number, memberIds: readonly bigint[]) => Promise<Map<bigint, number>> };
  merchantById: (merchantId: number) => Promise<Merchant>;
};

/**
 * The points mall (issue 21, ADR 0046; owns points_settings, points_rates, mall_items, mall_redemptions,
 * points_conversions): points earned on valid bet into a POINTS ledger account that never expires (job `points.earn`),
 * the catalogue with stock, redemptions and conversions with the payment password (sealed), staff fulfilment, and
 * `creditReward`, the reward centre's port for rewards paid in points.
 */
export const createPointsModule = (deps: PointsModuleDeps) => {
  const repo = pointsRepository(deps.db);
  const ledger = pointsLedger(deps.wallet);
  const service = pointsServiceFactory({ repo, ledger, ...deps });
  const ops = pointsOpsServiceFactory({
    ...{ repo, now: deps.now, audit: recordAudit, refund: service.refund },
    isSpent: (merchantId, id) => ledger.isPosted(merchantId, `mall-redeem:${id}`),
  });
  const earn = pointsEarnJob({ ...deps, repo, ledger, refund: service.refund });
  const jobs: JobDefinition[] = [
    // Hourly, after play statistics' hourly sweep (minute 7) and the rebate (minute 20).
    { name: 'points.earn', schedule: '0 25 * * * *', run: async ({ signal }) => earn(signal) },
  ];
  return {
    service,
    ops,
    jobs,
    routes:
      (options: {
        auth: Pick<Auth, 'requireMember'>;
        merchantOf: MerchantResolver;
        limiter: RateLimiter;
        sealed: Pick<SealedService, 'open'>;
        staff: StaffAuth;
      }) =>
      async (app: FastifyInstance) => {
        await pointsRoutes(app, { service, ...options });
        await pointsOpsRoutes(app, { ops, staff: options.staff });
      },
  };
};

export type PointsModule = ReturnType<typeof createPointsModule>;
