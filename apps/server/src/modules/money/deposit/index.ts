import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { Merchant } from '../../platform/merchant';
import type { RateLimiter } from '../../platform/rate-limit';
import type { MemberContexts } from '../cashier';
import type { StaffAuth } from '../../operations/staff';
import type { WalletService } from '../wallet';
import { channelOpsRoutes } from './channel-ops.routes';
import { channelOpsServiceFactory } from './channel-ops.service';
import { depositCreditFactory, type DepositPromotion } from './deposit-credit';
import { depositMemberServiceFactory, type DepositMemberService } from './deposit-member.service';
import { depositOpsRoutes } from './deposit-ops.routes';
import { depositStaffServiceFactory, type DepositStaffService } from './deposit-staff.service';
import { depositJobs, depositJobWork } from './deposit.jobs';
import { depositRepository } from './deposit.repository';
import { depositRoutes, type DepositRoutesOptions } from './deposit.routes';
import type { PaymentGateway } from './payment-gateway';

export type { CreatedPayment, CreatePaymentInput, PaymentGateway, PaymentNotification } from './payment-gateway';
export type { DepositMemberService } from './deposit-member.service';
export type { DepositPromotion } from './deposit-credit';
export type { DepositStaffService } from './deposit-staff.service';
export { CREATE_ORDER_RULE } from './deposit-member.service';
/** The member's and staff's deposit calls together. */
export type DepositService = DepositMemberService & DepositStaffService;

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
  /** Tells the member's open pages (realtime `cashier.order`) once a decision or a payment committed. */
  bus: Pick<EventBus, 'emit'>;
  /** Deposit bonuses (engagement/promotions), wired in platform-modules. */
  promotion?: DepositPromotion;
};

/** Deposits (issue 4, member centre depositv2): channels, orders, gateway notifications and the staff queue. */
export const createDepositModule = (deps: DepositModuleDeps) => {
  const { now } = deps;
  const repository = depositRepository(deps.db);
  const credit = depositCreditFactory({
    ...{ repository, wallet: deps.wallet, bus: deps.bus },
    ...(deps.promotion === undefined ? {} : { promotion: deps.promotion }),
  });
  const member = depositMemberServiceFactory({
    ...{ repository, now, credit, limiter: deps.limiter },
    gateways: new Map(deps.gateways.map((gateway) => [gateway.code, gateway])),
  });
  const staffService = depositStaffServiceFactory({
    ...{ repository, now, credit, findMember: deps.findMember, memberContexts: deps.memberContexts },
    transaction: (fn) => deps.db.transaction((tx) => fn(depositRepository(tx), tx)),
  });
  const service: DepositService = { ...member, ...staffService };
  const channels = channelOpsServiceFactory({ db: deps.db, gateways: deps.gateways.map((gateway) => gateway.code) });
  return {
    service,
    /** Expiry and interrupted credits, for the job registry. */
    jobs: depositJobs(depositJobWork({ repository, now, credit, merchantById: deps.merchantById })),
    routes:
      (options: Omit<DepositRoutesOptions, 'deposits'> & { staff: StaffAuth }) => async (app: FastifyInstance) => {
        const { auth, merchantOf, ownsHost } = options;
        await app.register(depositRoutes, { deposits: member, auth, merchantOf, ownsHost });
        await app.register(depositOpsRoutes, { deposits: staffService, staff: options.staff });
        await app.register(channelOpsRoutes, { channels, staff: options.staff });
      },
  };
};

export type DepositModule = ReturnType<typeof createDepositModule>;
