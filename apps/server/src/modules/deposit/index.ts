import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Merchant } from '../merchant';
import type { RateLimiter } from '../rate-limit';
import type { MemberContexts } from '../cashier';
import type { StaffAuth } from '../staff';
import type { WalletService } from '../wallet';
import { channelOpsRoutes } from './channel-ops.routes';
import { channelOpsServiceFactory } from './channel-ops.service';
import { depositOpsRoutes } from './deposit-ops.routes';
import { depositJobs } from './deposit.jobs';
import { depositRepository } from './deposit.repository';
import { depositRoutes, type DepositRoutesOptions } from './deposit.routes';
import { depositServiceFactory, type DepositServiceDeps } from './deposit.service';
import type { PaymentGateway } from './payment-gateway';

export type { CreatedPayment, CreatePaymentInput, PaymentGateway, PaymentNotification } from './payment-gateway';
export type { DepositService } from './deposit.service';
export { CREATE_ORDER_RULE } from './deposit.service';

export type DepositModuleDeps = {
  db: Database;
  wallet: WalletService;
  limiter: RateLimiter;
  now: Clock;
  /** The online gateways by code; a GATEWAY channel whose gateway is not here is unavailable. */
  gateways: readonly PaymentGateway[];
  merchantById: (id: number) => Promise<Merchant>;
  findMember: (merchantId: number, username: string) => Promise<{ id: bigint } | undefined>;
  /** The member context each queued order carries (modules/cashier). */
  memberContexts: MemberContexts;
  bus: DepositServiceDeps['bus'];
};

/** Deposits (issue 4, member centre depositv2): channels, orders, gateway notifications and the staff queue. */
export const createDepositModule = (deps: DepositModuleDeps) => {
  const service = depositServiceFactory({
    repository: depositRepository(deps.db),
    wallet: deps.wallet,
    limiter: deps.limiter,
    now: deps.now,
    gateways: new Map(deps.gateways.map((gateway) => [gateway.code, gateway])),
    merchantById: deps.merchantById,
    findMember: deps.findMember,
    transaction: (fn) => deps.db.transaction((tx) => fn(depositRepository(tx), tx)),
    memberContexts: deps.memberContexts,
    bus: deps.bus,
  });
  const channels = channelOpsServiceFactory({ db: deps.db, gateways: deps.gateways.map((gateway) => gateway.code) });
  return {
    service,
    /** Expiry and interrupted credits, for the job registry. */
    jobs: depositJobs(service),
    routes:
      (options: Omit<DepositRoutesOptions, 'deposits'> & { staff: StaffAuth }) => async (app: FastifyInstance) => {
        const { auth, merchantOf, ownsHost } = options;
        await app.register(depositRoutes, { deposits: service, auth, merchantOf, ownsHost });
        await app.register(depositOpsRoutes, { deposits: service, staff: options.staff });
        await app.register(channelOpsRoutes, { channels, staff: options.staff });
      },
  };
};

export type DepositModule = ReturnType<typeof createDepositModule>;
