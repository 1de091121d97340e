import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { MemberContexts } from '../cashier';
import type { Auth, MemberRow, MerchantResolver, Session } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import type { SealedService } from '../../identity/sealed';
import type { StaffAuth } from '../../operations/staff';
import type { WalletService } from '../wallet';
import { settleWithdrawals, withdrawJobs } from './withdraw.jobs';
import { withdrawRepository } from './withdraw.repository';
import { withdrawRoutes } from './withdraw.routes';
import { withdrawMemberServiceFactory, type BeforeWithdraw, type LevelLimits } from './withdraw-member.service';
import { withdrawOpsRoutes } from './withdraw-ops.routes';
import { withdrawSettingsOpsRoutes } from './withdraw-settings-ops.routes';
import { withdrawSettingsOpsServiceFactory } from './withdraw-settings-ops.service';
import { withdrawSettlementFactory } from './withdraw-settlement';
import { withdrawStaffServiceFactory } from './withdraw-staff.service';

export type WithdrawModuleDeps = {
  db: Database;
  wallet: WalletService;
  now: Clock;
  members: {
    byId: (merchantId: number, memberId: bigint) => Promise<MemberRow | undefined>;
    byUsername: (merchantId: number, username: string) => Promise<MemberRow | undefined>;
  };
  checkPaymentPassword: (session: Session, password: string) => Promise<void>;
  /** The member context each queued order carries (modules/cashier). */
  memberContexts: MemberContexts;
  /** Tells the member's open pages (realtime `cashier.order`) once a decision or an automatic receipt committed. */
  bus: Pick<EventBus, 'emit'>;
  merchantById: (id: number) => Promise<Merchant>;
  /** The bonus wallet's withdrawal rule (withdraw-member.service.ts BeforeWithdraw). */
  beforeWithdraw?: BeforeWithdraw;
  /** The member's VIP level's daily withdrawal limits (engagement/vip withdrawLimitsOf). */
  levelLimits?: LevelLimits;
};

/**
 * Withdrawals (issue 4): bound payout accounts, requests that hold money (CASH → FROZEN), staff payout or release,
 * the member's receipt confirmation with proofs, and the job that completes interrupted holds and decisions and
 * marks unconfirmed payouts as received.
 */
export const createWithdrawModule = (deps: WithdrawModuleDeps) => {
  const { db, now, wallet, members } = deps;
  const repo = withdrawRepository(db);
  const settlement = withdrawSettlementFactory({ repo, wallet, bus: deps.bus });
  const member = withdrawMemberServiceFactory({
    ...{ repo, wallet, now, members, settlement },
    checkPaymentPassword: deps.checkPaymentPassword,
    ...(deps.beforeWithdraw === undefined ? {} : { beforeWithdraw: deps.beforeWithdraw }),
    ...(deps.levelLimits === undefined ? {} : { levelLimits: deps.levelLimits }),
  });
  const staffService = withdrawStaffServiceFactory({
    ...{ repo, now, members, settlement, memberContexts: deps.memberContexts },
    transaction: (fn) => db.transaction(fn),
  });
  const settings = withdrawSettingsOpsServiceFactory({ db });
  return {
    routes:
      (options: { auth: Auth; merchantOf: MerchantResolver; sealed: Pick<SealedService, 'open'>; staff: StaffAuth }) =>
      async (app: FastifyInstance) => {
        const { auth, merchantOf, sealed, staff } = options;
        await app.register(withdrawRoutes, { withdraw: member, auth, merchantOf, sealed });
        await app.register(withdrawOpsRoutes, { withdraw: staffService, staff });
        await app.register(withdrawSettingsOpsRoutes, { settings, staff });
      },
    /** Completing interrupted orders and automatic confirmation, for the job registry. */
    jobs: withdrawJobs(settleWithdrawals({ repo, now, settlement, merchantById: deps.merchantById })),
  };
};

export type WithdrawModule = ReturnType<typeof createWithdrawModule>;
