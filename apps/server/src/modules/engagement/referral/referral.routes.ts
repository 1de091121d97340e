import type { FastifyInstance } from 'fastify';
import { formatMoney, REFERRAL_API, REFERRAL_OPS_API, type ReferralSettings } from '@platform/contracts';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { parseFieldAmount } from '../../money/wallet';
import { recordAudit } from '../../operations/audit';
import type { StaffAuth } from '../../operations/staff';
import type { Merchant } from '../../platform/merchant';
import type { RewardsQueries } from '../rewards';
import { referralRepository, type ReferralSettingsRow } from './referral.repository';
import { settingsWire, type ReferralService } from './referral.service';

/**
 * An amount of the form, named in the answer so the form shows the message under its field. Zero is a valid term here
 * (no deposit or valid-bet threshold, no reward per friend: the table allows it and the jobs skip a zero reward), where
 * a payment's amount would refuse it.
 */
const amountIn = (text: string, merchant: Merchant, path: string): bigint => {
  if (/^0+(\.0+)?$/.test(text.trim())) return 0n;
  return parseFieldAmount(text, merchant, path);
};

const settingsOf = (input: ReferralSettings, merchant: Merchant): ReferralSettingsRow => ({
  enabled: input.enabled,
  minDepositMinor: amountIn(input.minDeposit, merchant, 'minDeposit'),
  minValidBetMinor: amountIn(input.minValidBet, merchant, 'minValidBet'),
  windowDays: input.windowDays,
  rewardMinor: amountIn(input.reward, merchant, 'reward'),
  shareBp: Math.round(Number(input.sharePercent) * 100),
});

/** The member's referral page (spec §2 `referral`), and the back office's settings and cost report (issue 21). */
export const referralRoutes = async (
  app: FastifyInstance,
  options: {
    db: Database;
    now: Clock;
    service: ReferralService;
    queries: Pick<RewardsQueries, 'cost'>;
    auth: Pick<Auth, 'requireMember'>;
    merchantOf: MerchantResolver;
    staff: StaffAuth;
  },
) => {
  const { db, now, service, queries, auth, merchantOf, staff } = options;
  route(app, 'GET', REFERRAL_API.state, {
    guard: auth.requireMember,
    handler: async ({ caller, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      return service.state(await merchantOf(request), caller.memberId);
    },
  });

  const manage = (request: Parameters<StaffAuth['requireStaff']>[0]) =>
    staff.requireStaff(request, 'promotions.manage');
  route(app, 'GET', REFERRAL_OPS_API.referralSettings, {
    guard: manage,
    handler: async ({ caller }) =>
      settingsWire(await referralRepository(db).settings(caller.merchant.id), caller.merchant.currencyScale),
  });

  route(app, 'PUT', REFERRAL_OPS_API.referralSettings, {
    guard: manage,
    what: { body: 'referral settings' },
    handler: async ({ caller, body }) => {
      const next = settingsOf(body, caller.merchant);
      const scale = caller.merchant.currencyScale;
      return db.transaction(async (tx) => {
        const repo = referralRepository(tx);
        const before = settingsWire(await repo.settings(caller.merchant.id), scale);
        await repo.saveSettings(caller.merchant.id, next, caller.staff, new Date(now()));
        const after = settingsWire(next, scale);
        await recordAudit(tx, caller, {
          ...{ action: 'referral.settings', targetType: 'referral', targetId: caller.merchant.id },
          ...{ before, after },
        });
        return after;
      });
    },
  });

  route(app, 'GET', REFERRAL_OPS_API.engagementCost, {
    guard: (request) => staff.requireStaff(request, 'reports.view'),
    handler: async ({ caller, query }) => {
      const scale = caller.merchant.currencyScale;
      const rows = await queries.cost(caller.merchant.id, ['REFERRAL', 'RAFFLE'], query.from, query.to);
      return {
        rows: rows.map((r) => ({
          kind: r.kind as 'REFERRAL' | 'RAFFLE',
          offered: formatMoney(r.offeredMinor, scale),
          paid: formatMoney(r.paidMinor, scale),
          count: r.count,
          paidCount: r.paidCount,
        })),
      };
    },
  });
};
